/**
 * McRAPTOR against plain RAPTOR on real feeds: for every number of transfers it
 * reaches the same earliest arrival, every option is a valid journey, and no
 * option is beaten by another on arrival, transfers and walking time together.
 */
import { describe, expect, it } from 'vitest';
import { accessFromStop, egressToStop } from '../../../src/planner/transit/places';
import { Planner } from '../../../src/planner/transit/planner';
import type { RaptorPath } from '../../../src/planner/raptor/transit-data';
import { parseDay } from '../../../src/planner/timetable/gtfs-time';
import { checkPath } from '../transit/compare';
import { FEEDS, loadFeeds, seeded } from '../transit/helpers';

const walking = (p: RaptorPath) =>
  p.legs.reduce((w, l) => w + (l.kind === 'transit' ? 0 : l.kind === 'transfer' ? l.duration : l.duration), 0);

function bestByTransfers(paths: RaptorPath[], max: number): number[] {
  return Array.from({ length: max + 1 }, (_, k) =>
    Math.min(Infinity, ...paths.filter((p) => p.transfers <= k).map((p) => p.arrival)),
  );
}

describe.each([
  ['ember', FEEDS.ember, '2026-11-25', 60],
  ['isle-of-wight', FEEDS.isleOfWight, '2019-05-15', 60],
  ['porto-alegre', FEEDS.portoAlegre, '2019-05-15', 24],
] as const)('McRAPTOR on %s', (_name, feed, day, queries) => {
  it('matches RAPTOR per transfer count and returns only non-dominated valid journeys', async () => {
    const tt = await loadFeeds(feed);
    const date = parseDay(day);
    const planner = new Planner(tt);
    const rnd = seeded(11);
    const stops = [...new Set(tt.patternStops)];
    let withOptions = 0;
    for (let q = 0; q < queries; q++) {
      const a = stops[Math.floor(rnd() * stops.length)] as number;
      const b = stops[Math.floor(rnd() * stops.length)] as number;
      if (a === b) continue;
      // Busy hours of each feed come from its own timetable: a random scheduled departure.
      const time = Math.max(0, ((tt.departures[Math.floor(rnd() * tt.departures.length)] as number) % 86_400) - 900);
      // With footpaths in access and egress, so walking time differs between options.
      const query = { date, time, access: accessFromStop(tt, a), egress: egressToStop(tt, b), maxTransfers: 4 };
      const plain = planner.plan(query).paths;
      const multi = planner.plan({ ...query, multiCriteria: true }).paths;
      expect(bestByTransfers(multi, 4), `query ${q}`).toEqual(bestByTransfers(plain, 4));
      for (const p of multi) {
        checkPath(
          tt,
          date,
          p,
          query.access.map((x) => x.stop),
          query.egress.map((x) => x.stop),
          time,
          Infinity,
          `query ${q}`,
        );
        const beaten = multi.some(
          (o) =>
            o !== p &&
            o.arrival <= p.arrival &&
            o.transfers <= p.transfers &&
            walking(o) <= walking(p) &&
            (o.arrival < p.arrival || o.transfers < p.transfers || walking(o) < walking(p)),
        );
        expect(beaten).toBe(false);
      }
      if (multi.length > 1) withOptions++;
    }
    // Some queries must offer a real choice (for example less walking for a later arrival).
    expect(withOptions).toBeGreaterThan(0);
  }, 60_000);
});
