/**
 * A ride's line (query/itinerary.ts): the trip's shape where it passes the calls, straight lines
 * between the calls where it does not. The Ember feed's shapes cover only parts of the route (a
 * few hundred metres in Dundee, or Edinburgh to Rosyth), which once cut Kinross-Dundee rides to
 * 40 m; a made-up out-and-back route checks that a call is matched on the right pass.
 */
import { describe, expect, it } from 'vitest';
import { haversine, pathLength, type LatLng } from '../../../src/planner/geo/geo';
import { SHAPE_NEAR_METRES, transitLeg, type TransitLeg } from '../../../src/planner/transit/itinerary';
import { buildTimetable } from '../../../src/planner/timetable/build';
import { parseDay } from '../../../src/planner/timetable/gtfs-time';
import type { Timetable } from '../../../src/planner/timetable/model';
import { FEEDS, loadFeeds, MemorySource } from './helpers';

const DAY = parseDay('2026-11-24');
const line = (leg: TransitLeg): LatLng[] => leg.geometry.map(([lat, lng]) => ({ lat, lng }));
const calls = (leg: TransitLeg): LatLng[] =>
  [leg.from, ...leg.intermediateStops, leg.to].map((c) => ({ lat: c.lat, lng: c.lon }));

/** Every ride between two calls of each pattern's first trip. */
function* everyRide(tt: Timetable): Generator<TransitLeg> {
  for (let p = 0; p < tt.patternCount; p++) {
    const n = (tt.patternStopStart[p + 1] as number) - (tt.patternStopStart[p] as number);
    const trip = tt.patternTripStart[p] as number;
    for (let i = 0; i < n - 1; i++) for (let j = i + 1; j < n; j++) yield transitLeg(tt, DAY, p, trip, i, j, 0);
  }
}

function expectRideOnItsStops(leg: TransitLeg): void {
  const pts = line(leg);
  const first = pts[0]!;
  const last = pts[pts.length - 1]!;
  expect(haversine(first.lat, first.lng, leg.from.lat, leg.from.lon)).toBeLessThanOrEqual(SHAPE_NEAR_METRES);
  expect(haversine(last.lat, last.lng, leg.to.lat, leg.to.lon)).toBeLessThanOrEqual(SHAPE_NEAR_METRES);
  // No shorter than going from call to call in a straight line (less the matching tolerance at each end).
  expect(pathLength(pts)).toBeGreaterThanOrEqual(0.95 * pathLength(calls(leg)) - 2 * SHAPE_NEAR_METRES);
}

