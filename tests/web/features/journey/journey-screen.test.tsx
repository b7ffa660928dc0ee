// @vitest-environment jsdom
/**
 * The Journey details screen on real planned journeys: our planner's CLI over the Porto Alegre
 * test region (the one region in our data with a street network, so steps carry turn-by-turn
 * directions and elevations), run in a child process as the Results test does for Tayside.
 * The API calls go to an in-memory store that records them.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { brandSchema, mergeBrandConfig, type Brand } from '../../../../src/contract/brand';
import { journeySchema, type Journey } from '../../../../src/contract/journey';
import { JourneyScreen, JourneyServicesProvider, type JourneyServices } from '../../../../src/web/features/journey';
import { instructionText, milesText } from '../../../../src/web/features/journey/details-format';
import { SUCCESS_TIMEOUT_MS } from '../../../../src/web/lib/auth';
import { BrandProvider } from '../../../../src/web/lib/brand';
import { journeyQueryKey } from '../../../../src/web/lib/journey-key';
import type { JourneySearch } from '../../../../src/web/lib/search-params';

const repo = path.resolve(__dirname, '../../../..');
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(repo, 'brands', file), 'utf8'));
const brand = (key: string): Brand =>
  brandSchema.parse(mergeBrandConfig(readJson('default.json'), readJson(`${key}/brand.json`)));
const HASH = 'b'.repeat(32);

let planned: Journey[];
beforeAll(async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    // Midday: the EPTC sample feed runs from 11:00, and the planner offers buses within 2 hours of the time asked.
    [
      '--import',
      'tsx',
      'src/planner/cli/main.ts',
      'plan',
      '--from=-30.0277,-51.2287',
      '--to=-30.0346,-51.2090',
      '--depart',
      '2019-05-06T12:00',
      '--manifest',
      'tests/regions/porto-alegre.json',
      '--json',
    ],
    { cwd: repo, maxBuffer: 256 * 1024 * 1024 },
  );
  planned = (JSON.parse(stdout) as { journeys: unknown[] }).journeys.map((journey) => journeySchema.parse(journey));
  expect(planned.length).toBeGreaterThan(1);
}, 180_000);
afterEach(() => {
  cleanup();
  document.cookie = 'user-token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

function store(journeys: Journey[]) {
  const calls: string[] = [];
  const services: JourneyServices = {
    getJourney: async (hash, id) => {
      calls.push(`get ${id}`);
      const found = hash === HASH ? journeys.find((j) => j.id === id) : undefined;
      if (!found) throw new Error('Journey not found.');
      return found;
    },
    markViewed: async (id) => void calls.push(`viewed ${id}`),
    saveJourney: async (id) => void calls.push(`save ${id}`),
  };
  return { services, calls };
}

function renderJourney(
  journey: Journey,
  options: { brand?: Brand; services: JourneyServices; search?: JourneySearch; client?: QueryClient },
) {
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => <JourneyScreen hash={HASH} journeyId={journey.id} search={options.search ?? {}} />,
    }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return render(
    <BrandProvider brand={options.brand ?? brand('regional')}>
      <MantineProvider env="test">
        <QueryClientProvider client={options.client ?? newClient()}>
          <JourneyServicesProvider services={options.services}>
            <RouterProvider router={router as never} />
          </JourneyServicesProvider>
        </QueryClientProvider>
      </MantineProvider>
    </BrandProvider>,
  );
}

/** The journey renders as deferred work (JourneyQueryState): on a loaded machine, more than findBy's default second. */
const FIRST_RENDER = { timeout: 5000 };

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

const fact = (label: string) => screen.getAllByText(label, { selector: 'dt' })[0]!.nextElementSibling!.textContent;
const transitWithDirections = () =>
  planned.find((j) => j.transport_mode === 'transit' && j.depart.steps.some((s) => s.directions.length > 0))!;

