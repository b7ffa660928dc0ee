// @vitest-environment jsdom
/**
 * The journey map section, the stage page and the print view on real planned journeys: our
 * planner's CLI over the Porto Alegre test region (streets, directions, toilets, POIs and bus
 * timetables), as the Journey details test does. jsdom has no WebGL, so the map itself says it
 * cannot be drawn and its text alternative stands alone; the browser's map is the e2e test's.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import fs from 'node:fs';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider, useSearch } from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { brandSchema, mergeBrandConfig, type Brand } from '../../../../src/contract/brand';
import { journeySchema, type Journey } from '../../../../src/contract/journey';
import {
  JourneyScreen,
  JourneyServicesProvider,
  PrintScreen,
  type JourneyServices,
} from '../../../../src/web/features/journey';
import { timetableGrid } from '../../../../src/web/features/journey/stage/stage-model';
import { noteScreen, resetScreens } from '../../../../src/web/components/screen-arrival';
import { BrandProvider } from '../../../../src/web/lib/brand';
import { parseJourneySearch, type JourneySearch } from '../../../../src/web/lib/search-params';

const repo = path.resolve(__dirname, '../../../..');
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(repo, 'brands', file), 'utf8'));
const brand = (key: string): Brand =>
  brandSchema.parse(mergeBrandConfig(readJson('default.json'), readJson(`${key}/brand.json`)));
const HASH = 'c'.repeat(32);

async function plan(args: string[]): Promise<Journey[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/planner/cli/main.ts',
      'plan',
      ...args,
      '--manifest',
      'tests/regions/porto-alegre.json',
      '--json',
    ],
    {
      cwd: repo,
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  return (JSON.parse(stdout) as { journeys: unknown[] }).journeys.map((journey) => journeySchema.parse(journey));
}

/** The journey renders as deferred work (JourneyQueryState): on a loaded machine, more than findBy's default second. */
const FIRST_RENDER = { timeout: 5000 };

let transit: Journey;
let toToilets: Journey;
beforeAll(async () => {
  const [single, withReturn] = await Promise.all([
    plan(['--from=-30.0277,-51.2287', '--to=-30.0346,-51.2090', '--depart', '2019-05-06T12:00']),
    // The destination is beside two OSM public toilets in the extract.
    plan([
      '--from=-30.0277,-51.2287',
      '--to=-30.0294,-51.1808',
      '--depart',
      '2019-05-06T08:00',
      '--return',
      '2019-05-06T17:00',
    ]),
  ]);
  transit = single.find((j) => j.depart.steps.some((s) => s.timetable && s.how_to_guide))!;
  toToilets = withReturn.find(
    (j) => j.return && j.depart.destination_toilets.count > 0 && j.depart.steps.some((s) => s.directions.length > 0),
  )!;
  expect(transit, 'a bus journey with a timetable and travel guide').toBeDefined();
  expect(toToilets, 'a return journey to the toilets').toBeDefined();
}, 240_000);
afterEach(cleanup);

const services = (journeys: Journey[]): JourneyServices => ({
  getJourney: async (_hash, id) => {
    const found = journeys.find((j) => j.id === id);
    if (!found) throw new Error('Journey not found.');
    return found;
  },
  markViewed: async () => undefined,
  saveJourney: async () => undefined,
});

