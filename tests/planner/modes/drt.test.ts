/**
 * Demand-responsive transport from GTFS-Flex on real feeds: Cobb County (Cobblinc flex zones with
 * a street network; booking 2 hours to 1 day ahead by phone; fares by zone) and Aspen (the
 * Downtowner on-demand zone; real-time booking; mean duration factor and offset).
 * Points, windows and booking details are read from the feeds here, not typed in.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingWindow, checkBooking } from '../../../src/planner/flex/booking';
import { flexModel, zoneContains, type FlexModel, type FlexZone } from '../../../src/planner/flex/model';
import { haversine, type LatLng } from '../../../src/planner/geo/geo';
import { planAll } from '../../../src/planner/plan/plan';
import type { Region } from '../../../src/planner/region/region';
import { loadRegionFromFiles, REPO_ROOT } from '../../../src/planner/region/load-node';
import type { PlanRequest } from '../../../src/planner/plan/request';
import type { Journey } from '../../../src/planner/journey/types';
import { estimateRoute } from '../../../src/planner/street/estimate';
import { expectConnected, expectValid } from '../helpers/journey-checks';

const FLEX = join(REPO_ROOT, 'data/test/flex');
let cobb: Region;
let aspen: Region;
let cobbFlex: FlexModel;
let aspenFlex: FlexModel;

/** Grid points of the zone's bounding box that fall inside the zone (and inside `within` when given). */
function insidePoints(zone: FlexZone, within?: (p: LatLng) => boolean): LatLng[] {
  const [minLng, minLat, maxLng, maxLat] = zone.bbox;
  const out: LatLng[] = [];
  for (let i = 1; i < 30; i++) {
    for (let j = 1; j < 30; j++) {
      const p = { lat: minLat + ((maxLat - minLat) * i) / 30, lng: minLng + ((maxLng - minLng) * j) / 30 };
      if (zoneContains(zone, p) && (!within || within(p))) out.push(p);
    }
  }
  return out;
}

/** Two points inside the zone about `metres` apart. */
function pairIn(zone: FlexZone, metres: number, within?: (p: LatLng) => boolean): [LatLng, LatLng] {
  const pts = insidePoints(zone, within);
  const a = pts[Math.floor(pts.length / 2)] as LatLng;
  const b = pts.reduce(
    (best, p) =>
      Math.abs(haversine(a.lat, a.lng, p.lat, p.lng) - metres) <
      Math.abs(haversine(a.lat, a.lng, best.lat, best.lng) - metres)
        ? p
        : best,
    a,
  );
  return [a, b];
}

const drtOf = (js: Journey[]) => js.filter((j) => j.transport_mode === 'drt');
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

beforeAll(async () => {
  cobb = await loadRegionFromFiles({
    name: 'cobb-county',
    gtfs: [join(FLEX, 'cobblinc-scheduled-deviated-flex.gtfs.zip'), join(FLEX, 'cobblinc-bus-30.gtfs.zip')],
    osm: join(FLEX, 'cobb-county.osm.pbf'),
    currency: 'USD',
  });
  aspen = await loadRegionFromFiles({
    name: 'aspen',
    gtfs: [join(FLEX, 'aspen-flex-on-demand.gtfs.zip')],
    currency: 'USD',
  });
  cobbFlex = flexModel(cobb.timetable);
  aspenFlex = flexModel(aspen.timetable);
}, 60_000);

describe('GTFS-Flex model', () => {
  it('reads zones, flex trips with windows, and booking rules from both feeds', () => {
    expect(cobbFlex.warnings).toEqual([]);
    expect(cobbFlex.zones.map((z) => z.id).sort()).toEqual(['zone_1', 'zone_2', 'zone_3']);
    expect(cobbFlex.trips.length).toBeGreaterThan(0);
    const call = cobbFlex.trips[0]!.calls.find((c) => c.zone)!;
    expect(call.windowEnd).toBeGreaterThan(call.windowStart);
    expect(call.pickupRule?.type).toBe(1);
    expect(call.pickupRule?.noticeMin).toBeGreaterThan(0);
    expect(aspenFlex.zones.length).toBe(1);
    expect(aspenFlex.trips.every((t) => t.calls.every((c) => c.meanFactor !== null && c.meanOffset !== null))).toBe(
      true,
    );
  });
});