describe('Journey details', () => {
  it("shows the summary of the fetched journey, sends one viewed call, opens the pricing breakdown and toggles a step's instructions", async () => {
    const journey = transitWithDirections();
    const { services, calls } = store(planned);
    renderJourney(journey, { services });
    await screen.findByRole('heading', { level: 2, name: 'Journey Details' }, FIRST_RENDER);
    expect(fact('Price')).toBe(journey.cost);
    expect(fact('Duration')).toBe(journey.duration.text);
    expect(fact('Emissions')).toBe(`${journey.carbon_emission.toFixed(2)} kg CO2`);
    expect(fact('Walking distance')).toBe(milesText(journey.total_walking_distance));
    expect(fact('Depart at')).toBe(journey.depart.departure_at);
    expect(fact('Arrive at')).toBe(journey.depart.arrival_at);
    expect(fact('From')).toBe(journey.origin.label);
    expect(calls.filter((c) => c.startsWith('viewed'))).toEqual([`viewed ${journey.id}`]);

    fireEvent.click(screen.getByRole('button', { name: 'Pricing Breakdown' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pricing Breakdown' });
    for (const item of journey.pricing_breakdown) expect(within(dialog).getByText(item.description)).toBeTruthy();
    // Each priced part says whether it is a published fare or an estimate, with its source.
    const kinds = journey.pricing_breakdown.filter((item) => item.estimated !== undefined).length;
    expect(within(dialog).queryAllByText(/^(Estimate|Published fare)/)).toHaveLength(kinds);

    // The first step with directions: its toggle counts them and lists them as text.
    const step = journey.depart.steps.find((s) => s.directions.length > 0)!;
    const toggle = screen.getAllByRole('button', { name: `Show instructions (${step.directions.length})` })[0]!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.textContent).toBe(`Hide instructions (${step.directions.length})`);
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(list).getAllByRole('listitem')).toHaveLength(step.directions.length);
    expect(list.textContent).toContain(instructionText(step.directions[0]!.html_instructions));
    fireEvent.click(toggle);
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toBeNull();

    // The timeline ends at the destination; anonymous users on a brand with accounts are offered Register.
    expect(screen.getByText('Arrive at the destination')).toBeTruthy();
    expect(screen.queryByText('Attend Appointment')).toBeNull();
    expect(screen.getByRole('link', { name: 'Create account to save journey' }).getAttribute('href')).toBe('/register');
    expect(screen.getByText('Total estimated cost:').textContent).toContain(journey.cost);
  }, 30_000);

  it('offers local taxi operators when the first stage is taxi', async () => {
    const taxi = planned.find((j) => j.depart.stages[0] === 'taxi');
    expect(taxi, 'the planner offers a taxi journey').toBeDefined();
    renderJourney(taxi!, { services: store(planned).services });
    fireEvent.click(await screen.findByRole('button', { name: 'Find local taxi operators' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Local taxi operators' });
    if (taxi!.depart.taxis.length === 0)
      expect(within(dialog).getByText('There are no local taxi operators.')).toBeTruthy();
    else expect(within(dialog).getAllByRole('link')[0]!.getAttribute('href')).toMatch(/^tel:/);
    // The payment methods modal is for transit only.
    expect(screen.queryByRole('button', { name: 'Accepted payment methods' })).toBeNull();
  }, 30_000);

  it('lists NaPTAN taxi ranks near where the taxi starts, as places beside the operators (issue 18)', async () => {
    const taxi = planned.find((j) => j.depart.stages[0] === 'taxi')!;
    const ranks = [
      { name: 'Perth, South Street Taxi Rank (at)', address: 'South Street', lat: 56.395, lng: -3.431, distance: 36 },
    ];
    const withRanks = { ...taxi, depart: { ...taxi.depart, taxi_ranks: ranks } };
    renderJourney(withRanks, { services: store([withRanks, ...planned.filter((j) => j.id !== taxi.id)]).services });
    fireEvent.click(await screen.findByRole('button', { name: 'Find local taxi operators' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Local taxi operators' });
    expect(within(dialog).getByRole('heading', { name: 'Taxi ranks near where the taxi starts' })).toBeTruthy();
    expect(within(dialog).getByText('Perth, South Street Taxi Rank (at), South Street (0.02 miles away)')).toBeTruthy();
  }, 30_000);

  it('saves for a signed-in user: Save Journey becomes a disabled Journey Saved with the message', async () => {
    document.cookie = 'user-token=abc; path=/';
    const journey = transitWithDirections();
    const { services, calls } = store(planned);
    renderJourney(journey, { services });
    fireEvent.click(await screen.findByRole('button', { name: 'Save Journey' }, FIRST_RENDER));
    await screen.findByText('Journey saved');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Journey Saved' }).hasAttribute('disabled')).toBe(true),
    );
    expect(calls).toContain(`save ${journey.id}`);
  }, 30_000);

  it('"Journey saved" vanishes after 10 seconds like the other success messages (SPEC section 9)', async () => {
    document.cookie = 'user-token=abc; path=/';
    renderJourney(transitWithDirections(), { services: store(planned).services });
    const button = await screen.findByRole('button', { name: 'Save Journey' }, FIRST_RENDER);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fireEvent.click(button);
      await screen.findByText('Journey saved');
      await act(() => vi.advanceTimersByTimeAsync(SUCCESS_TIMEOUT_MS - 500));
      expect(screen.getByText('Journey saved')).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(screen.queryByText('Journey saved')).toBeNull();
      // The button keeps saying so.
      expect(screen.getByRole('button', { name: 'Journey Saved' }).hasAttribute('disabled')).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  }, 30_000);

  it('show=true (a saved journey opened from My journeys) makes the fetched journey current over the copy already held', async () => {
    document.cookie = 'user-token=abc; path=/';
    const journey = transitWithDirections();
    // The copy the Results stream (or an earlier visit) left here, before the journey was saved elsewhere.
    const heldCopy = (client: QueryClient) =>
      client.setQueryData(journeyQueryKey(HASH, journey.id), { ...journey, user_status: undefined });
    const saved = store(planned.map((j) => (j.id === journey.id ? { ...j, user_status: 'saved' as const } : j)));

    const plain = newClient();
    heldCopy(plain);
    renderJourney(journey, { services: saved.services, client: plain });
    expect(await screen.findByRole('button', { name: 'Save Journey' }, FIRST_RENDER)).toBeTruthy();
    expect(saved.calls.filter((c) => c.startsWith('get'))).toEqual([]);
    cleanup();

    const shown = newClient();
    heldCopy(shown);
    renderJourney(journey, { services: saved.services, client: shown, search: { show: true } });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Journey Saved' }).hasAttribute('disabled')).toBe(true),
    );
    expect(saved.calls.filter((c) => c.startsWith('get'))).toEqual([`get ${journey.id}`]);
  }, 30_000);

  it('the health brand adds Attend Appointment (1 hour) after arriving, and offers no account', async () => {
    const journey = transitWithDirections();
    renderJourney(journey, { brand: brand('health'), services: store(planned).services });
    await screen.findByText('Attend Appointment', {}, FIRST_RENDER);
    expect(screen.getByText(/^1 hour, until/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create account to save journey' })).toBeNull();
  }, 30_000);

  it('says so when the journey cannot be loaded', async () => {
    renderJourney({ ...transitWithDirections(), id: 'missing' }, { services: store(planned).services });
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
  }, 30_000);
});
