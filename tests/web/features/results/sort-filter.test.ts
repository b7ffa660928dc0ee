import { describe, expect, it } from 'vitest';
import type { Journey } from '../../../../src/contract/journey';
import { TRAVEL_TYPES } from '../../../../src/vocabulary/index';
import {
  availableStages,
  emissionBadge,
  emissionExtremes,
  filterResults,
  formatFilters,
  parseFilters,
  sortResults,
  splitLaterOptions,
  type ResultItem,
} from '../../../../src/web/features/results/sort-filter';

/** The fixture's cost text as the planner's number (pence; free 0, unknown null). */
function testCostValue(cost: string): number | null {
  if (cost === 'free') return 0;
  const pounds = /(\d+)\.(\d{2})/.exec(cost);
  return pounds ? Number(pounds[1]) * 100 + Number(pounds[2]) : null;
}

/** The fields the list rules read; the rest of a journey does not matter to them. */
function journey(
  id: string,
  fields: {
    cost?: string;
    /** The planner's cost_value; by default read from the test's own cost text. */
    value?: number | null;
    co2?: number;
    leave?: string;
    arrive?: string;
    date?: string;
    seconds?: number;
    wait?: number;
    walk?: number;
    changes?: number;
    returnChanges?: number;
    stages?: string[];
    eligibility?: string;
  },
): ResultItem {
  const leg = (changes: number) => ({
    departure_date: fields.date ?? '2026-11-24',
    departure_at: fields.leave ?? '08:00',
    arrival_date: fields.date ?? '2026-11-24',
    arrival_at: fields.arrive ?? '09:00',
    changes,
    stages: fields.stages ?? ['train'],
  });
  const j = {
    id,
    cost: fields.cost ?? '£1.00',
    cost_value: 'value' in fields ? fields.value : testCostValue(fields.cost ?? '£1.00'),
    carbon_emission: fields.co2 ?? 1,
    duration: { text: '', value: fields.seconds ?? 3600 },
    total_wait_time: fields.wait ?? 0,
    total_walking_distance: fields.walk ?? 0,
    depart: leg(fields.changes ?? 0),
    ...(fields.returnChanges === undefined ? {} : { return: leg(fields.returnChanges) }),
    eligibility: fields.eligibility ?? null,
  } as unknown as Journey;
  return { kind: 'journey', journey: j };
}
const placeholder = (key: string): ResultItem => ({ kind: 'placeholder', key });
const ids = (items: ResultItem[]) => items.map((i) => (i.kind === 'journey' ? i.journey.id : i.key));

describe('cost order (SPEC section 9)', () => {
  it("orders by the planner's cost value, never the text: a journey without one sorts with unknown", () => {
    const items = [
      journey('text-only', { cost: '£0.50', value: undefined }),
      journey('twelve', { cost: '£12.40', value: 1240 }),
      journey('free', { cost: 'free', value: 0 }),
    ];
    expect(ids(sortResults(items, 'cost'))).toEqual(['free', 'twelve', 'text-only']);
  });
});

describe('later options (issue 27)', () => {
  it("lists the options tagged 'later-option' apart, after the others and placeholders, each side in its order", () => {
    const later = (item: ResultItem) => {
      if (item.kind === 'journey') item.journey.tags = ['later-option'];
      return item;
    };
    const items = [
      journey('taxi', {}),
      later(journey('train-11', {})),
      placeholder('p1'),
      later(journey('train-12', {})),
      journey('walk', {}),
    ];
    for (const item of items) if (item.kind === 'journey') item.journey.tags ??= [];
    const { near, later: kept } = splitLaterOptions(items);
    expect(ids(near)).toEqual(['taxi', 'p1', 'walk']);
    expect(ids(kept)).toEqual(['train-11', 'train-12']);
    expect(
      splitLaterOptions([journey('only', {})].map((i) => (((i as { journey: Journey }).journey.tags = []), i))).later,
    ).toEqual([]);
  });
});