describe('Cobb County demand-responsive (Cobblinc flex zones)', () => {
  let zone: FlexZone;
  let from: PlanRequest['origin'];
  let to: PlanRequest['destination'];
  const now = new Date('2021-10-19T16:00:00Z'); // noon the day before, Eastern time
  const request = (out_time: string, extra: Partial<PlanRequest> = {}): PlanRequest => ({
    origin: from,
    destination: to,
    out_time,
    ...extra,
  });
  const graph = () => cobb.street.graph!.bbox;
  const onGraph = (p: LatLng) =>
    p.lat > graph().minLat && p.lat < graph().maxLat && p.lng > graph().minLng && p.lng < graph().maxLng;

  beforeAll(() => {
    zone = cobbFlex.zones.find((z) => z.id === 'zone_2')!;
    const [a, b] = pairIn(zone, 2500, onGraph);
    from = { label: 'Flex zone 2 origin', ...a };
    to = { label: 'Flex zone 2 destination', ...b };
  });

  it('a weekday trip inside the zone and window gives a demand-responsive journey with booking info', async () => {
    const js = await planAll(request('2021-10-20T07:40'), { regions: [cobb], now });
    const drt = drtOf(js);
    expect(drt.length).toBe(1);
    const j = drt[0]!;
    expectValid(j);
    expectConnected(j.depart, from, to);
    const rule = cobbFlex.trips.flatMap((t) => t.calls).find((c) => c.zone === zone)!.pickupRule!;
    expect(j.drt_operator).toEqual({
      name: expect.stringContaining('Cobblinc'),
      phone: rule.phone,
      booking_website: rule.bookingUrl || rule.infoUrl || null,
    });
    const step = j.depart.steps.find((s) => s.type === 'drt')!;
    expect(step.description).toContain(rule.phone);
    expect(step.description).toContain('at least 2 hours');
    expect(step.how_to_guide?.service.statements.map((s) => s.body)).toContain(rule.message);
    // Within a window of the zone on that trip.
    const windows = cobbFlex.trips.flatMap((t) => t.calls).filter((c) => c.zone === zone);
    const dep = minutes(j.depart.departure_at) * 60;
    const arr = minutes(j.depart.arrival_at) * 60;
    expect(windows.some((w) => dep >= w.windowStart && arr <= w.windowEnd + 60)).toBe(true);
    expect(dep).toBeGreaterThanOrEqual(7 * 3600 + 40 * 60);
    // No mean duration in this feed: the ride time is flagged as an estimate; fare from fare_rules (Z2 -> Z2).
    expect(j.estimated).toBe(true);
    expect(j.cost).toBe('$2.50');
    expect(j.carbon_emission).toBeGreaterThan(0);
    // The booking step (issue 31): the ride's step, who to call, the rule in words and its deadline:
    // this feed's rule is 2 hours to 1 day ahead, so book by the pickup less 2 hours.
    const rideIndex = j.depart.steps.findIndex((s) => s.type === 'drt');
    expect(j.depart.bookings).toHaveLength(1);
    const booking = j.depart.bookings![0]!;
    expect(booking).toMatchObject({ step_index: rideIndex, phone: rule.phone, how: rule.message });
    expect(booking.notice).toContain('at least 2 hours');
    const pickup = minutes(j.depart.steps[rideIndex]!.departure_time);
    expect(booking.deadline?.date).toBe(j.depart.departure_date);
    expect(minutes(booking.deadline!.time)).toBe(pickup - rule.noticeMin!);
    expect(minutes(booking.opens!.time)).toBe(pickup);
    expect(booking.opens!.date < j.depart.departure_date).toBe(true); // a day ahead
  });

  it('outside the service window (evening, weekend) there is no demand-responsive journey', async () => {
    const lastEnd = Math.max(
      ...cobbFlex.trips
        .flatMap((t) => t.calls)
        .filter((c) => c.zone === zone)
        .map((c) => c.windowEnd),
    );
    const after = `${String(Math.floor(lastEnd / 3600) + 1).padStart(2, '0')}:00`;
    const evening = await planAll(request(`2021-10-20T${after}`), { regions: [cobb], now });
    expect(evening.length).toBeGreaterThan(0); // other modes still answer
    expect(drtOf(evening)).toEqual([]);
    const saturday = await planAll(request('2021-10-23T10:00'), { regions: [cobb], now });
    expect(drtOf(saturday)).toEqual([]);
  });

  it('respects the booking notice: too late to book gives none, too early says when bookings open', async () => {
    const late = await planAll(request('2021-10-20T07:40'), { regions: [cobb], now: new Date('2021-10-20T11:00:00Z') }); // 07:00 local
    expect(drtOf(late)).toEqual([]);
    const early = drtOf(await planAll(request('2021-10-22T07:40'), { regions: [cobb], now }));
    expect(early.length).toBe(1);
    expect(early[0]!.depart.steps[0]!.how_to_guide?.service.statements.map((s) => s.body)).toContain(
      'bookings open 1 day before the pickup',
    );
  });

  it('arrive-by gives a ride that arrives by the time asked', async () => {
    const js = drtOf(
      await planAll({ origin: from, destination: to, arrive_time: '2021-10-20T10:00' }, { regions: [cobb], now }),
    );
    expect(js.length).toBe(1);
    // arrive_by_buffer: 30 minutes by default.
    expect(minutes(js[0]!.depart.arrival_at)).toBeLessThanOrEqual(9 * 60 + 30);
  });

  it('scheduled-deviated: a pickup in zone 1 reaches the Route 30 transfer point at its timetabled time', async () => {
    const zone1 = cobbFlex.zones.find((z) => z.id === 'zone_1')!;
    const trip = cobbFlex.trips.find((t) => t.calls.some((c) => c.zone === zone1))!;
    // The fixed stops sit around the zone's calls: collection point first, transfer point last.
    expect(trip.calls[0]!.stop).toBeGreaterThanOrEqual(0);
    const last = trip.calls[trip.calls.length - 1]!;
    expect(last.stop).toBeGreaterThanOrEqual(0);
    expect(trip.calls.slice(1, -1).every((c) => c.zone === zone1)).toBe(true);
    const tt = cobb.timetable;
    const transfer = { label: tt.stopNames[last.stop]!, lat: tt.stopLat[last.stop]!, lng: tt.stopLon[last.stop]! };
    const [origin] = pairIn(zone1, 0, (p) => onGraph(p) && haversine(p.lat, p.lng, transfer.lat, transfer.lng) > 2000);
    const js = drtOf(
      await planAll(
        { origin: { label: 'zone 1', ...origin! }, destination: transfer, out_time: '2021-10-20T07:35' },
        { regions: [cobb], now },
      ),
    );
    expect(js.length).toBe(1);
    expectValid(js[0]!);
    expectConnected(js[0]!.depart, origin!, transfer);
    // Arrives exactly when a zone 1 trip reaches the transfer point (a timetabled time).
    const arrivals = cobbFlex.trips
      .filter((t) => t.calls.some((c) => c.zone === zone1))
      .map((t) => t.calls[t.calls.length - 1]!.windowStart);
    expect(arrivals).toContain(minutes(js[0]!.depart.arrival_at) * 60);
    expect(js[0]!.cost).toBe('$2.50'); // fare_rules Z1 -> Z4 (the transfer point's zone in stops.txt)
  });

  it('a destination outside every zone, or a blocked drt, gives none', async () => {
    // A Route 30 stop outside the zones and away from the flex trips' fixed stops.
    const tt = cobb.timetable;
    const fixed = cobbFlex.trips
      .flatMap((t) => t.calls)
      .filter((c) => c.stop >= 0)
      .map((c) => ({ lat: tt.stopLat[c.stop]!, lng: tt.stopLon[c.stop]! }));
    const away = (p: LatLng) => fixed.every((f) => haversine(p.lat, p.lng, f.lat, f.lng) > 1000);
    const outside = cobb.stopPoints.find(
      (p) =>
        cobbFlex.zones.every((z) => !zoneContains(z, p)) &&
        away(p) &&
        onGraph(p) &&
        haversine(p.lat, p.lng, from.lat, from.lng) < 15_000,
    )!;
    expect(outside).toBeDefined();
    const js = await planAll(
      { origin: from, destination: { label: 'outside', ...outside }, out_time: '2021-10-20T07:40' },
      { regions: [cobb], now },
    );
    expect(drtOf(js)).toEqual([]);
    const blocked = await planAll(request('2021-10-20T07:40', { blocked_travel_types: ['drt'] }), {
      regions: [cobb],
      now,
    });
    expect(drtOf(blocked)).toEqual([]);
  });
});