function renderAt(journey: Journey, options: { brand?: Brand; print?: boolean } = {}) {
  function Screen() {
    const search = useSearch({ strict: false }) as JourneySearch;
    return options.print ? (
      <PrintScreen hash={HASH} journeyId={journey.id} />
    ) : (
      <JourneyScreen hash={HASH} journeyId={journey.id} search={search} />
    );
  }
  const router = createRouter({
    routeTree: createRootRoute({ validateSearch: parseJourneySearch, component: Screen }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <BrandProvider brand={options.brand ?? brand('regional')}>
      <MantineProvider env="test">
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <JourneyServicesProvider services={services([transit, toToilets])}>
            <RouterProvider router={router as never} />
          </JourneyServicesProvider>
        </QueryClientProvider>
      </MantineProvider>
    </BrandProvider>,
  );
  return router;
}

describe('Map of journey', () => {
  it("has Outbound/Return pills, None/All/Toilets with each toilet's details, POI counts, and a text alternative", async () => {
    renderAt(toToilets);
    const section = (await screen.findByRole('heading', { level: 2, name: 'Map of journey' }, FIRST_RENDER)).closest(
      'section',
    )!;
    // No WebGL here: the map says so; the description names the leg and its ends.
    expect(within(section).getByText(/This browser cannot draw maps/)).toBeTruthy();
    expect(
      within(section).getByText(new RegExp(`^The map shows the outbound journey from ${toToilets.origin.label}`)),
    ).toBeTruthy();

    const filter = within(section).getByRole('combobox', { name: 'Show on map' }) as HTMLSelectElement;
    expect([...filter.options].map((o) => o.text)).toEqual(['None', 'All', 'Toilets']);
    expect(filter.value).toBe('none');
    fireEvent.change(filter, { target: { value: 'toilets' } });
    const toilets = within(section).getByRole('heading', { name: 'Toilets near the destination' }).parentElement!;
    expect(within(toilets).getAllByRole('heading', { level: 4 })).toHaveLength(
      toToilets.depart.destination_toilets.count,
    );
    expect(within(toilets).getAllByText('Accessible').length).toBe(toToilets.depart.destination_toilets.count);
    expect(
      within(section).getByText(
        new RegExp(`${toToilets.depart.destination_toilets.count} toilets are marked near the destination`),
      ),
    ).toBeTruthy();

    // POI cards with counts (the regional brand shows POIs).
    const poi = toToilets.depart.pois[0]!;
    const poiList = within(section).getByRole('heading', { name: 'Points of interest along the route' }).parentElement!;
    expect(within(poiList).getByText(poi.name).closest('li')!.textContent).toContain(String(poi.count));
    // Each card carries its place-category icon (SPEC section 3), decorative beside the name.
    for (const item of toToilets.depart.pois) {
      const icon = within(poiList).getByText(item.name).closest('li')!.querySelector('svg[data-icon]');
      expect(icon?.getAttribute('data-icon')).toBe(item.type.replace(/_/g, '-'));
      expect(icon?.getAttribute('aria-hidden')).toBe('true');
    }

    // The return leg's destination has no toilets: Toilets goes, the filter falls back to None.
    fireEvent.click(within(section).getByRole('radio', { name: 'Return' }));
    await waitFor(() => expect([...filter.options].map((o) => o.text)).toEqual(['None', 'All']));
    expect(filter.value).toBe('none');
    expect(within(section).queryByRole('heading', { name: 'Toilets near the destination' })).toBeNull();
    expect(within(section).getByText(/^The map shows the return journey/)).toBeTruthy();
  }, 90_000);

  it('shows no POI cards on a brand without showPois, and no Return pill on a single journey', async () => {
    renderAt(transit, { brand: brand('council') });
    const section = (await screen.findByRole('heading', { level: 2, name: 'Map of journey' }, FIRST_RENDER)).closest(
      'section',
    )!;
    expect(within(section).queryByText('Points of interest along the route')).toBeNull();
    expect(within(section).queryByRole('radio', { name: 'Return' })).toBeNull();
  }, 90_000);
});

describe('Stage page', () => {
  it('opens from the guide, shows the description, travel guide, timetable and operator link, and steps one stage at a time', async () => {
    const router = renderAt(transit);
    const busIndex = transit.depart.steps.findIndex((s) => s.timetable && s.how_to_guide);
    const bus = transit.depart.steps[busIndex]!;
    const total = transit.depart.steps.length;
    const links = await screen.findAllByRole('link', { name: /^Stage details/ });
    fireEvent.click(links[busIndex]!);
    await screen.findByRole('heading', { level: 2, name: `Stage ${busIndex + 1} of ${total}: Bus` }, FIRST_RENDER);
    expect(router.state.location.search).toMatchObject({ stage: busIndex + 1 });
    expect(screen.getByRole('heading', { level: 1, name: 'Stage details' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Viewing' })).toBeNull();

    const description = screen.getByRole('region', { name: 'Step description' });
    expect(within(description).getByText(bus.description)).toBeTruthy();
    const guide = screen.getByRole('region', { name: 'Travel guide' });
    for (const statement of bus.how_to_guide!.service.statements)
      expect(within(guide).getByText(statement.body)).toBeTruthy();

    // The timetable: stops x departures, HH:mm or '-'.
    fireEvent.click(within(guide).getByRole('button', { name: 'View timetable' }));
    const grid = timetableGrid(bus.timetable!, bus);
    const dialog = await screen.findByRole('dialog', { name: grid.title });
    const rows = within(dialog).getAllByRole('row');
    expect(rows).toHaveLength(bus.timetable!.timetable.stops.length + 1);
    expect(within(rows[0]!).getAllByRole('columnheader')).toHaveLength(bus.timetable!.timetable.columns.length + 1);
    for (const cell of within(dialog).getAllByRole('cell')) expect(cell.textContent).toMatch(/^(\d{2}:\d{2}|-)$/);
    expect(within(dialog).getAllByText('(board here)')).toHaveLength(1);
    expect(within(dialog).getAllByText('(get off here: arrives)')).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: grid.title })).toBeNull());

    // The operator link asks first.
    fireEvent.click(within(guide).getByRole('button', { name: `Visit the ${bus.how_to_guide!.service.name} website` }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    const yes = within(confirm).getByRole('link', { name: "Yes, I'm sure" });
    expect(yes.getAttribute('href')).toBe(bus.how_to_guide!.service.website);
    expect(yes.getAttribute('target')).toBe('_blank');
    fireEvent.click(within(confirm).getByRole('button', { name: 'No, take me back' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull());

    // One step forward to the last stage (no next), one back, then the overview.
    fireEvent.click(screen.getByRole('link', { name: 'View next stage' }));
    await screen.findByRole('heading', { level: 2, name: new RegExp(`^Stage ${busIndex + 2} of ${total}`) });
    if (busIndex + 2 === total)
      expect(screen.getByRole('button', { name: 'View next stage' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'View previous stage' }));
    await screen.findByRole('heading', { level: 2, name: `Stage ${busIndex + 1} of ${total}: Bus` });
    fireEvent.click(screen.getByRole('link', { name: '< Back to journey details' }));
    await screen.findByRole('heading', { level: 2, name: 'Journey Details' });
    expect(router.state.location.search).not.toHaveProperty('stage');
  }, 90_000);

  it('opened from a link, leaves focus and scroll alone; moving to the next stage scrolls up and focuses its heading', async () => {
    resetScreens();
    noteScreen('stage'); // the page's first screen: a shared link to a stage
    // The stage's own scroll (x, y); the router's scroll on each navigation passes options.
    const scrolled: unknown[][] = [];
    const scrollTo = window.scrollTo;
    window.scrollTo = ((...args: unknown[]) => {
      if (typeof args[0] === 'number') scrolled.push(args);
    }) as typeof window.scrollTo;
    try {
      const router = renderAt(transit);
      await router.navigate({ to: '.', search: { stage: 1 } as never });
      const first = await screen.findByRole('heading', { level: 2, name: /^Stage 1 of/ }, FIRST_RENDER);
      expect(document.activeElement).not.toBe(first);
      expect(scrolled).toEqual([]);
      fireEvent.click(screen.getByRole('link', { name: 'View next stage' }));
      const second = await screen.findByRole('heading', { level: 2, name: /^Stage 2 of/ });
      await waitFor(() => expect(document.activeElement).toBe(second));
      expect(scrolled).toEqual([[0, 0]]);
    } finally {
      window.scrollTo = scrollTo;
      resetScreens();
    }
  }, 90_000);

  it('an old link to a stage the journey does not have says so and leads back', async () => {
    const router = renderAt(transit);
    await router.navigate({ to: '.', search: { stage: 99 } as never });
    expect((await screen.findByRole('alert')).textContent).toBe('This journey has no such stage.');
    expect(screen.getByRole('link', { name: '< Back to journey details' })).toBeTruthy();
  }, 90_000);
});

describe('Print journey', () => {
  it('lists every step with every direction open, skips the arrival, ends with Return home', async () => {
    renderAt(toToilets, { print: true });
    await screen.findByRole('heading', { level: 2, name: 'Step by step guide' }, FIRST_RENDER);
    const steps = [...toToilets.depart.steps, ...toToilets.return!.steps];
    const guide = screen.getByRole('heading', { level: 2, name: 'Step by step guide' }).parentElement!;
    for (const step of steps) expect(within(guide).getAllByText(step.description).length).toBeGreaterThan(0);
    const directions = steps.reduce((n, s) => n + s.directions.length, 0);
    const ordered = [...guide.querySelectorAll('ol ol, ol ul')].filter((list) => list.tagName === 'OL');
    expect(ordered.reduce((n, list) => n + list.querySelectorAll(':scope > li').length, 0)).toBe(directions);
    expect(screen.queryByRole('button', { name: /^Show instructions/ })).toBeNull();
    expect(screen.queryByText('Arrive at the destination')).toBeNull();
    expect(screen.getByText('Return home')).toBeTruthy();
    expect(screen.queryByText('Attend appointment (1 hour)')).toBeNull();
    expect(screen.getByRole('button', { name: 'Print this page' })).toBeTruthy();
  }, 90_000);

  it("shows each leg's date as the rest of the app does (Mon 6 May 2019, not 2019-05-06)", async () => {
    renderAt(toToilets, { print: true });
    const outbound = await screen.findByRole('region', { name: 'Outbound' });
    expect(within(outbound).getByText('Mon 6 May 2019')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Return' })).getByText('Mon 6 May 2019')).toBeTruthy();
    expect(screen.queryByText('2019-05-06')).toBeNull();
  }, 90_000);

  it("heads the paper with the brand's logo (the shell's header is not printed)", async () => {
    renderAt(toToilets, { print: true, brand: brand('park') });
    const logo = (await screen.findByRole('img', { name: brand('park').title })) as HTMLImageElement;
    expect(logo.getAttribute('src')).toBe('/brands/park/logo.svg');
  }, 90_000);

  it('adds the 1-hour appointment end card on the health brand', async () => {
    renderAt(toToilets, { print: true, brand: brand('health') });
    expect(await screen.findByText('Attend appointment (1 hour)')).toBeTruthy();
  }, 90_000);
});
