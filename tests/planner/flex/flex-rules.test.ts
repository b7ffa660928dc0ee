/**
 * GTFS-Flex rules the real test feeds do not exercise, on a small feed made here (made-up test
 * data, not a real service): the current spec's spelling (location_id / location_group_id
 * columns, empty stop_id), a location group of stops reached on foot, a prior-day booking
 * deadline, and a window that runs past midnight (25:30:00) on the previous service day.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { flexModel } from '../../../src/planner/flex/model';
import { planAll } from '../../../src/planner/plan/plan';
import { createRegion, type Region } from '../../../src/planner/region/region';
import { emptyRegionCosts } from '../../../src/planner/region/load-node';
import { StreetPlanner } from '../../../src/planner/street/street';
import { buildTimetable } from '../../../src/planner/timetable/build';
import { MemorySource } from '../transit/helpers';
import { expectConnected, expectValid } from '../helpers/journey-checks';

const ZONE = { lat: 56.1, lng: -3.1 };
const d = 0.02;
const zoneRing = [
  [ZONE.lng - d, ZONE.lat - d],
  [ZONE.lng + d, ZONE.lat - d],
  [ZONE.lng + d, ZONE.lat + d],
  [ZONE.lng - d, ZONE.lat + d],
  [ZONE.lng - d, ZONE.lat - d],
];
const FEED = {
  'agency.txt':
    'agency_id,agency_name,agency_url,agency_timezone,agency_phone\na,Test Flex,https://example.org,Europe/London,01234 567890\n',
  'stops.txt':
    'stop_id,stop_name,stop_lat,stop_lon\ns1,Group stop one,56.0000,-3.0000\ns2,Group stop two,56.0200,-3.0000\n',
  'routes.txt': 'route_id,agency_id,route_short_name,route_long_name,route_type\nr1,a,F1,Night flex,3\n',
  'trips.txt': 'route_id,service_id,trip_id\nr1,wk,t1\n',
  'calendar.txt':
    'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nwk,1,1,1,1,1,0,0,20260101,20261231\n',
  'locations.geojson': JSON.stringify({
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        id: 'z1',
        properties: { stop_name: 'Test zone' },
        geometry: { type: 'Polygon', coordinates: [zoneRing] },
      },
    ],
  }),
  'location_groups.txt': 'location_group_id,location_group_name\ng1,Village stops\n',
  'location_group_stops.txt': 'location_group_id,stop_id\ng1,s1\ng1,s2\n',
  'booking_rules.txt':
    'booking_rule_id,booking_type,prior_notice_last_day,prior_notice_last_time,message,phone_number,booking_url\nb1,2,1,17:00:00,Book by 5pm the day before,01234 567890,https://example.org/book\n',
  'stop_times.txt':
    [
      'trip_id,stop_id,location_group_id,location_id,stop_sequence,start_pickup_drop_off_window,end_pickup_drop_off_window,pickup_type,drop_off_type,pickup_booking_rule_id,drop_off_booking_rule_id',
      't1,,,z1,1,22:00:00,25:30:00,2,1,b1,b1',
      't1,,g1,,2,22:00:00,25:30:00,1,2,b1,b1',
    ].join('\n') + '\n',
};

let region: Region;
const origin = { label: 'in the zone', ...ZONE };
// 250 m north of stop s1: the ride ends at s1, then a short walk.
const destination = { label: 'near stop one', lat: 56.00225, lng: -3.0 };
// Wednesday 10 June 2026's service, after midnight (Thursday 00:30 local).
const AFTER_MIDNIGHT = '2026-06-11T00:30';
const beforeDeadline = new Date('2026-06-09T12:00:00Z'); // 13:00 BST on the Tuesday
const afterDeadline = new Date('2026-06-09T17:00:00Z'); // 18:00 BST on the Tuesday

beforeAll(async () => {
  const tt = await buildTimetable([{ source: new MemorySource('testflex', FEED) }]);
  region = createRegion({
    name: 'testflex',
    timetable: tt,
    street: new StreetPlanner(null),
    costs: await emptyRegionCosts(),
  });
});

const drt = async (out_time: string, now: Date) =>
  (await planAll({ origin, destination, out_time }, { regions: [region], now })).filter(
    (j) => j.transport_mode === 'drt',
  );

describe('GTFS-Flex rules on a made-up feed', () => {
  it('reads the current spec spelling: zone and location group calls with the booking rule', () => {
    const m = flexModel(region.timetable);
    expect(m.warnings).toEqual([]);
    const [zoneCall, groupCall] = m.trips[0]!.calls;
    expect(zoneCall!.zone?.id).toBe('z1');
    expect(groupCall!.group?.stops.length).toBe(2);
    expect(zoneCall!.pickupRule).toMatchObject({ type: 2, lastDay: 1, lastTime: 17 * 3600 });
    expect(zoneCall!.dropOff).toBe(false);
  });

  it("after midnight, on the previous day's window: a ride to the group stop, then a walk", async () => {
    const js = await drt(AFTER_MIDNIGHT, beforeDeadline);
    expect(js.length).toBe(1);
    const j = js[0]!;
    expectValid(j);
    expectConnected(j.depart, origin, destination);
    expect(j.depart.departure_date).toBe('2026-06-11');
    expect(j.depart.departure_at).toBe('00:30');
    expect(j.depart.stages).toEqual(['drt', 'walk']);
    expect(j.depart.steps[0]!.end_address).toBe('Group stop one');
    expect(j.drt_operator).toEqual({
      name: 'Test Flex F1 (Night flex)',
      phone: '01234 567890',
      booking_website: 'https://example.org/book',
    });
    expect(j.depart.steps[0]!.description).toContain('book by 17:00 the day before');
  });

  it('past the prior-day booking deadline, or after the window closes, there is none', async () => {
    expect(await drt(AFTER_MIDNIGHT, afterDeadline)).toEqual([]);
    expect(await drt('2026-06-11T02:00', beforeDeadline)).toEqual([]);
  });
});