describe('Aspen Downtowner (on-demand zone)', () => {
  let from: PlanRequest['origin'];
  let to: PlanRequest['destination'];
  const now = new Date('2021-01-10T12:00:00Z');

  beforeAll(() => {
    const [a, b] = pairIn(aspenFlex.zones[0]!, 800);
    from = { label: 'Downtown Aspen A', ...a };
    to = { label: 'Downtown Aspen B', ...b };
  });

  it("a trip inside the zone in the winter window gives a ride timed by the feed's mean duration", async () => {
    const js = await planAll(
      { origin: from, destination: to, out_time: '2021-01-15T12:00' },
      { regions: [aspen], now },
    );
    const drt = drtOf(js);
    expect(drt.length).toBe(1);
    const j = drt[0]!;
    expectValid(j);
    expectConnected(j.depart, from, to);
    const call = aspenFlex.trips[0]!.calls[0]!;
    const rule = call.pickupRule!;
    expect(j.drt_operator).toEqual({
      name: expect.stringContaining('Downtowner'),
      phone: rule.phone,
      booking_website: rule.infoUrl,
    });
    // No street network here: the driving time is the straight-line estimate, then factor and offset (minutes).
    const drive = estimateRoute(from, to, 'car').duration;
    expect(j.duration.value).toBe(Math.round(call.meanFactor! * drive + call.meanOffset! * 60));
    expect(j.depart.steps[0]!.description).toContain('real time');
    expect(j.cost).toBe('unknown'); // the feed publishes no fares (the message says free; not a fare table)
  });

  it('the off-season window starts later: before it, none; inside it, a ride', async () => {
    const off = aspenFlex.trips.find((t) => aspen.timetable.serviceIds[t.service]!.endsWith('c_20808_b_29084_d_127'))!
      .calls[0]!;
    const before = `${String(Math.floor(off.windowStart / 3600) - 1).padStart(2, '0')}:00`;
    const summer = new Date('2021-06-01T12:00:00Z');
    expect(
      drtOf(
        await planAll(
          { origin: from, destination: to, out_time: `2021-06-15T${before}` },
          { regions: [aspen], now: summer },
        ),
      ),
    ).toEqual([]);
    expect(
      drtOf(
        await planAll(
          { origin: from, destination: to, out_time: '2021-06-15T12:00' },
          { regions: [aspen], now: summer },
        ),
      ).length,
    ).toBe(1);
  });

  it('a trip leaving the zone gives none', async () => {
    const zone = aspenFlex.zones[0]!;
    const outside = { label: 'outside', lat: zone.bbox[1] - 0.01, lng: zone.bbox[0] - 0.01 };
    const js = await planAll(
      { origin: from, destination: outside, out_time: '2021-01-15T12:00' },
      { regions: [aspen], now },
    );
    expect(drtOf(js)).toEqual([]);
  });
});