describe('ride geometry', () => {
  it('Ember: every ride starts and ends at its stops and is never shorter than its calls, though the shapes cover parts of the route', async () => {
    const tt = await loadFeeds(FEEDS.ember);
    let rides = 0;
    for (const leg of everyRide(tt)) {
      expectRideOnItsStops(leg);
      rides++;
    }
    expect(rides).toBeGreaterThan(100);
  });

  it('Ember: Edinburgh to Rosyth follows the shape, Rosyth to Kinross (beyond the shape) goes call to call', async () => {
    const tt = await loadFeeds(FEEDS.ember);
    const rides = [...everyRide(tt)];
    // Only the trips via Edinburgh Airport have the Edinburgh-Rosyth shape; the others' shapes end in the city.
    const shaped = rides
      .filter((l) => l.from.name === 'St Andrew Square' && l.to.name === 'Rosyth')
      .sort((a, b) => b.geometry.length - a.geometry.length)[0]!;
    expect(shaped.intermediateStops.map((c) => c.name)).toContain('Edinburgh Airport (Stop G)');
    // The shape has about a thousand points over these 32 km; the calls are seven.
    expect(shaped.geometry.length).toBeGreaterThan(calls(shaped).length * 20);
    expect(pathLength(line(shaped))).toBeGreaterThan(25_000);
    for (const beyond of rides.filter((l) => l.from.name === 'Rosyth' && l.to.name === 'Kinross P&R'))
      expect(beyond.geometry.length).toBe(2);
  });

  it('an out-and-back route: a call on the way back is matched on the way back, not on the way out', async () => {
    // Made-up test feed: a road 2 km east and back, the return 20 m north of the outward pass.
    // The stop on the way back sits 8 m from the outward pass (its nearest shape point overall).
    const lat0 = 56;
    const dLng = 100 / (111_195 * Math.cos((lat0 * Math.PI) / 180)); // 100 m east
    const north = 20 / 111_195;
    const shape: string[] = [];
    for (let i = 0; i <= 20; i++) shape.push(`sh,${lat0},${(-3 + i * dLng).toFixed(7)},${i}`);
    for (let i = 20; i >= 0; i--) shape.push(`sh,${(lat0 + north).toFixed(7)},${(-3 + i * dLng).toFixed(7)},${41 - i}`);
    const stop = (id: string, x: number, y: number) =>
      `${id},${id},${(lat0 + y / 111_195).toFixed(7)},${(-3 + (x / 100) * dLng).toFixed(7)}`;
    const tt = await buildTimetable([
      {
        source: new MemorySource('loop', {
          'agency.txt': 'agency_id,agency_name,agency_url,agency_timezone\na,Loop,https://example.org,Europe/London\n',
          'stops.txt':
            [
              'stop_id,stop_name,stop_lat,stop_lon',
              stop('S0', 0, 0),
              stop('S1', 1000, 0),
              stop('S2', 2000, 10),
              stop('S3', 1000, 8),
              stop('S4', 0, 20),
            ].join('\n') + '\n',
          'routes.txt': 'route_id,agency_id,route_short_name,route_long_name,route_type\nr,a,1,Out and back,3\n',
          'trips.txt': 'route_id,service_id,trip_id,shape_id\nr,all,t,sh\n',
          'calendar.txt':
            'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nall,1,1,1,1,1,1,1,20260101,20271231\n',
          'shapes.txt': `shape_id,shape_pt_lat,shape_pt_lon,shape_pt_sequence\n${shape.join('\n')}\n`,
          'stop_times.txt':
            [
              'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
              't,08:00:00,08:00:00,S0,1',
              't,08:03:00,08:03:00,S1,2',
              't,08:06:00,08:06:00,S2,3',
              't,08:09:00,08:09:00,S3,4',
              't,08:12:00,08:12:00,S4,5',
            ].join('\n') + '\n',
        }),
      },
    ]);
    const back = transitLeg(tt, DAY, 0, 0, 3, 4, 0);
    expect(back.from.name).toBe('S3');
    // About 1 km along the return pass; cut at the outward pass it would run 3 km through the turn.
    expect(pathLength(line(back))).toBeGreaterThan(950);
    expect(pathLength(line(back))).toBeLessThan(1100);
    expect(line(back).every((p) => p.lat > lat0 + north / 2)).toBe(true);
    const whole = transitLeg(tt, DAY, 0, 0, 0, 4, 0);
    expect(pathLength(line(whole))).toBeGreaterThan(3950);
  });

  it('Porto Alegre: bus and metro rides follow their shapes between their stops', async () => {
    const tt = await loadFeeds(FEEDS.portoAlegre);
    let shaped = 0;
    let n = 0;
    for (let p = 0; p < tt.patternCount; p += 7) {
      const stops = (tt.patternStopStart[p + 1] as number) - (tt.patternStopStart[p] as number);
      const leg = transitLeg(tt, DAY, p, tt.patternTripStart[p] as number, 0, stops - 1, 0);
      expectRideOnItsStops(leg);
      n++;
      if (leg.geometry.length > calls(leg).length) shaped++;
    }
    expect(n).toBeGreaterThan(20);
    expect(shaped).toBeGreaterThan(0.9 * n);
  }, 60_000);
});
