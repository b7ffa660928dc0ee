/**
 * Range RAPTOR's answer is exactly the Pareto set (later departure, earlier arrival, fewer transfers)
 * of the journeys single searches find leaving at every second of the window (and the second after
 * it, so one leaving after the window replaces those in it it matches). The single searches
 * step through the window second by second, jumping only over times no journey can leave at: a
 * single search at t finds, for each number of transfers, the earliest arrival of all journeys leaving
 * at or after t; the earliest departure among its journeys is d, so nothing leaving in (t, d) can
 * beat them, and the next search is at d + 1.
 */
import { describe, expect, it } from 'vitest';
import type { RaptorPath } from '../../../src/planner/raptor/transit-data';
import { parseDay } from '../../../src/planner/timetable/gtfs-time';
import type { Timetable } from '../../../src/planner/timetable/model';
import { accessFromStop, egressToStop } from '../../../src/planner/transit/places';
import { Planner, type PlanOptions } from '../../../src/planner/transit/planner';
import { FEEDS, loadFeeds, seeded } from '../transit/helpers';

type Triple = string;
const triple = (p: RaptorPath): Triple => `${p.departure}>${p.arrival}/${p.transfers}`;

/** The Pareto set over (departure later, arrival earlier, transfers fewer), as sorted triples. */
function pareto(paths: RaptorPath[]): Triple[] {
  const kept = paths.filter(
    (p) =>
      !paths.some(
        (q) =>
          q.departure >= p.departure &&
          q.arrival <= p.arrival &&
          q.transfers <= p.transfers &&
          (q.departure > p.departure || q.arrival < p.arrival || q.transfers < p.transfers),
      ),
  );
  return [...new Set(kept.map(triple))].sort();
}

/**
 * The Pareto set of the journeys single searches find leaving at every second of the window and the
 * second after it (a journey leaving after the window that matches one in it replaces it).
 */
function bySingleSearches(planner: Planner, base: PlanOptions, window: number): { set: Triple[]; searches: number } {
  const found: RaptorPath[] = [];
  let searches = 0;
  for (let t = base.time; t <= base.time + window + 1;) {
    const paths = planner.plan({ ...base, time: t }).paths;
    searches++;
    found.push(...paths);
    if (paths.length === 0) break;
    t = Math.min(...paths.map((p) => p.departure)) + 1;
  }
  return { set: pareto(found), searches };
}

function randomQueries(tt: Timetable, date: number, count: number, seed: number): PlanOptions[] {
  const rnd = seeded(seed);
  const stops = [...new Set(tt.patternStops)];
  const out: PlanOptions[] = [];
  while (out.length < count) {
    const a = stops[Math.floor(rnd() * stops.length)] as number;
    const b = stops[Math.floor(rnd() * stops.length)] as number;
    if (a === b) continue;
    const time = Math.max(0, ((tt.departures[Math.floor(rnd() * tt.departures.length)] as number) % 86_400) - 1800);
    out.push({ date, time, access: accessFromStop(tt, a), egress: egressToStop(tt, b), maxTransfers: 5 });
  }
  return out;
}

describe.each([
  ['rail', FEEDS.rail, '2022-11-16', 40, 7200],
  ['ember', FEEDS.ember, '2026-11-25', 25, 7200],
  ['porto-alegre', FEEDS.portoAlegre, '2019-05-15', 4, 3600],
] as const)('range RAPTOR on %s', (_name, feed, day, count, window) => {
  it('equals the Pareto set of single searches at every departure in the window', async () => {
    const tt = await loadFeeds(feed);
    const planner = new Planner(tt);
    let options = 0;
    let searches = 0;
    let coarseMisses = 0;
    for (const [q, base] of randomQueries(tt, parseDay(day), count, 29).entries()) {
      const expected = bySingleSearches(planner, base, window);
      searches += expected.searches;
      const range = planner.plan({ ...base, window }).paths;
      expect(range.map(triple).sort(), `query ${q} at ${base.time}`).toEqual(expected.set);
      options += expected.set.length;
      // The same comparison fails when runs are skipped: two runs a window merge options leaving
      // in the same half of it.
      const coarse = planner.plan({ ...base, window, rangeStep: window / 2 }).paths;
      if (JSON.stringify(coarse.map(triple).sort()) !== JSON.stringify(expected.set)) coarseMisses++;
    }
    expect(options).toBeGreaterThan(count);
    expect(searches).toBeGreaterThan(options);
    expect(coarseMisses).toBeGreaterThan(0);
  }, 120_000);
});
