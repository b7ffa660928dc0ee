// @vitest-environment jsdom
/**
 * The Results screen streaming real Tayside journeys (Dundee to Perth, planned by our planner's
 * CLI) through a fake realtime channel behind the same RealtimeClient interface as the pusher-js
 * client, and an in-memory search store behind the API reads.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { MantineProvider } from '@mantine/core';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { brandSchema, mergeBrandConfig, type Brand } from '../../../../src/contract/brand';
import type { Journey } from '../../../../src/contract/journey';
import { JOURNEY_PROCESSED, RESULTS_RETRIEVED, searchChannel } from '../../../../src/vocabulary/index';
import type { SearchQuery } from '../../../../src/contract/search';
import {
  EMPTY_SUGGESTIONS,
  ResultsScreen,
  ResultsServicesProvider,
  type ResultsServices,
} from '../../../../src/web/features/results';
import { modeName, modesInWords } from '../../../../src/web/components/journey-labels';
import { BrandProvider } from '../../../../src/web/lib/brand';
import { journeyQueryKey } from '../../../../src/web/lib/journey-key';
import type { RealtimeClient, RealtimeSubscription } from '../../../../src/web/lib/realtime';
import type { ResultsSearch } from '../../../../src/web/lib/search-params';

const brandsDir = path.resolve(__dirname, '../../../../brands');
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(brandsDir, file), 'utf8'));
const brand = (key: string): Brand =>
  brandSchema.parse(mergeBrandConfig(readJson('default.json'), readJson(`${key}/brand.json`)));

let planned: Journey[];
const execFileAsync = promisify(execFile);
/**
 * Real journeys from our planner's CLI on the Tayside data, in a child process: the planner's
 * Node modules resolve their data paths with node:url, which does not work under jsdom.
 */
beforeAll(async () => {
  // jsdom lays nothing out; Mantine scrolls the highlighted option into view.
  Element.prototype.scrollIntoView ??= () => {};
  const day = new Date(Date.now() + 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  const { stdout } = await execFileAsync(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/planner/cli/main.ts',
      'plan',
      '--from',
      '56.4566,-2.9713',
      '--to',
      '56.3952,-3.4374',
      '--depart',
      `${day.toISOString().slice(0, 10)}T08:00`,
      '--profile',
      '{"has_access_to_car":true}',
      '--json',
    ],
    { cwd: path.resolve(__dirname, '../../../..'), maxBuffer: 256 * 1024 * 1024 },
  );
  planned = (JSON.parse(stdout) as { journeys: Journey[] }).journeys;
  expect(planned.length).toBeGreaterThan(2);
}, 180_000);
afterEach(() => cleanup());

/** A channel the test drives: the same subscribe/bind/leave shape as lib/realtime's pusher-js client. */
class FakeRealtime implements RealtimeClient {
  handlers = new Map<string, Map<string, Array<(data: unknown) => void>>>();
  log: string[] = [];
  subscribe(channel: string): RealtimeSubscription {
    this.log.push(`subscribe ${channel}`);
    const events = new Map<string, Array<(data: unknown) => void>>();
    this.handlers.set(channel, events);
    return {
      ready: Promise.resolve(),
      bind: (event, handler) => events.set(event, [...(events.get(event) ?? []), handler]),
      leave: () => this.handlers.delete(channel),
    };
  }
  emit(channel: string, event: string, data: unknown) {
    act(() => {
      for (const handler of this.handlers.get(channel)?.get(event) ?? []) handler(data);
    });
  }
}

/** The search as the API stores it: journeys appear as the planner stores them. */
function searchStore(hash: string, log: string[]) {
  const stored: Journey[] = [];
  let count: number | null = null;
  const services = {
    getSearch: async (h: string) => {
      log.push(`get ${h}`);
      return {
        hash: h,
        origin: planned[0]!.origin,
        destination: planned[0]!.destination,
        origin_address: 'Dundee Railway Station, Dundee',
        destination_address: 'Perth, Perth and Kinross',
        out_time: '2026/11/24 08:00:00',
        out_departure_at: '2026-11-24T08:00:00.000Z',
        return_departure_at: null,
        arrive_at_time: null,
        return_time: null,
        results_retrieved: count,
        status: count === null ? 'running' : stored.length === count ? 'done' : 'running',
        failure: null,
        journeys: [...stored],
      } as SearchQuery;
    },
    getJourney: async (h: string, id: string) => {
      log.push(`journey ${id}`);
      const found = h === hash ? stored.find((j) => j.id === id) : undefined;
      if (!found) throw new Error('Journey not found.');
      return found;
    },
  };
  return { services, stored, setCount: (n: number) => (count = n) };
}