describe('sorting', () => {
  it('defaults to emissions order and puts placeholders last, whatever the sort', () => {
    const items = [
      placeholder('p1'),
      journey('a', { co2: 3 }),
      journey('b', { co2: 0.5 }),
      placeholder('p2'),
      journey('c', { co2: 1 }),
    ];
    expect(ids(sortResults(items, 'emissions'))).toEqual(['b', 'c', 'a', 'p1', 'p2']);
    expect(ids(sortResults(items, 'walk-distance')).slice(-2)).toEqual(['p1', 'p2']);
  });
  it('sorts cost with free first and unknown after every amount', () => {
    const items = [
      journey('unknown', { cost: 'unknown' }),
      journey('ten', { cost: '£10.00' }),
      journey('free', { cost: 'free' }),
      journey('two', { cost: '£2.50' }),
    ];
    expect(ids(sortResults(items, 'cost'))).toEqual(['free', 'two', 'ten', 'unknown']);
  });
  it('sorts departure and arrival by local date and time, across midnight', () => {
    const items = [
      journey('late', { leave: '23:30', arrive: '00:20', date: '2026-11-24' }),
      journey('next', { leave: '06:00', arrive: '07:00', date: '2026-11-25' }),
      journey('early', { leave: '07:00', arrive: '08:10' }),
    ];
    expect(ids(sortResults(items, 'depature-time'))).toEqual(['early', 'late', 'next']);
    expect(ids(sortResults(items, 'arrival-time'))).toEqual(['late', 'early', 'next']);
  });
  it('sorts travel time, wait, walk and changes (outbound plus return), keeping ties in arrival order', () => {
    const items = [
      journey('a', { seconds: 4000, wait: 600, walk: 900, changes: 1 }),
      journey('b', { seconds: 3000, wait: 0, walk: 1200, changes: 0, returnChanges: 2 }),
      journey('c', { seconds: 4000, wait: 60, walk: 100, changes: 1 }),
    ];
    expect(ids(sortResults(items, 'travel-time'))).toEqual(['b', 'a', 'c']);
    expect(ids(sortResults(items, 'wait-time'))).toEqual(['b', 'c', 'a']);
    expect(ids(sortResults(items, 'walk-distance'))).toEqual(['c', 'a', 'b']);
    expect(ids(sortResults(items, 'least-changes'))).toEqual(['a', 'c', 'b']);
  });
  it("lists a brand's first travel types first when ranking by merit, not by the clock", () => {
    const items = [
      journey('walk', { co2: 0, stages: ['walk'] }),
      journey('train', { co2: 0.9, stages: ['walk', 'train'], leave: '07:00' }),
      journey('bus', { co2: 0.5, stages: ['walk', 'bus'] }),
      placeholder('p'),
      journey('bus-train', { co2: 1.5, stages: ['bus', 'train'] }),
    ];
    expect(ids(sortResults(items, 'emissions', ['bus']))).toEqual(['bus', 'bus-train', 'walk', 'train', 'p']);
    expect(ids(sortResults(items, 'emissions'))).toEqual(['walk', 'bus', 'train', 'bus-train', 'p']);
    // A time of day is a time of day: the earliest train still leads.
    expect(ids(sortResults(items, 'depature-time', ['bus']))[0]).toBe('train');
  });
  it('does not change the list it is given', () => {
    const items = [journey('a', { co2: 2 }), journey('b', { co2: 1 })];
    sortResults(items, 'emissions');
    expect(ids(items)).toEqual(['a', 'b']);
  });
});

