// @vitest-environment jsdom
/**
 * The health brand's 'Show me an early / a later return option' (SPEC section 2, issue 29): each goes
 * to the way home just before or after the one shown, from the returns the planner found
 * (journey.return_departures), else a search before or after it, and says so when there is none.
 * The searches are an in-memory store that answers update-return-time with the way home leaving at
 * or after the time asked, as the planner pairs returns.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { brandSchema, mergeBrandConfig, type Brand } from '../../../../src/contract/brand';
import type { Journey } from '../../../../src/contract/journey';
import { BrandProvider } from '../../../../src/web/lib/brand';
import { HealthReturnOptions } from '../../../../src/web/features/journey/HealthReturnOptions';
import { ReturnServicesProvider, type ReturnServices } from '../../../../src/web/features/journey/return-services';
import fixture from './fixtures/dundee-perth-return.json';

const repo = path.resolve(__dirname, '../../../..');
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(repo, 'brands', file), 'utf8'));
const health: Brand = brandSchema.parse(mergeBrandConfig(readJson('default.json'), readJson('health/brand.json')));
const planned = fixture as unknown as Journey; // arrives 09:16; appointment of 1 hour ends 10:16

afterEach(cleanup);

/** Ways home leaving at these times (the day of the fixture), each arriving 35 minutes later. */
function searches(homeTimes: string[], returnTime: string, window = 120) {
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  const asked: string[] = [];
  const byHash = new Map<string, string>([['start', returnTime]]);
  const journeyFor = (returnTime: string): Journey => {
    const from = minutes(returnTime.slice(11, 16));
    // The planner's range search: the returns leaving within the window of the return time, else
    // the first after it (transitPaths).
    const within = homeTimes.filter((t) => minutes(t) >= from && minutes(t) <= from + window);
    const found = within.length ? within : homeTimes.filter((t) => minutes(t) > from + window).slice(0, 1);
    const leaves = found[0];
    return {
      ...planned,
      id: `j-${returnTime}`,
      return: leaves ? { ...planned.return!, departure_at: leaves } : undefined,
      return_departures: found.map((t) => `2026-11-30T${t}`),
    };
  };
  const services: ReturnServices = {
    getSearch: async (hash) => {
      const returnTime = byHash.get(hash) as string;
      return {
        hash,
        return_time: returnTime,
        out_time: '2026/11/30 08:30:00',
        status: 'done',
        failure: null,
        journeys: [journeyFor(returnTime) as never],
      };
    },
    updateReturnTime: async (_hash, returnTime) => {
      asked.push(returnTime);
      const hash = `h${asked.length}`;
      byHash.set(hash, returnTime);
      return hash;
    },
  };
  return { services, asked, shown: journeyFor(returnTime) };
}

function renderOptions(journey: Journey, services: ReturnServices) {
  const root = createRootRoute();
  const journeyRoute = createRoute({
    getParentRoute: () => root,
    path: '/search/$hash/results/$journeyId',
    component: () => <p>{`Journey page ${journeyRoute.useParams().hash}`}</p>,
  });
  const start = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => (
      <HealthReturnOptions
        hash="start"
        journey={journey}
        appointmentMinutes={60}
        onAppointmentMinutesChange={() => {}}
      />
    ),
  });
  const router = createRouter({
    routeTree: root.addChildren([start, journeyRoute]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <BrandProvider brand={health}>
      <MantineProvider env="test">
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ReturnServicesProvider services={services}>
            <RouterProvider router={router as never} />
          </ReturnServicesProvider>
        </QueryClientProvider>
      </MantineProvider>
    </BrandProvider>,
  );
  return router;
}

describe('the health brand early and later return options', () => {
  it('the later option asks for the next way home the planner found, whatever the gap', async () => {
    const { services, asked, shown } = searches(['10:20', '11:05', '13:50'], '2026/11/30 10:16:00');
    const router = renderOptions(shown, services);
    fireEvent.click(await screen.findByRole('button', { name: 'Show me a later return option' }));
    await screen.findByText('Journey page h1');
    // 45 minutes later, not 30: a 30-minute shift would have asked for 10:46 and found the same 11:05 only by luck.
    expect(asked).toEqual(['2026/11/30 11:05:00']);
    expect(router.state.location.state.returnNote).toBe('Your way home now leaves at 11:05.');
  });

  it('past the ways home found, searches after the one shown and goes to the next', async () => {
    const { services, asked, shown } = searches(['10:20', '11:05', '13:50'], '2026/11/30 11:05:00');
    // From 11:05 the range search's window (2 hours) ends at 13:05: 13:50 is not among them.
    renderOptions(shown, services);
    fireEvent.click(await screen.findByRole('button', { name: 'Show me a later return option' }));
    await screen.findByText('Journey page h1');
    expect(asked).toEqual(['2026/11/30 11:06:00']);
  });

  it('says so when there is no later way home', async () => {
    const { services, asked, shown } = searches(['10:20', '11:05'], '2026/11/30 11:05:00');
    renderOptions(shown, services);
    fireEvent.click(await screen.findByRole('button', { name: 'Show me a later return option' }));
    expect(await screen.findByText('There is no later way home than the one at 11:05: this is the last.')).toBeTruthy();
    expect(asked).toEqual(['2026/11/30 11:06:00']);
  });

  it('the early option goes to the way home just before the one shown, searching before it when needed', async () => {
    const { services, asked, shown } = searches(['10:20', '11:05', '12:40', '13:50'], '2026/11/30 13:00:00');
    // Shown: 13:50, from a return time of 13:00 (its window holds 13:50 only).
    renderOptions(shown, services);
    fireEvent.click(await screen.findByRole('button', { name: 'Show me an early return option' }));
    await screen.findByText('Journey page h1');
    // A search over the two hours before 13:50 finds 12:40 (and 13:50), and pairs the one just before it.
    expect(asked).toEqual(['2026/11/30 11:50:00']);
  });

  it('the early option searches from the appointment end when the window before finds none', async () => {
    const { services, asked, shown } = searches(['10:20', '11:05', '15:30'], '2026/11/30 15:00:00');
    renderOptions(shown, services);
    fireEvent.click(await screen.findByRole('button', { name: 'Show me an early return option' }));
    await screen.findByText('Journey page h3');
    // 13:30 to 15:30 holds only 15:30; from 10:16, 11:05 is the one just before it.
    expect(asked).toEqual(['2026/11/30 13:30:00', '2026/11/30 10:16:00', '2026/11/30 11:05:00']);
  });

  it('says so when the way home shown is the earliest after the appointment', async () => {
    const { services, asked, shown } = searches(['10:20', '11:05'], '2026/11/30 10:16:00');
    renderOptions(shown, services);
    fireEvent.click(await screen.findByRole('button', { name: 'Show me an early return option' }));
    expect(
      await screen.findByText(
        'There is no earlier way home after your appointment ends at 10:16: this is the earliest.',
      ),
    ).toBeTruthy();
    expect(asked).toEqual([]);
  });
});
