/**
 * The range search prunes with lower bounds on the time to the destination. A bound that is ever
 * larger than a real journey would silently drop that journey, so: for random stops and times, the
 * bound from a stop is never more than the fastest real journey from it (found by a single search),
 * and stops the bound calls unreachable really have no journey. The same for the fewest trips
 * needed from a stop (range searches prune with it against journeys of more trips).
 */
import { describe, expect, it } from 'vitest';
import { Planner } from '../../../src/planner/transit/planner';
import { forwardView } from '../../../src/planner/transit/transit-view';
import { LowerBounds } from '../../../src/planner/raptor/lower-bounds';
import { INF } from '../../../src/planner/raptor/state';
import { parseDay } from '../../../src/planner/timetable/gtfs-time';
import { FEEDS, loadFeeds, seeded } from '../transit/helpers';

describe.each([
  ['rail', FEEDS.rail, '2022-11-16'],
  ['porto-alegre', FEEDS.portoAlegre, '2019-05-15'],
] as const)('lower bounds on %s', (_name, feed, day) => {
  it('never exceed the fastest real journey to the destination', async () => {
    const tt = await loadFeeds(feed);
    const date = parseDay(day);
    const planner = new Planner(tt);
    const bounds = new LowerBounds(forwardView(tt));
    const rnd = seeded(7);
    const stops = [...new Set(tt.patternStops)];
    let checked = 0;
    let unreachable = 0;
    let informative = 0;
    let tripInformative = 0;
    let tripTight = 0;
    let tripUnreachable = 0;
    for (let q = 0; q < 40; q++) {
      const dest = stops[Math.floor(rnd() * stops.length)] as number;
      const egress = [{ stop: dest, duration: 120 }];
      const bound = Int32Array.from(bounds.compute(egress));
      expect(bound[dest]).toBe(120);
      for (let i = 0; i < 8; i++) {
        const from = stops[Math.floor(rnd() * stops.length)] as number;
        const time = ((tt.departures[Math.floor(rnd() * tt.departures.length)] as number) % 86_400) - 600;
        const paths = planner.plan({
          date,
          time: Math.max(0, time),
          access: [{ stop: from, duration: 0 }],
          egress,
        }).paths;
        const fastest = Math.min(...paths.map((p) => p.arrival - p.departure));
        // Trip-count bounds: never more trips than the journey with the fewest (maxTransfers 8: 9 rounds).
        bounds.computeTrips(egress, 9);
        const fewest = Math.min(...paths.map((p) => p.transfers + 1));
        if (paths.length) {
          expect(
            bounds.tripsAfterReady[from],
            `trips from ${tt.stopIds[from]} to ${tt.stopIds[dest]}`,
          ).toBeLessThanOrEqual(fewest);
          if (fewest > 1) tripInformative++;
          if ((bounds.tripsAfterReady[from] as number) > 1) tripTight++;
        } else if (bounds.tripsAfterReady[from] === INF) tripUnreachable++;
        if (bound[from] === INF) {
          unreachable++;
          expect(paths).toHaveLength(0);
        } else if (paths.length) {
          checked++;
          expect(bound[from], `stop ${tt.stopIds[from]} to ${tt.stopIds[dest]}`).toBeLessThanOrEqual(fastest);
          // A bound of zero is safe but useless: most should carry real riding time.
          if ((bound[from] as number) > 120 + (fastest - 120) / 4) informative++;
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(informative).toBeGreaterThan(checked / 2);
    // Where journeys need changes, the trip bound mostly knows it (a bound of 1 is safe but weak).
    expect(tripTight).toBeGreaterThan(tripInformative / 2);
    void tripUnreachable;
    void unreachable;
  }, 60_000);
});

// The last column: of 30 destinations, how many at least leave part of the network unsettled. On the Isle
// of Wight the largest strongly connected part has 127 of 315 stops, so with a destination outside it
// the whole Dijkstra runs at once (the lazy one cannot tell reachability without it).
describe.each([
  ['rail', FEEDS.rail, 15],
  ['porto-alegre', FEEDS.portoAlegre, 15],
  ['isle-of-wight', FEEDS.isleOfWight, 0],
] as const)('lazy lower bounds on %s', (_name, feed, lazyAtLeast) => {
  it('answer every question as the whole Dijkstra does, in any order', async () => {
    const tt = await loadFeeds(feed);
    const view = forwardView(tt);
    const full = new LowerBounds(view);
    const lazy = new LowerBounds(view);
    const rnd = seeded(11);
    const stops = [...new Set(tt.patternStops)];
    const pick = () => stops[Math.floor(rnd() * stops.length)] as number;
    let asked = 0;
    let settledEarly = 0;
    let unreachable = 0;
    for (let q = 0; q < 30; q++) {
      const dest = pick();
      const egress = [
        { stop: dest, duration: 60 + Math.floor(rnd() * 300) },
        { stop: pick(), duration: Math.floor(rnd() * 900) },
      ];
      const bound = Int32Array.from(full.compute(egress));
      const lazyBound = lazy.startLazy(egress);
      // As PathState.boundBelow asks: a final entry is read, any other is asked of the Dijkstra.
      const below = (s: number, limit: number) =>
        (lazyBound[s] as number) < lazy.frontier ? (lazyBound[s] as number) < limit : lazy.below(s, limit);
      for (let i = 0; i < 300; i++) {
        const s = pick();
        const exact = bound[s] as number;
        // Limits around the bound itself, anywhere below an hour and a half, and "no journey yet" (INF - t).
        const limit =
          i % 3 === 0
            ? exact === INF
              ? Math.floor(rnd() * 5400)
              : exact + Math.floor(rnd() * 3) - 1
            : i % 3 === 1
              ? Math.floor(rnd() * 5400) - 60
              : INF - Math.floor(rnd() * 100_000);
        expect(below(s, limit), `stop ${tt.stopIds[s]}, limit ${limit}, bound ${exact}`).toBe(exact < limit);
        asked++;
        if (exact === INF) unreachable++;
      }
      if (lazy.frontier < 0x7fffffff) settledEarly++;
      // Whatever was settled is exact.
      for (let s = 0; s < tt.stopCount; s++)
        if ((lazyBound[s] as number) < lazy.frontier) expect(lazyBound[s]).toBe(bound[s]);
    }
    expect(asked).toBe(9000);
    // The point of it: most destinations leave part of the network unsettled.
    expect(settledEarly).toBeGreaterThanOrEqual(lazyAtLeast);
    void unreachable;
  }, 60_000);
});
