/**
 * Range RAPTOR against single searches (themselves checked against the reference):
 * each option is the fastest for its departure and transfer count, and no
 * departure in the window has a journey that the option set misses.
 */
import { describe, expect, it } from 'vitest';
import { accessFromStop, egressToStop } from '../../../src/planner/transit/places';
import { Planner } from '../../../src/planner/transit/planner';
import { parseDay } from '../../../src/planner/timetable/gtfs-time';
import { checkPath } from '../transit/compare';
import { FEEDS, loadFeeds, seeded } from '../transit/helpers';

describe.each([
  ['ember', FEEDS.ember, '2026-11-25', 40],
  ['rail', FEEDS.rail, '2022-11-16', 12],
  ['porto-alegre', FEEDS.portoAlegre, '2019-05-15', 6],
] as const)('range RAPTOR on %s', (_name, feed, day, queries) => {
  it('returns exactly the Pareto set of departure, arrival and transfers over a window', async () => {
    const tt = await loadFeeds(feed);
    const date = parseDay(day);
    const planner = new Planner(tt);
    const rnd = seeded(21);
    const stops = [...new Set(tt.patternStops)];
    const window = 3600;
    let options = 0;
    for (let q = 0; q < queries; q++) {
      const a = stops[Math.floor(rnd() * stops.length)] as number;
      const b = stops[Math.floor(rnd() * stops.length)] as number;
      if (a === b) continue;
      const time = Math.max(0, ((tt.departures[Math.floor(rnd() * tt.departures.length)] as number) % 86_400) - 1800);
      const base = { date, time, access: accessFromStop(tt, a), egress: egressToStop(tt, b), maxTransfers: 6 };
      const where = `query ${q}`;
      for (const step of [1, 60]) {
        const range = planner.plan({ ...base, window, rangeStep: step }).paths;
        options += range.length;
        for (const p of range) {
          checkPath(
            tt,
            date,
            p,
            base.access.map((x) => x.stop),
            base.egress.map((x) => x.stop),
            time,
            Infinity,
            where,
          );
          expect(p.departure).toBeGreaterThanOrEqual(time);
          // Fastest for its departure with at most its number of transfers.
          const single = planner.plan({ ...base, time: p.departure, maxTransfers: p.transfers }).paths;
          expect(Math.min(...single.map((s) => s.arrival)), where).toBe(p.arrival);
        }
        if (step !== 1) continue;
        // Complete: leaving at any second in the window, the best journey is matched or beaten by an option leaving no earlier.
        for (let t = time; t <= time + window; t += 181) {
          const best = planner.plan({ ...base, time: t }).paths;
          for (const s of best) {
            if (s.departure > time + window) continue;
            const covered = range.some((p) => p.departure >= t && p.arrival <= s.arrival && p.transfers <= s.transfers);
            expect(covered, `${where}: leaving at ${t}`).toBe(true);
          }
        }
      }
    }
    expect(options).toBeGreaterThan(0);
  }, 90_000);
});