describe('booking rules', () => {
  const base = {
    id: 'r',
    noticeService: -1,
    noticeMin: null,
    noticeMax: null,
    lastDay: null,
    lastTime: null,
    startDay: null,
    startTime: null,
    message: '',
    pickupMessage: '',
    dropOffMessage: '',
    phone: '',
    infoUrl: '',
    bookingUrl: '',
  };
  it('prior-day booking: by the deadline time the given number of days before', () => {
    const rule = { ...base, type: 2 as const, lastDay: 1, lastTime: 17 * 3600 };
    const pickup = { date: 100, time: 9 * 3600 };
    expect(checkBooking(rule, pickup, { date: 99, time: 16 * 3600 }).ok).toBe(true);
    expect(checkBooking(rule, pickup, { date: 99, time: 18 * 3600 }).ok).toBe(false);
    expect(checkBooking(null, pickup, { date: 100, time: 10 * 3600 }).ok).toBe(false); // pickup has passed
  });

  it('the booking window: prior-day rules count back days, same-day rules count back minutes', () => {
    const pickup = { date: 100, time: 9 * 3600 };
    const priorDay = { ...base, type: 2 as const, lastDay: 1, lastTime: 17 * 3600, startDay: 7, startTime: 8 * 3600 };
    expect(bookingWindow(priorDay, pickup)).toEqual({
      deadline: { date: 99, time: 17 * 3600 },
      opens: { date: 93, time: 8 * 3600 },
    });
    // Two hours' notice for a 01:00 pickup: the deadline is the evening before.
    const sameDay = { ...base, type: 1 as const, noticeMin: 120 };
    expect(bookingWindow(sameDay, { date: 100, time: 3600 })).toEqual({
      deadline: { date: 99, time: 23 * 3600 },
      opens: null,
    });
    expect(bookingWindow({ ...base, type: 0 as const }, pickup)).toEqual({ deadline: null, opens: null });
    expect(bookingWindow(null, pickup)).toEqual({ deadline: null, opens: null });
    // Over the days a service runs: Monday's 'day before' is Friday.
    const weekdays = (day: number) => (day + 3) % 7 < 5;
    expect(bookingWindow(priorDay, { date: 4, time: 9 * 3600 }, weekdays).deadline).toEqual({
      date: 1,
      time: 17 * 3600,
    });
  });

  it('prior_notice_service_id: only the days that service runs count back', () => {
    const rule = { ...base, type: 2 as const, lastDay: 1, lastTime: 17 * 3600 };
    // Day 4 (1970-01-05) is a Monday: one working day before it is Friday, day 1.
    const weekdays = (day: number) => (day + 3) % 7 < 5;
    const monday = { date: 4, time: 9 * 3600 };
    expect(checkBooking(rule, monday, { date: 1, time: 16 * 3600 }, weekdays).ok).toBe(true);
    expect(checkBooking(rule, monday, { date: 3, time: 12 * 3600 }, weekdays).ok).toBe(false); // Sunday: too late
    expect(checkBooking(rule, monday, { date: 3, time: 12 * 3600 }).ok).toBe(true); // counting every day
  });
});
