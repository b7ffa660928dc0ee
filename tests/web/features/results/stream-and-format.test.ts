import { describe, expect, it } from 'vitest';
import type { Journey } from '../../../../src/contract/journey';
import type { SearchQuery } from '../../../../src/contract/search';
import { costLabel, dateLabel, modeIcon } from '../../../../src/web/components/journey-labels';
import { kgCo2, minutes } from '../../../../src/web/features/results/format';
import { milesFixed as metresToMiles } from '../../../../src/vocabulary/units';
import {
  initialStreamState,
  isDone,
  placeholderCount,
  resultItems,
  streamReducer,
  type StreamAction,
} from '../../../../src/web/features/results/stream-state';

const j = (id: string) => ({ id }) as Journey;
const run = (...actions: StreamAction[]) => actions.reduce(streamReducer, initialStreamState);
function query(fields: Partial<SearchQuery>): SearchQuery {
  return {
    hash: 'h',
    status: 'running',
    failure: null,
    results_retrieved: null,
    journeys: [],
    ...fields,
  } as SearchQuery;
}

describe('placeholder bookkeeping (SPEC section 4)', () => {
  it('adds journey_count placeholders, each journey replaces the next, done when all arrived', () => {
    let state = run({ type: 'retrieved', count: 3 });
    expect(placeholderCount(state)).toBe(3);
    expect(isDone(state)).toBe(false);
    state = streamReducer(state, { type: 'journey', journey: j('a') });
    expect(resultItems(state).map((i) => i.kind)).toEqual(['journey', 'placeholder', 'placeholder']);
    state = run(
      { type: 'retrieved', count: 3 },
      { type: 'journey', journey: j('a') },
      { type: 'journey', journey: j('b') },
      { type: 'journey', journey: j('c') },
    );
    expect(placeholderCount(state)).toBe(0);
    expect(isDone(state)).toBe(true);
  });
  it('nothing is shown or done before the planner has counted', () => {
    expect(placeholderCount(initialStreamState)).toBe(0);
    expect(isDone(initialStreamState)).toBe(false);
  });
  it('merges the late GET with the events without doubling a journey', () => {
    const state = run(
      { type: 'journey', journey: j('a') },
      { type: 'snapshot', query: query({ results_retrieved: 3, journeys: [j('a'), j('b')] }) },
      { type: 'journey', journey: j('b') },
    );
    expect(state.journeys.map((x) => x.id)).toEqual(['a', 'b']);
    expect(placeholderCount(state)).toBe(1);
    expect(state.query?.hash).toBe('h');
  });
  it('a GET of a finished search with no journeys is done and empty', () => {
    const state = run({ type: 'snapshot', query: query({ status: 'done', results_retrieved: 0 }) });
    expect(isDone(state)).toBe(true);
    expect(resultItems(state)).toEqual([]);
  });
  it('a journey that cannot be fetched frees its placeholder; a failed search is done with its reason', () => {
    const state = run({ type: 'retrieved', count: 2 }, { type: 'journey', journey: j('a') }, { type: 'lost' });
    expect(placeholderCount(state)).toBe(0);
    expect(isDone(state)).toBe(true);
    const failed = run({
      type: 'snapshot',
      query: query({ status: 'failed', failure: 'The origin is outside every region.' }),
    });
    expect(isDone(failed)).toBe(true);
    expect(failed.failure).toBe('The origin is outside every region.');
  });
  it('refuses a negative or fractional count', () => {
    expect(placeholderCount(run({ type: 'retrieved', count: -4 }))).toBe(0);
    expect(placeholderCount(run({ type: 'retrieved', count: 2.7 }))).toBe(2);
  });
});

describe('card formatting', () => {
  it('metres to miles by 0.00062137, two decimals', () => {
    expect(metresToMiles(0)).toBe('0.00');
    expect(metresToMiles(1609.344)).toBe('1.00');
    expect(metresToMiles(804)).toBe('0.50');
    expect(metresToMiles(12345)).toBe('7.67');
  });
  it('minutes, kg CO2, cost and date labels', () => {
    expect(minutes(0)).toBe(0);
    expect(minutes(89)).toBe(1);
    expect(minutes(600)).toBe(10);
    expect(kgCo2(1.2345)).toBe('1.23');
    expect(costLabel('free')).toBe('Free');
    expect(costLabel('unknown')).toBe('Unknown');
    expect(costLabel('£4.20')).toBe('£4.20');
    expect(dateLabel('2026-11-24')).toBe('Tue 24 Nov 2026');
  });
  it('maps modes to SPEC icons, circled with -c', () => {
    expect(modeIcon('cycle')).toBe('bike');
    expect(modeIcon('bike-hire')).toBe('bike');
    expect(modeIcon('intercity bus')).toBe('bus');
    expect(modeIcon('own-car')).toBe('car');
    expect(modeIcon('car club')).toBe('car-club');
    expect(modeIcon('carclub', true)).toBe('car-club-c');
    expect(modeIcon('light tram')).toBe('tram');
    expect(modeIcon('train', true)).toBe('train-c');
    expect(modeIcon('hovercraft')).toBeNull();
  });
});
