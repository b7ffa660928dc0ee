// @vitest-environment jsdom
/** "A new version is ready - Reload" (issue 31): shown only once a release waits, in a live region that is always there. */
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UPDATE_READY_TEXT, UpdatePrompt } from '../../../../src/web/app/shell/UpdatePrompt';
import { updateState } from '../../../../src/web/lib/service-worker';
import { renderWithApp } from '../../helpers/render';

afterEach(() => {
  cleanup();
  updateState.set(false);
});

describe('UpdatePrompt', () => {
  it('says nothing until a new version waits, then offers Reload in the live region', () => {
    renderWithApp(<UpdatePrompt />);
    const region = screen.getByTestId('update-region');
    expect(region.textContent).toBe('');
    act(() => updateState.set(true));
    expect(region.textContent).toContain(UPDATE_READY_TEXT);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('the store tells each listener once per change', () => {
    const seen: boolean[] = [];
    const stop = updateState.subscribe(() => seen.push(updateState.ready()));
    updateState.set(true);
    updateState.set(true);
    updateState.set(false);
    stop();
    updateState.set(true);
    expect(seen).toEqual([true, false]);
  });
});