function renderResults(options: {
  brand?: Brand;
  services: ResultsServices;
  hash: string;
  search?: ResultsSearch;
  client?: QueryClient;
}) {
  const changes: ResultsSearch[] = [];
  const control = { setHash: (_hash: string) => {} };
  function Screen() {
    const [search, setSearch] = useState<ResultsSearch>(options.search ?? {});
    // The route keeps the screen mounted when only the hash changes (Edit journey's 'Update routes').
    const [hash, setHash] = useState(options.hash);
    control.setHash = setHash;
    return (
      <ResultsScreen
        hash={hash}
        search={search}
        onSearchChange={(next) => {
          changes.push(next);
          setSearch(next);
        }}
      />
    );
  }
  const router = createRouter({
    routeTree: createRootRoute({ component: Screen }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <BrandProvider brand={options.brand ?? brand('regional')}>
      <MantineProvider env="test">
        <QueryClientProvider client={options.client ?? new QueryClient()}>
          <ResultsServicesProvider services={options.services}>
            <RouterProvider router={router as never} />
          </ResultsServicesProvider>
        </QueryClientProvider>
      </MantineProvider>
    </BrandProvider>,
  );
  return { changes, setHash: (hash: string) => act(() => control.setHash(hash)) };
}

const HASH = 'a'.repeat(32);
const cards = () => screen.queryAllByRole('article');
const placeholders = () => document.querySelectorAll('[data-placeholder]').length;
const status = () => screen.getByRole('status');
/** A Mantine Select's input by its label. */
/** 'Showing' and 'Sort by' are native selects (the council brand's multi-select is a combobox input). */
const select = (label: string, within_: HTMLElement = document.body) =>
  within(within_).getByLabelText<HTMLSelectElement>(label, { selector: 'select' });
const choose = (field: HTMLSelectElement, name: string) => {
  const option = within(field).getByRole<HTMLOptionElement>('option', { name });
  fireEvent.change(field, { target: { value: option.value } });
};

describe('Results screen, streamed', () => {
  it('subscribes before reading the search, adds placeholders on the count, replaces them journey by journey, then says how many', async () => {
    const realtime = new FakeRealtime();
    const store = searchStore(HASH, realtime.log);
    renderResults({ hash: HASH, services: { realtime, ...store.services, initialDelayMs: 0 } });
    await screen.findByRole('heading', { level: 1, name: 'Journey results' });
    await waitFor(() => expect(realtime.log).toContain(`get ${HASH}`));
    expect(realtime.log.indexOf(`subscribe ${searchChannel(HASH)}`)).toBeLessThan(realtime.log.indexOf(`get ${HASH}`));
    expect(screen.getByText('Gathering your results')).toBeTruthy();
    expect(screen.getByText('this may take a few seconds')).toBeTruthy();

    const channel = searchChannel(HASH);
    const journeys = planned.slice(0, 3);
    store.setCount(journeys.length);
    realtime.emit(channel, RESULTS_RETRIEVED, { journey_count: journeys.length });
    expect(placeholders()).toBe(3);
    expect(status().textContent).toBe('0 of 3 journeys loaded.');

    store.stored.push(journeys[0]!);
    realtime.emit(channel, JOURNEY_PROCESSED, { journeyID: journeys[0]!.id });
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(placeholders()).toBe(2);
    // Placeholders sort last.
    const list = screen.getByRole('list', { name: 'Journey options' });
    expect(list.lastElementChild?.querySelector('[data-placeholder]')).toBeTruthy();

    for (const journey of journeys.slice(1)) {
      store.stored.push(journey);
      realtime.emit(channel, JOURNEY_PROCESSED, { journeyID: journey.id });
    }
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(placeholders()).toBe(0);
    expect(screen.queryByText('Gathering your results')).toBeNull();
    expect(status().textContent).toBe('3 journeys found, sorted by emissions.');
    // Each card: stages, cost, outbound times, wait, walking miles, emissions, details link.
    const first = cards()[0]!;
    const best = [...journeys].sort((a, b) => a.carbon_emission - b.carbon_emission)[0]!;
    expect(within(first).getByRole('heading', { level: 2 }).textContent).toBe(
      `Option 1: ${modesInWords(best.depart.stages)}`,
    );
    // Issue 32: the modes in words, first capitalised ('Walk, train, walk'); the icons keep their names.
    expect(within(first).getByRole('heading', { level: 2 }).textContent).toMatch(
      /^Option 1: [A-Z][a-z ]+(, [a-z ]+)*$/,
    );
    expect(
      within(within(first).getByRole('list', { name: 'Modes of travel' }))
        .getAllByRole('img')
        .map((icon) => icon.getAttribute('aria-label')),
    ).toEqual(best.depart.stages.map((stage) => modeName(stage)));
    expect(within(first).getByText('Outbound')).toBeTruthy();
    expect(within(first).getByText(best.depart.departure_at)).toBeTruthy();
    expect(
      within(first).getByText(`${(Math.round(best.total_walking_distance * 0.00062137 * 100) / 100).toFixed(2)} miles`),
    ).toBeTruthy();
    expect(within(first).getByText(`${best.carbon_emission.toFixed(2)} kg CO2`, { exact: false })).toBeTruthy();
    expect(
      within(first)
        .getAllByRole('img')
        .map((img) => img.getAttribute('aria-label')),
    ).toHaveLength(best.depart.stages.length);
    expect(within(first).getByRole('link', { name: 'View journey details' }).getAttribute('href')).toBe(
      `/search/${HASH}/results/${best.id}`,
    );
    if (new Set(journeys.map((j) => j.carbon_emission)).size > 1) {
      expect(within(first).getByText('Lowest emissions')).toBeTruthy();
      expect(screen.getAllByText('Highest emissions')).toHaveLength(1);
    }
    // Each journey fetched once.
    expect(realtime.log.filter((line) => line.startsWith('journey '))).toHaveLength(3);
  });

  it("a new search on the same screen (Edit journey) starts empty: the last search's cards never show or mix in", async () => {
    const realtime = new FakeRealtime();
    const NEW_HASH = 'b'.repeat(32);
    const before = searchStore(HASH, realtime.log);
    const after = searchStore(NEW_HASH, realtime.log);
    before.setCount(2);
    before.stored.push(planned[0]!, planned[1]!);
    const storeOf = (h: string) => (h === HASH ? before : after).services;
    const { setHash } = renderResults({
      hash: HASH,
      services: {
        realtime,
        getSearch: (h: string) => storeOf(h).getSearch(h),
        getJourney: (h: string, id: string) => storeOf(h).getJourney(h, id),
        initialDelayMs: 0,
      },
    });
    await waitFor(() => expect(status().textContent).toBe('2 journeys found, sorted by emissions.'));

    // At once, before the new search is read: no card, no count of the last search.
    setHash(NEW_HASH);
    expect(cards()).toHaveLength(0);
    expect(status().textContent).toBe('Gathering your results.');
    expect(screen.getByText('Gathering your results')).toBeTruthy();
    await waitFor(() => expect(realtime.log).toContain(`get ${NEW_HASH}`));
    expect(cards()).toHaveLength(0);

    const fresh = planned.find((journey) => journey.id !== planned[0]!.id && journey.id !== planned[1]!.id)!;
    after.setCount(1);
    realtime.emit(searchChannel(NEW_HASH), RESULTS_RETRIEVED, { journey_count: 1 });
    expect(status().textContent).toBe('0 of 1 journeys loaded.');
    after.stored.push(fresh);
    realtime.emit(searchChannel(NEW_HASH), JOURNEY_PROCESSED, { journeyID: fresh.id });
    await waitFor(() => expect(status().textContent).toBe('1 journey found, sorted by emissions.'));
    expect(cards()).toHaveLength(1);
    expect(within(cards()[0]!).getByRole('link', { name: 'View journey details' }).getAttribute('href')).toBe(
      `/search/${NEW_HASH}/results/${fresh.id}`,
    );
  });

  it('a late visitor gets the stored journeys from the read and fetches only the ones announced after it', async () => {
    const realtime = new FakeRealtime();
    const store = searchStore(HASH, realtime.log);
    const journeys = planned.slice(0, 3);
    store.setCount(3);
    store.stored.push(journeys[0]!, journeys[1]!);
    renderResults({ hash: HASH, services: { realtime, ...store.services, initialDelayMs: 0 } });
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(placeholders()).toBe(1);
    // The socket repeats one already read, then sends the last.
    realtime.emit(searchChannel(HASH), JOURNEY_PROCESSED, { journeyID: journeys[1]!.id });
    store.stored.push(journeys[2]!);
    realtime.emit(searchChannel(HASH), JOURNEY_PROCESSED, { journeyID: journeys[2]!.id });
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(realtime.log.filter((line) => line.startsWith('journey '))).toEqual([`journey ${journeys[2]!.id}`]);
  });

  it("waits the brand's initial delay before the first fetch (health brand flag)", async () => {
    expect(brand('health').initialResultsDelayMs).toBe(10_000);
    const realtime = new FakeRealtime();
    const store = searchStore(HASH, realtime.log);
    // Timed from the subscription, so a slow machine cannot make the read look early.
    const at: Record<string, number> = {};
    const subscribe = realtime.subscribe.bind(realtime);
    realtime.subscribe = (channel) => ((at.subscribed = performance.now()), subscribe(channel));
    const getSearch = store.services.getSearch;
    renderResults({
      brand: brand('health'),
      hash: HASH,
      services: {
        realtime,
        ...store.services,
        getSearch: (h: string) => ((at.read ??= performance.now()), getSearch(h)),
        initialDelayMs: 300,
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Journey results' });
    await waitFor(() => expect(realtime.log).toContain(`get ${HASH}`));
    expect(realtime.log[0]).toBe(`subscribe ${searchChannel(HASH)}`);
    expect(at.read! - at.subscribed!).toBeGreaterThanOrEqual(295);
  });

  it('shows the empty state with its three suggestions when the search found nothing', async () => {
    const realtime = new FakeRealtime();
    const store = searchStore(HASH, realtime.log);
    store.setCount(0);
    renderResults({ hash: HASH, services: { realtime, ...store.services, initialDelayMs: 0 } });
    await screen.findByRole('heading', { name: 'No search results' });
    expect(screen.getByText('Your search returned no results.')).toBeTruthy();
    for (const suggestion of EMPTY_SUGGESTIONS) expect(screen.getByText(suggestion)).toBeTruthy();
    expect(status().textContent).toBe('No search results.');
  });
});

describe('Results screen, offline', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('says the results need the network and lists the journeys kept on this device, then loads when back online', async () => {
    const realtime = new FakeRealtime();
    const store = searchStore(HASH, realtime.log);
    store.setCount(planned.length);
    store.stored.push(...planned);
    const client = new QueryClient();
    // One journey of this search was opened before (the persister restored it); one of another search.
    client.setQueryData(journeyQueryKey(HASH, planned[1]!.id), planned[1]);
    client.setQueryData(journeyQueryKey('f'.repeat(32), planned[2]!.id), planned[2]);
    onlineManager.setOnline(false);
    renderResults({ hash: HASH, services: { realtime, ...store.services, initialDelayMs: 0 }, client });
    expect(await screen.findByRole('heading', { level: 2, name: 'You are offline' })).toBeTruthy();
    expect(
      screen.getByText('The results of this search need the network. They will load here when you are back online.'),
    ).toBeTruthy();
    expect(screen.queryByText('Gathering your results')).toBeNull();
    const kept = screen.getByRole('list', { name: 'Journeys kept on this device' });
    expect(within(kept).getAllByRole('article')).toHaveLength(1);
    expect(within(kept).getByRole('link', { name: 'View journey details' }).getAttribute('href')).toBe(
      `/search/${HASH}/results/${planned[1]!.id}`,
    );
    expect(status().textContent).toBe('You are offline: the results of this search need the network.');
    expect(realtime.log).toEqual([]);

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(planned.length));
    expect(screen.queryByText('You are offline')).toBeNull();
  });

  it('offline with nothing kept says so', async () => {
    const realtime = new FakeRealtime();
    onlineManager.setOnline(false);
    renderResults({
      hash: HASH,
      services: { realtime, ...searchStore(HASH, realtime.log).services, initialDelayMs: 0 },
    });
    expect(
      await screen.findByText('None of its journeys were opened on this device, so none can be shown offline.'),
    ).toBeTruthy();
  });
});

describe('Results screen, advertising banner', () => {
  it("frames the brand's banner when it has one, and nothing by default", async () => {
    const realtime = new FakeRealtime();
    const store = searchStore(HASH, realtime.log);
    renderResults({
      brand: {
        ...brand('regional'),
        advertBanner: { src: 'https://adverts.example.org/banner', title: 'Local bus offers' },
      },
      hash: HASH,
      services: { realtime, ...store.services, initialDelayMs: 0 },
    });
    const frame = await screen.findByTitle('Local bus offers');
    expect(frame.getAttribute('src')).toBe('https://adverts.example.org/banner');
    cleanup();
    renderResults({ hash: HASH, services: { realtime, ...store.services, initialDelayMs: 0 } });
    await screen.findByRole('heading', { level: 1, name: 'Journey results' });
    expect(document.querySelector('iframe')).toBeNull();
  });

  it("frames the city bus brand's house advert from its own file, without scripts", async () => {
    const advert = fs.readFileSync(path.join(brandsDir, 'citybus/advert.html'), 'utf8');
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (input: URL | string) => {
      asked.push(String(input));
      return new Response(advert, { status: 200, headers: { 'Content-Type': 'text/html' } });
    });
    try {
      const realtime = new FakeRealtime();
      const store = searchStore(HASH, realtime.log);
      const citybus = brand('citybus');
      renderResults({ brand: citybus, hash: HASH, services: { realtime, ...store.services, initialDelayMs: 0 } });
      const frame = (await screen.findByTitle(citybus.advertBanner!.title)) as HTMLIFrameElement;
      await waitFor(() => expect(frame.getAttribute('srcdoc')).toContain('Aged 5 to 21? Your bus is free.'));
      expect(asked).toEqual(['/brands/citybus/advert.html']);
      // Our own pages refuse to be framed, so the frame holds the advert's text; it runs no scripts.
      expect(frame.getAttribute('src')).toBeNull();
      expect(frame.getAttribute('sandbox')!.split(' ')).not.toContain('allow-scripts');
      expect(advert).not.toMatch(/<script/i);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('Results screen, sort and filter', () => {
  async function loaded(options: { brand?: Brand; search?: ResultsSearch } = {}) {
    const realtime = new FakeRealtime();
    const store = searchStore(HASH, realtime.log);
    store.setCount(planned.length);
    store.stored.push(...planned);
    const result = renderResults({
      hash: HASH,
      services: { realtime, ...store.services, initialDelayMs: 0 },
      ...options,
    });
    await waitFor(() => expect(screen.queryByText('Gathering your results')).toBeNull());
    return result;
  }
  // The cards' shown costs in order, as numbers (free 0, unknown null), to check the list's order.
  const shownCost = (text: string) =>
    text === 'free' ? 0 : text === 'unknown' ? null : Number.parseFloat(text.replace(/[^\d.]/g, ''));
  const costs = () =>
    cards().map((card) =>
      shownCost(
        within(card)
          .getByLabelText(/^Cost /)
          .getAttribute('aria-label')!
          .slice(5)
          .replace('Free', 'free')
          .replace('Unknown', 'unknown'),
      ),
    );

  it('Sort by cost from the select: free first, unknown last; the choice goes to the URL', async () => {
    const { changes } = await loaded();
    expect(select('Sort by').value).toBe('emissions');
    choose(select('Sort by'), 'Cost');
    expect(changes.at(-1)).toEqual({ sort: 'cost' });
    await waitFor(() => {
      const values = costs();
      const known = values.filter((v): v is number => v !== null);
      expect(known).toEqual([...known].sort((a, b) => a - b));
      expect(values.slice(known.length).every((v) => v === null)).toBe(true);
    });
  });

  it('lists later options under their own heading, numbered on from the others (issue 27)', async () => {
    const realtime = new FakeRealtime();
    const store = searchStore(HASH, realtime.log);
    const [first, ...rest] = planned;
    const lateOne = { ...first!, tags: [...first!.tags, 'later-option'] };
    store.setCount(planned.length);
    store.stored.push(lateOne, ...rest);
    renderResults({ hash: HASH, services: { realtime, ...store.services, initialDelayMs: 0 } });
    const later = await screen.findByRole('list', { name: 'Later options' });
    expect(screen.getByRole('heading', { name: 'Later options' })).toBeTruthy();
    const laterCards = within(later).getAllByRole('article');
    expect(laterCards).toHaveLength(1);
    expect(within(laterCards[0]!).getAllByRole('heading')[0]!.textContent).toMatch(`Option ${rest.length + 1}`);
    expect(within(screen.getByRole('list', { name: 'Journey options' })).getAllByRole('article')).toHaveLength(
      rest.length,
    );
  });

  it('says when our data has no stop near an end, once, above the options', async () => {
    const realtime = new FakeRealtime();
    const store = searchStore(HASH, realtime.log);
    store.setCount(planned.length);
    store.stored.push(...planned.map((j) => ({ ...j, tags: [...j.tags, 'no-stops-near-end'] })));
    renderResults({ hash: HASH, services: { realtime, ...store.services, initialDelayMs: 0 } });
    const heading = await screen.findByRole('heading', { name: 'No public transport data here' });
    expect(heading.closest('section')!.textContent).toMatch(/within a 15-minute walk of where this journey ends/);
    expect(screen.getAllByRole('heading', { name: 'No public transport data here' })).toHaveLength(1);
  });

  it('Showing a stage keeps the journeys with it; None shows the empty state; the filter goes to the URL', async () => {
    const { changes } = await loaded();
    const withTrain = planned.filter((j) => j.depart.stages.includes('train')).length;
    // Every stage the brand offers, after the 'All' and 'None' pseudo-entries.
    expect(
      within(select('Showing'))
        .getAllByRole('option')
        .map((o) => o.textContent)
        .slice(0, 3),
    ).toEqual(['All', 'None', 'Train']);
    choose(select('Showing'), 'Train');
    expect(changes.at(-1)).toEqual({ filters: 'train' });
    await waitFor(() => expect(cards()).toHaveLength(withTrain));
    expect(select('Showing').value).toBe('train');
    choose(select('Showing'), 'None');
    await screen.findByRole('heading', { name: 'No search results' });
    expect(changes.at(-1)).toEqual({ filters: 'none' });
  });

  it('the Refine results sidebar holds the same selects and sorts the list', async () => {
    const { changes } = await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Refine results' }));
    const sidebar = await screen.findByRole('dialog', { name: 'Refine results' });
    choose(select('Sort by', sidebar), 'Travel time');
    expect(changes.at(-1)).toEqual({ sort: 'travel-time' });
    await waitFor(() => expect(status().textContent).toContain('sorted by travel time'));
    expect(select('Showing', sidebar).value).toBe('all');
    fireEvent.click(within(sidebar).getByRole('button', { name: 'Close Refine results' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refine results' })).toBeNull());
  });

  it('the council brand gets a multi-select without its blocked types', async () => {
    const { changes } = await loaded({ brand: brand('council'), search: { filters: 'bus,train,taxi' } });
    // Loaded on first use (its own chunk); a disabled native select holds its place meanwhile.
    fireEvent.click(await screen.findByLabelText('Showing', { selector: 'input' }, { timeout: 5000 }));
    const names = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(names).toContain('Bus');
    for (const blocked of ['Taxi', 'Own car', 'Cycle', 'All', 'None']) expect(names).not.toContain(blocked);
    const shown = planned.filter((j) => j.depart.stages.some((s) => s === 'bus' || s === 'train')).length;
    expect(cards()).toHaveLength(shown);
    // SPEC section 4: checking adds a stage to the set, unchecking removes it; kept in the list's order.
    fireEvent.click(screen.getByRole('option', { name: 'Walk' }));
    expect(changes.at(-1)).toEqual({ filters: 'train,bus,walk' });
    fireEvent.click(screen.getByRole('option', { name: 'Bus' }));
    expect(changes.at(-1)).toEqual({ filters: 'train,walk' });
  });
});