describe('stage filter', () => {
  const council = availableStages(['taxi', 'own-car', 'cycle']);
  it('offers every travel type the brand does not block', () => {
    expect(availableStages([])).toEqual([...TRAVEL_TYPES]);
    expect(council).not.toContain('taxi');
    expect(council).not.toContain('own-car');
    expect(council).not.toContain('cycle');
    expect(council).toContain('train');
  });
  it("offers only the travel types the brand's region produces (no Tram, Subway or Ferry in Tayside)", () => {
    const tayside = [
      'train',
      'bus',
      'coach',
      'walk',
      'cycle',
      'bike-hire',
      'car-club',
      'own-car',
      'taxi',
      'drt',
      'community-transport',
    ];
    expect(availableStages([], tayside)).toEqual(tayside);
    expect(availableStages(['taxi'], tayside)).not.toContain('taxi');
    for (const absent of ['tram', 'subway', 'ferry']) expect(availableStages([], tayside)).not.toContain(absent);
  });
  it('reads the single select from the URL: all by default, none, or one available stage', () => {
    expect(parseFilters(undefined, council, false)).toEqual({ kind: 'all' });
    expect(parseFilters('none', council, false)).toEqual({ kind: 'none' });
    expect(parseFilters('bus', council, false)).toEqual({ kind: 'stages', stages: ['bus'] });
    expect(parseFilters('taxi', council, false)).toEqual({ kind: 'all' });
    expect(parseFilters('nonsense', council, false)).toEqual({ kind: 'all' });
  });
  it('reads the multi-select as a set of available stages; none checked means all', () => {
    expect(parseFilters('bus,taxi,train', council, true)).toEqual({ kind: 'stages', stages: ['train', 'bus'] });
    expect(parseFilters('taxi', council, true)).toEqual({ kind: 'all' });
  });
  it('writes the selection back comma-separated, nothing for all', () => {
    expect(formatFilters({ kind: 'all' })).toBeUndefined();
    expect(formatFilters({ kind: 'none' })).toBe('none');
    expect(formatFilters({ kind: 'stages', stages: ['train', 'bus'] })).toBe('train,bus');
    expect(formatFilters({ kind: 'stages', stages: [] })).toBeUndefined();
  });
  it('keeps journeys whose departure stages include a selected stage, and the placeholders', () => {
    const items = [
      journey('rail', { stages: ['walk', 'train'] }),
      journey('coach', { stages: ['walk', 'coach', 'walk'] }),
      journey('car', { stages: ['own-car'] }),
      placeholder('p'),
    ];
    expect(ids(filterResults(items, { kind: 'all' }))).toEqual(['rail', 'coach', 'car', 'p']);
    expect(ids(filterResults(items, { kind: 'none' }))).toEqual([]);
    expect(ids(filterResults(items, { kind: 'stages', stages: ['train'] }))).toEqual(['rail', 'p']);
    expect(ids(filterResults(items, { kind: 'stages', stages: ['coach', 'own-car'] }))).toEqual(['coach', 'car', 'p']);
  });
});

describe('emission extremes', () => {
  const js = (...co2: number[]) => co2.map((c, i) => (journey(String(i), { co2: c }) as { journey: Journey }).journey);
  it('names the lowest and highest when they differ', () => {
    expect(emissionExtremes(js(2, 0.4, 7.1))).toEqual({ lowest: 0.4, highest: 7.1, compared: 'all' });
  });
  it('compares like with like: an option without its way back is not the lowest among return journeys (issue 27)', () => {
    const [a, b, oneWay] = js(3, 5, 1) as [Journey, Journey, Journey];
    const withBack = (j: Journey): Journey => ({ ...j, return: j.depart });
    const list = [withBack(a), withBack(b), oneWay];
    const extremes = emissionExtremes(list);
    expect(extremes).toEqual({ lowest: 3, highest: 5, compared: 'return' });
    expect(list.map((j) => emissionBadge(extremes, j))).toEqual(['lowest', 'highest', null]);
  });
  it('highlights nothing for one journey or equal emissions', () => {
    expect(emissionExtremes(js(2))).toBeNull();
    expect(emissionExtremes(js(1, 1))).toBeNull();
  });
});

describe('options only some travellers may use (community transport eligibility)', () => {
  const items = [
    journey('dial', {
      cost: 'free',
      co2: 0.1,
      seconds: 600,
      eligibility: 'people who cannot use conventional public transport',
    }),
    journey('bus', { cost: '£2.00', co2: 0.5, seconds: 1800, leave: '07:30' }),
    journey('taxi', { cost: '£9.00', co2: 2, seconds: 700, leave: '08:10' }),
  ];

  it('never lead a sort by merit (cost, travel time, emissions), but keep their place by the clock', () => {
    expect(ids(sortResults(items, 'cost'))).toEqual(['bus', 'taxi', 'dial']);
    expect(ids(sortResults(items, 'travel-time'))).toEqual(['taxi', 'bus', 'dial']);
    expect(ids(sortResults(items, 'emissions'))).toEqual(['bus', 'taxi', 'dial']);
    expect(ids(sortResults(items, 'depature-time'))).toEqual(['bus', 'dial', 'taxi']);
  });

  it('are not the lowest emissions for everyone', () => {
    const journeys = items.map((i) => (i as { journey: Journey }).journey);
    const extremes = emissionExtremes(journeys);
    expect(extremes).toEqual({ lowest: 0.5, highest: 2, compared: 'all' });
    expect(journeys.map((j) => emissionBadge(extremes, j))).toEqual([null, 'lowest', 'highest']);
  });
});
