// @vitest-environment jsdom
/**
 * When the map mounts (issue 32): not while the page is still loading, once its frame is near
 * the screen and the browser idle, and otherwise a few seconds after load.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFSCREEN_DELAY_MS, useMountWhenNear } from '../../../../../src/web/features/journey/map/use-mount-when-near';

let observed: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];

class FakeObserver {
  constructor(private readonly callback: (entries: Array<{ isIntersecting: boolean }>) => void) {}
  observe() {
    observed.push(this.callback);
  }
  disconnect() {
    observed = observed.filter((callback) => callback !== this.callback);
  }
}

function Frame({ whenNear = true }: { whenNear?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const { mount, ask } = useMountWhenNear(ref, { whenNear });
  return (
    <div ref={ref}>
      {mount ? 'map' : 'placeholder'}
      <button type="button" onClick={ask}>
        ask
      </button>
    </div>
  );
}

function setReadyState(state: DocumentReadyState) {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => state });
}

beforeEach(() => {
  vi.useFakeTimers();
  observed = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  vi.stubGlobal('requestIdleCallback', (run: () => void) => window.setTimeout(run, 50));
  vi.stubGlobal('cancelIdleCallback', (id: number) => window.clearTimeout(id));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setReadyState('complete');
});

describe('useMountWhenNear', () => {
  it('waits for the page to load even when the frame is on the screen', () => {
    setReadyState('loading');
    render(<Frame />);
    act(() => observed.forEach((callback) => callback([{ isIntersecting: true }])));
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByText('placeholder')).toBeTruthy();
    setReadyState('complete');
    act(() => void window.dispatchEvent(new Event('load')));
    act(() => void vi.advanceTimersByTime(60));
    expect(screen.getByText('map')).toBeTruthy();
  });

  it('mounts a frame off the screen some seconds after load', () => {
    setReadyState('complete');
    render(<Frame />);
    act(() => observed.forEach((callback) => callback([{ isIntersecting: false }])));
    act(() => void vi.advanceTimersByTime(OFFSCREEN_DELAY_MS - 100));
    expect(screen.getByText('placeholder')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.getByText('map')).toBeTruthy();
  });

  it('mounts as soon as the browser is idle when the frame scrolls near', () => {
    setReadyState('complete');
    render(<Frame />);
    act(() => void vi.advanceTimersByTime(500));
    expect(screen.getByText('placeholder')).toBeTruthy();
    act(() => observed.forEach((callback) => callback([{ isIntersecting: true }])));
    act(() => void vi.advanceTimersByTime(60));
    expect(screen.getByText('map')).toBeTruthy();
  });

  it('without whenNear (the stage page) ignores the screen: mounts when asked, or some seconds after load', () => {
    setReadyState('complete');
    render(<Frame whenNear={false} />);
    act(() => observed.forEach((callback) => callback([{ isIntersecting: true }])));
    act(() => void vi.advanceTimersByTime(OFFSCREEN_DELAY_MS - 100));
    expect(screen.getByText('placeholder')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.getByText('map')).toBeTruthy();
    cleanup();

    render(<Frame whenNear={false} />);
    act(() => void vi.advanceTimersByTime(100));
    expect(screen.getByText('placeholder')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'ask' }).click());
    expect(screen.getByText('map')).toBeTruthy();
  });
});
