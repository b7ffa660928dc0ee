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
