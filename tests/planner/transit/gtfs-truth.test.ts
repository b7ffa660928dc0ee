/**
 * The planner against GTFS itself (gtfs-truth.ts, which reads the feeds' files and nothing of the
 * planner's): on every real feed in data/test, the Tayside region's feeds together, and the
 * linked-transfers feed (trip-to-trip, route-to-route and mixed transfers, exact frequencies,
 * parent stations), random stop pairs and times must get exactly the earliest arrival GTFS allows.
 * Generated walks between nearby stops are a planner policy GTFS does not state: they are off here.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Planner } from '../../../src/planner/transit/planner';
import { buildTimetable } from '../../../src/planner/timetable/build';
import { parseDay, formatGtfsTime } from '../../../src/planner/timetable/gtfs-time';
import { GtfsTruth } from './gtfs-truth';
import { SHARED_DATA, seeded, zipSource } from './helpers';

interface Feed {
  path: string;
  name: string;
}

export interface DifferentialStats {
  queries: number;
  found: number;
  differences: string[];
}

export async function differential(
  feeds: Feed[],
  date: string,
  queries: number,
  seed: number,
  withoutRules = false,
): Promise<DifferentialStats> {
  const tt = await buildTimetable(
    feeds.map((f) => ({ source: zipSource(f.path, f.name) })),
    { footpaths: { maxDistance: 0 } },
  );
  // The planner as it was before trip- and route-specific rules: only the stop-level ones.
  if (withoutRules) delete tt.ruleFromStop;
  const truth = await GtfsTruth.load(feeds.map((f) => ({ path: resolve(SHARED_DATA, f.path), name: f.name })));
  const planner = new Planner(tt);
  const day = parseDay(date);
  const routed = new Uint8Array(tt.stopCount);
  for (const s of tt.patternStops) routed[s] = 1;
  const stops = [...Array(tt.stopCount).keys()].filter((s) => routed[s] === 1);
  const rnd = seeded(seed);
  const stats: DifferentialStats = { queries: 0, found: 0, differences: [] };
  while (stats.queries < queries) {
    const a = stops[Math.floor(rnd() * stops.length)] as number;
    const b = stops[Math.floor(rnd() * stops.length)] as number;
    if (a === b) continue;
    const time = 5 * 3600 + Math.floor(rnd() * 17 * 3600);
    stats.queries++;
    const result = planner.plan({
      date: day,
      time,
      access: [{ stop: a, duration: 0 }],
      egress: [{ stop: b, duration: 0 }],
      maxTransfers: 30,
    });
    const got = Math.min(Infinity, ...result.paths.map((p) => p.arrival));
    const want = truth.earliestArrival(tt.stopIds[a] as string, tt.stopIds[b] as string, time, day);
    if (want < Infinity) stats.found++;
    if (got !== want) {
      const show = (t: number) => (t === Infinity ? 'none' : formatGtfsTime(t));
      stats.differences.push(
        `${tt.stopIds[a]} -> ${tt.stopIds[b]} at ${formatGtfsTime(time)} on ${date}: planner ${show(got)}, GTFS ${show(want)}`,
      );
    }
  }
  return stats;
}

const run = async (feeds: Feed[], date: string, queries: number, seed: number, minFound: number) => {
  const stats = await differential(feeds, date, queries, seed);
  console.log(feeds.map((f) => f.name).join('+'), date, { ...stats, differences: stats.differences.length });
  expect(stats.differences.slice(0, 10)).toEqual([]);
  expect(stats.queries).toBe(queries);
  expect(stats.found).toBeGreaterThanOrEqual(minFound);
};

describe('the planner against GTFS read on its own', () => {
  const linked = [{ path: 'test/transfers/linked-transfers.gtfs.zip', name: 'linked' }];
  it('linked-transfers feed: trip-to-trip, route-to-route and mixed rules, frequencies, stations (weekday)', async () => {
    await run(linked, '2026-01-14', 3000, 2901, 1500);
  }, 120_000);
  it('finds the planner wrong without the trip- and route-specific rules (the test can fail)', async () => {
    const stats = await differential(linked, '2026-01-14', 3000, 2901, true);
    console.log('linked without rules', { ...stats, differences: stats.differences.length });
    expect(stats.differences.length).toBeGreaterThan(100);
  }, 120_000);
  it('linked-transfers feed on a Saturday (no frequencies, fewer trips)', async () => {
    await run(linked, '2026-01-17', 1000, 2902, 200);
  }, 60_000);
  it('Tayside region feeds together (Ember coach, Scotland rail with its stop-level transfers)', async () => {
    await run(
      [
        { path: 'tayside/gtfs/ember-e1.zip', name: 'ember' },
        { path: 'tayside/gtfs/rail-scotland-2022.zip', name: 'rail' },
      ],
      '2022-11-16',
      2000,
      2903,
      500,
    );
  }, 300_000);
  it('Isle of Wight buses', async () => {
    await run([{ path: 'test/uk/isle-of-wight-bus-gtfs.zip', name: 'iow' }], '2019-05-15', 2000, 2904, 100);
  }, 300_000);
  it('Porto Alegre buses and metro', async () => {
    await run(
      [
        { path: 'test/porto-alegre/gtfs-eptc-bus.zip', name: 'eptc' },
        { path: 'test/porto-alegre/gtfs-trensurb-metro.zip', name: 'trensurb' },
      ],
      '2019-05-15',
      1000,
      2905,
      300,
    );
  }, 900_000);
  it('Cobb County route 30 (blocks: staying seated)', async () => {
    await run([{ path: 'test/flex/cobblinc-bus-30.gtfs.zip', name: 'cobb' }], '2021-09-15', 2000, 2906, 300);
  }, 300_000);
});
