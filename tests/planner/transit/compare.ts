/**
 * The reference comparison: random stop pairs and times on a real feed; RAPTOR's
 * earliest arrival must equal the connection scan's exactly, arrive-by must give
 * the connection scan's latest departure, and every leg must be a real trip
 * calling at both stops at the stated times on that date.
 */
import { expect } from 'vitest';
import { Planner } from '../../../src/planner/transit/planner';
import type { RaptorPath } from '../../../src/planner/raptor/transit-data';
import { serviceRunsOn, tripTimeBase, type Timetable } from '../../../src/planner/timetable/model';
import { connectionsOf, earliestArrival, latestDeparture, reverseIndex } from './reference-csa';
import { seeded } from './helpers';

export interface CompareStats {
  queries: number;
  found: number;
  arriveByChecked: number;
  /** Journeys that stay seated from one trip onto the next of the same vehicle. */
  seated: number;
}

export function compareWithReference(tt: Timetable, date: number, queries: number, seed: number): CompareStats {
  const rnd = seeded(seed);
  const planner = new Planner(tt);
  const routed = new Uint8Array(tt.stopCount);
  for (const s of tt.patternStops) routed[s] = 1;
  const stops = [...Array(tt.stopCount).keys()].filter((s) => routed[s] === 1);
  const connections = connectionsOf(tt, date);
  const reverse = reverseIndex(tt, connections);
  const stats: CompareStats = { queries: 0, found: 0, arriveByChecked: 0, seated: 0 };
  const seated = (paths: RaptorPath[]) =>
    paths.filter((p) => p.legs.some((l) => l.kind === 'transit' && l.staySeated)).length;
  while (stats.queries < queries) {
    const a = stops[Math.floor(rnd() * stops.length)] as number;
    const b = stops[Math.floor(rnd() * stops.length)] as number;
    if (a === b) continue;
    const time = 5 * 3600 + Math.floor(rnd() * 17 * 3600);
    const access = [{ stop: a, duration: 0 }];
    const egress = [{ stop: b, duration: 0 }];
    const where = `${tt.stopIds[a]} -> ${tt.stopIds[b]} at ${time}s (seed ${seed}, query ${stats.queries})`;
    stats.queries++;
    const result = planner.plan({ date, time, access, egress, maxTransfers: 30 });
    const got = Math.min(Infinity, ...result.paths.map((p) => p.arrival));
    expect(got, `earliest arrival ${where}`).toBe(earliestArrival(tt, connections, access, egress, time));
    for (const p of result.paths) checkPath(tt, date, p, a, b, time, Infinity, where);
    if (got === Infinity) continue;
    stats.found++;
    // Arrive-by the earliest arrival: the latest departure that still makes it.
    const back = planner.plan({ date, time: got, access, egress, arriveBy: true, maxTransfers: 30 });
    const latest = Math.max(-Infinity, ...back.paths.map((p) => p.departure));
    expect(latest, `latest departure ${where}`).toBe(latestDeparture(tt, reverse, access, egress, got));
    expect(latest).toBeGreaterThanOrEqual(time);
    for (const p of back.paths) checkPath(tt, date, p, a, b, -Infinity, got, where);
    stats.seated += seated(result.paths) + seated(back.paths);
    stats.arriveByChecked++;
  }
  return stats;
}

/** Every transit leg is a real trip running that day, calling at both stops at the stated times; legs chain in time. */
export function checkPath(
  tt: Timetable,
  date: number,
  p: RaptorPath,
  from: number | number[],
  to: number | number[],
  notBefore: number,
  notAfter: number,
  where: string,
): void {
  const origins = Array.isArray(from) ? from : [from];
  const destinations = Array.isArray(to) ? to : [to];
  expect(p.departure, where).toBeGreaterThanOrEqual(notBefore);
  expect(p.arrival, where).toBeLessThanOrEqual(notAfter);
  let clock = p.departure;
  let at = origins[0] as number;
  for (const leg of p.legs) {
    expect(leg.start, `leg starts after the previous one ends: ${where}`).toBeGreaterThanOrEqual(clock);
    if (leg.kind === 'transit') {
      const n = (tt.patternStopStart[leg.pattern + 1] as number) - (tt.patternStopStart[leg.pattern] as number);
      const base = tripTimeBase(tt, leg.pattern, leg.trip);
      const stopAt = (i: number) => tt.patternStops[(tt.patternStopStart[leg.pattern] as number) + i] as number;
      expect(leg.trip).toBeGreaterThanOrEqual(tt.patternTripStart[leg.pattern] as number);
      expect(leg.trip).toBeLessThan(tt.patternTripStart[leg.pattern + 1] as number);
      expect(leg.boardPos).toBeLessThan(leg.alightPos);
      expect(leg.alightPos).toBeLessThan(n);
      const shift = leg.start - (tt.departures[base + leg.boardPos] as number);
      expect(Number.isInteger(shift / 86_400), where).toBe(true);
      expect(
        serviceRunsOn(tt, tt.tripService[leg.trip] as number, date + shift / 86_400),
        `trip runs that day: ${where}`,
      ).toBe(true);
      expect(leg.end).toBe((tt.arrivals[base + leg.alightPos] as number) + shift);
      if (at !== stopAt(leg.boardPos)) {
        throw new Error(
          `leg boards at ${tt.stopIds[stopAt(leg.boardPos)]} but the traveller is at ${tt.stopIds[at]}: ${where}`,
        );
      }
      at = stopAt(leg.alightPos);
    } else if (leg.kind === 'transfer') {
      expect(leg.from).toBe(at);
      at = leg.to;
    } else if (leg.kind === 'access') {
      expect(origins, `access from an origin stop: ${where}`).toContain(leg.stop);
      at = leg.stop;
    } else {
      expect(leg.stop, `egress from where the traveller is: ${where}`).toBe(at);
    }
    clock = leg.end;
  }
  expect(destinations, `journey ends at the destination: ${where}`).toContain(at);
  expect(clock).toBe(p.arrival);
}
