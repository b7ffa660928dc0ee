// @vitest-environment jsdom
/**
 * Issue 20: a journey planned on the device, offline, cannot be saved as it is (the server does
 * not know it). Offline the save bar says saving needs a connection; when the signal is back it
 * offers to plan the search online and opens the new search's results, where saving works.
 */
import { onlineManager } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { JourneyServicesProvider, type JourneyServices } from '../../../../src/web/features/journey';
import { DeviceSaveOffer } from '../../../../src/web/features/journey/DeviceSaveOffer';
import { DEVICE_SAVE } from '../../../../src/web/lib/device-planner/device-searches';
import { renderWithApp } from '../../helpers/render';

const DEVICE_HASH = 'device-0123456789abcdef';

afterEach(() => {
  cleanup();
  act(() => onlineManager.setOnline(true));
});

function renderOffer(planOnline: JourneyServices['planOnline']) {
  const root = createRootRoute({ component: Outlet });
  const journey = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => <DeviceSaveOffer hash={DEVICE_HASH} />,
  });
  const results = createRoute({
    getParentRoute: () => root,
    path: '/search/$hash/results',
    component: () => <p>Results page</p>,
  });
  const router = createRouter({
    routeTree: root.addChildren([journey, results]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const asked: string[] = [];
  const services: JourneyServices = {
    getJourney: async () => Promise.reject(new Error('not used')),
    markViewed: async () => undefined,
    saveJourney: async () => undefined,
    ...(planOnline ? { planOnline: async (hash: string) => (asked.push(hash), planOnline(hash)) } : {}),
  };
  renderWithApp(
    <JourneyServicesProvider services={services}>
      <RouterProvider router={router as never} />
    </JourneyServicesProvider>,
  );
  return { router, asked };
}

describe('saving a journey planned on the device', () => {
  it('says saving needs a connection while offline, and offers to plan online once the signal is back', async () => {
    act(() => onlineManager.setOnline(false));
    const { router, asked } = renderOffer(async () => 'f'.repeat(32));
    expect(await screen.findByText(DEVICE_SAVE.needsSignal)).toBeTruthy();
    expect(screen.queryByRole('button', { name: DEVICE_SAVE.button })).toBeNull();

    act(() => onlineManager.setOnline(true));
    expect((await screen.findByRole('status')).textContent).toBe(DEVICE_SAVE.signalBack);
    expect(screen.queryByText(DEVICE_SAVE.needsSignal)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: DEVICE_SAVE.button }));
    await screen.findByText('Results page');
    expect(asked).toEqual([DEVICE_HASH]);
    expect(router.state.location.pathname).toBe(`/search/${'f'.repeat(32)}/results`);
  });

  it('says so when planning online fails, and the offer stays', async () => {
    renderOffer(async () => Promise.reject(new TypeError('Failed to fetch')));
    fireEvent.click(await screen.findByRole('button', { name: DEVICE_SAVE.button }));
    expect((await screen.findByRole('alert')).textContent).toBe(DEVICE_SAVE.failed);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: DEVICE_SAVE.button }).hasAttribute('disabled')).toBe(false),
    );
  });
});
