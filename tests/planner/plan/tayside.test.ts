/**
 * Tayside (no street graph): Dundee to Perth and Kinross to Dundee on the real Ember and rail
 * feeds, built in memory from the region manifest; walking legs are flagged estimates with no
 * directions; car club, bike hire and DRT yield nothing (no current data); bad requests fail clearly.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { JOURNEY_TRAVEL_TYPES } from '../../../src/contract/journey';
import { TRAVEL_TYPES as BRAND_TRAVEL_TYPES } from '../../../src/vocabulary/index';
import { haversine } from '../../../src/planner/geo/geo';
import { planAll } from '../../../src/planner/plan/plan';
import type { Region } from '../../../src/planner/region/region';
import { loadRegionFromManifest } from '../../../src/planner/region/load-node';
import { PlanError, type PlanRequest } from '../../../src/planner/plan/request';
import { TRAVEL_TYPES } from '../../../src/planner/journey/types';
import type { Journey } from '../../../src/planner/journey/types';
import { expectConnected, expectValid } from '../helpers/journey-checks';

let region: Region;
const now = new Date();
/** Next Tuesday (a weekday inside both feeds' calendars). */
function nextTuesday(): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  while (d.getUTCDay() !== 2) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const DAY = nextTuesday();
const DUNDEE = { label: 'Dundee city centre', lat: 56.462, lng: -2.9707 };
const PERTH = { label: 'Perth', lat: 56.395, lng: -3.431 };
const KINROSS = { label: 'Kinross', lat: 56.206, lng: -3.43 };
const CAR = { has_access_to_car: true };
let dundeePerth: Journey[];
let kinrossDundee: Journey[];

const opts = () => ({ regions: [region], now });

beforeAll(async () => {
  region = await loadRegionFromManifest(undefined, { timetable: 'build' });
  dundeePerth = await planAll({ origin: DUNDEE, destination: PERTH, out_time: `${DAY}T08:30`, profile: CAR }, opts());
  kinrossDundee = await planAll(
    { origin: KINROSS, destination: DUNDEE, out_time: `${DAY}T08:00`, profile: CAR },
    opts(),
  );
}, 60_000);

const rides = (js: Journey[]) => js.flatMap((j) => j.depart.steps.filter((s) => s.transit));

describe('Tayside door to door', () => {
  it('Dundee to Perth: real rail and/or Ember journeys with estimated walking legs', () => {
    const transit = dundeePerth.filter((j) => j.transport_mode === 'transit');
    expect(transit.length).toBeGreaterThan(0);
    const agencies = new Set(rides(transit).map((s) => s.transit!.agency.name));
    expect([...agencies].some((a) => a === 'ScotRail' || a === 'Ember')).toBe(true);
    // The rail feed's route names are its own ids ("5079"): a train is described as a train.
    for (const r of rides(transit).filter((x) => x.type === 'train'))
      expect(r.description).toMatch(/^\S+ train towards /);
    // ...and its timetable carries no service number rather than the feed's id.
    for (const r of rides(transit).filter((x) => x.type === 'train')) expect(r.timetable?.ServiceNumber).toBe('');
    for (const j of transit) {
      for (const s of j.depart.steps.filter((x) => x.type === 'walk')) {
        expect(s.estimated).toBe(true);
        expect(s.directions).toEqual([]);
      }
      expect(j.estimated).toBe(true);
    }
  });

  it('Kinross to Dundee: the Ember coach from Kinross Park & Ride', () => {
    const ember = rides(kinrossDundee).filter((s) => s.transit!.agency.name === 'Ember');
    expect(ember.length).toBeGreaterThan(0);
    expect(ember.some((s) => s.transit!.from_stop.name.includes('Kinross'))).toBe(true);
    expect(ember.every((s) => s.type === 'coach')).toBe(true);
    // The route is named after its operator: the ride is "Ember coach", not "Ember Ember".
    for (const s of ember) expect(s.description).toMatch(/^Ember coach towards /);
  });

  it('every journey validates against the contract and connects in time and space', () => {
    for (const j of [...dundeePerth, ...kinrossDundee]) {
      expectValid(j);
      expectConnected(j.depart, j.origin, j.destination);
      // A ride is never shorter than the straight line between its stops (so its CO2e is not understated).
      for (const s of j.depart.steps.filter((x) => x.transit)) {
        expect(s.distance.value).toBeGreaterThanOrEqual(
          0.9 * haversine(s.start_location.lat, s.start_location.lng, s.end_location.lat, s.end_location.lng),
        );
      }
      if (j.transport_mode === 'transit') expect(j.carbon_emission).toBeGreaterThan(0.1);
    }
  });

  it('direct modes: own car (with car access) and taxi estimated; no walk or cycle beyond their limits; no car club, bike hire or DRT', () => {
    const modes = new Set(dundeePerth.map((j) => j.transport_mode));
    expect(modes).toContain('own-car');
    expect(modes).toContain('taxi');
    expect(modes).not.toContain('walk');
    for (const m of ['car-club', 'bike-hire', 'drt'] as const) expect(modes).not.toContain(m);
    const car = dundeePerth.find((j) => j.transport_mode === 'own-car')!;
    expect(car.depart.steps[0]!.estimated).toBe(true);
    expect(car.cost).toMatch(/^£\d+\.\d{2}$/);
  });

  it('when nothing leaves within 2 hours, the first journeys later that day; never the next day', async () => {
    const sunday = new Date(`${DAY}T12:00:00Z`);
    sunday.setUTCDate(sunday.getUTCDate() + ((7 - sunday.getUTCDay()) % 7));
    const day = sunday.toISOString().slice(0, 10);
    // No train leaves Dundee before 07:00 on a Sunday: asked at 05:00, the first ones that morning.
    const early = (await planAll({ origin: DUNDEE, destination: PERTH, out_time: `${day}T05:00` }, opts())).filter(
      (j) => j.transport_mode === 'transit',
    );
    expect(early.length).toBeGreaterThan(0);
    for (const j of early) {
      expect(j.depart.departure_date).toBe(day);
      expect(j.depart.departure_at > '07:00').toBe(true);
    }
    // Asked at 23:30 on a weekday: the last train has gone; tomorrow's first is not tonight's answer
    // (a night coach within the 2-hour window, after midnight, is).
    const late = (await planAll({ origin: DUNDEE, destination: PERTH, out_time: `${DAY}T23:30` }, opts())).filter(
      (j) => j.transport_mode === 'transit',
    );
    for (const j of late)
      expect(j.depart.departure_date === DAY || j.depart.departure_at <= '01:30', JSON.stringify(j.depart)).toBe(true);
  });

  it("a taxi from Stirling is priced on the council's published scale: Tariff 1 by day, Tariff 2 at night (hand-computed)", async () => {
    const stirling = { label: 'Stirling', lat: 56.119, lng: -3.937 };
    const bridgeOfAllan = { label: 'Bridge of Allan', lat: 56.154, lng: -3.946 };
    const taxi = async (time: string) =>
      (await planAll({ origin: stirling, destination: bridgeOfAllan, out_time: `${DAY}T${time}` }, opts())).find(
        (j) => j.transport_mode === 'taxi',
      )!;
    const pence = (cost: string) => Math.round(Number(cost.replace('£', '')) * 100);
    const day = await taxi('10:00');
    const night = await taxi('23:30');
    // Tariff 1: £3.40 for the first 880 yards, then 10p per 86 yards or part; Tariff 2: £4.00, then 10p per 68.8 yards.
    const yards = day.depart.distance.value / 0.9144;
    expect(Math.abs(pence(day.cost) - (340 + 10 * Math.ceil((yards - 880) / 86)))).toBeLessThanOrEqual(10);
    expect(Math.abs(pence(night.cost) - (400 + 10 * Math.ceil((yards - 880) / 68.8)))).toBeLessThanOrEqual(10);
    expect(day.pricing_breakdown[0]!.description).toMatch(/Stirling Tariff 1/);
    expect(night.pricing_breakdown[0]!.description).toMatch(/Tariff 2/);
    // The meter fare is what the traveller pays: VAT is in it, nothing added; waiting time is said to be left out.
    expect(day.pricing_breakdown[0]!.description).toMatch(/waiting time not included/);
    expect(day.depart.steps[0]!.estimated).toBe(true);
  });

  it("the council brand's blocked types (taxi, own car, cycle) never appear", async () => {
    const js = await planAll(
      {
        origin: DUNDEE,
        destination: PERTH,
        out_time: `${DAY}T08:30`,
        profile: CAR,
        blocked_travel_types: ['taxi', 'own-car', 'cycle'],
      },
      opts(),
    );
    expect(js.length).toBeGreaterThan(0);
    for (const j of js) {
      expect(['taxi', 'own-car', 'cycle']).not.toContain(j.transport_mode);
      for (const s of j.depart.steps) expect(['taxi', 'own-car', 'cycle']).not.toContain(s.type);
    }
  });

  it('says where our data has no stop near an end, rather than imply nothing runs there', async () => {
    const BLAIRGOWRIE = { label: 'Blairgowrie', lat: 56.592, lng: -3.34 };
    const walkable = (p: { lat: number; lng: number }) =>
      region.stopPoints.some((s) => haversine(p.lat, p.lng, s.lat, s.lng) < 1200);
    expect(walkable(BLAIRGOWRIE)).toBe(false);
    const js = await planAll({ origin: BLAIRGOWRIE, destination: DUNDEE, out_time: `${DAY}T10:00` }, opts());
    expect(js.length).toBeGreaterThan(0);
    expect(js.some((j) => j.transport_mode === 'transit')).toBe(false);
    for (const j of js) expect(j.tags).toContain('no-stops-near-start');
    for (const j of js) expect(j.tags).not.toContain('no-stops-near-end');
    // Where public transport was found, nothing is said.
    for (const j of dundeePerth) expect(j.tags.filter((t) => t.startsWith('no-stops'))).toEqual([]);
  });

  it('arrive-by uses arrive_time minus the buffer; a return is planned from return_time', async () => {
    const by = await planAll({ origin: DUNDEE, destination: PERTH, arrive_time: `${DAY}T12:00`, profile: {} }, opts());
    const transit = by.filter((j) => j.transport_mode === 'transit');
    expect(transit.length).toBeGreaterThan(0);
    for (const j of transit) expect(j.depart.arrival_at <= '11:30').toBe(true);
    const ret = await planAll(
      { origin: DUNDEE, destination: PERTH, out_time: `${DAY}T08:30`, return_time: `${DAY}T17:00` },
      opts(),
    );
    expect(ret.some((j) => j.transport_mode === 'transit' && j.return)).toBe(true);
    for (const j of ret) {
      expectValid(j);
      expect(j.return!.departure_at >= '17:00').toBe(true);
    }
  });

  it('a return lists the ways home a return time could pair; asking for the next one pairs it (health later option)', async () => {
    const req = { origin: DUNDEE, destination: PERTH, out_time: `${DAY}T08:30`, return_time: `${DAY}T17:00` };
    const first = (await planAll(req, opts())).find((j) => j.transport_mode === 'transit' && j.return);
    expect(first).toBeDefined();
    const leaves = `${first!.return!.departure_date}T${first!.return!.departure_at}`;
    const found = first!.return_departures!;
    expect(found).toContain(leaves);
    expect([...found].sort()).toEqual(found);
    expect(found.every((at) => at >= `${DAY}T17:00`)).toBe(true);
    const next = found.find((at) => at > leaves);
    expect(next).toBeDefined();
    const again = await planAll({ ...req, return_time: next! }, opts());
    const same = again.find(
      (j) => j.transport_mode === 'transit' && j.depart.departure_at === first!.depart.departure_at,
    );
    expect(`${same!.return!.departure_date}T${same!.return!.departure_at}`).toBe(next);
  });

  it("the traveller's passes reach the fares: a concessionary pass on Ember says the coach's acceptance is not in our sources", async () => {
    const js = await planAll(
      {
        origin: KINROSS,
        destination: DUNDEE,
        out_time: `${DAY}T08:00`,
        profile: { has_concessionary_pass: true, user_age: 70 },
      },
      opts(),
    );
    const ember = js.filter((j) => j.depart.steps.some((s) => s.transit?.agency.name === 'Ember'));
    expect(ember.length).toBeGreaterThan(0);
    for (const j of ember)
      expect(j.pricing_breakdown.some((l) => /National Entitlement Card/.test(l.description))).toBe(true);
  });

  it('a taxi from Perth lists the NaPTAN taxi ranks nearest where it starts, nearest first (issue 18)', async () => {
    const js = await planAll({ origin: PERTH, destination: DUNDEE, out_time: `${DAY}T10:00` }, opts());
    const ranks = js.find((j) => j.transport_mode === 'taxi')?.depart.taxi_ranks ?? [];
    expect(ranks.length).toBeGreaterThan(0);
    expect(ranks.every((r) => r.distance <= 2000)).toBe(true);
    expect(ranks.map((r) => r.distance)).toEqual([...ranks.map((r) => r.distance)].sort((a, b) => a - b));
    expect(ranks.some((r) => /Taxi Rank/.test(r.name))).toBe(true);
    // Dundee's NaPTAN lists no taxi ranks: none, rather than a guess.
    const fromDundee = await planAll({ origin: DUNDEE, destination: PERTH, out_time: `${DAY}T10:00` }, opts());
    expect(fromDundee.find((j) => j.transport_mode === 'taxi')?.depart.taxi_ranks).toEqual([]);
  });

  it('bad requests give clear, typed errors', async () => {
    const base: PlanRequest = { origin: DUNDEE, destination: PERTH, out_time: `${DAY}T08:30` };
    const fail = async (req: PlanRequest, code: string, text: RegExp) => {
      const err = await planAll(req, opts()).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PlanError);
      expect((err as PlanError).code).toBe(code);
      expect((err as PlanError).message).toMatch(text);
    };
    // SPEC section 1: outside the region is allowed but less accurate (north-east.test.ts); outside Great Britain is not planned.
    await fail(
      { ...base, origin: { label: 'Paris', lat: 48.8566, lng: 2.3522 } },
      'outside_region',
      /Great Britain only: Paris/,
    );
    // Inside Great Britain's box but 100 km out in the North Sea: no place to take a taxi from.
    await fail(
      { ...base, origin: { label: 'North Sea', lat: 56.5, lng: -1.0 } },
      'outside_region',
      /more than 25 km from any town, village or stop we know \(in the sea\?\)/,
    );
    // 500 km away on land (London) is planned, flagged less accurate (north-east.test.ts has the flag).
    expect(
      (await planAll({ ...base, origin: { label: 'London', lat: 51.5072, lng: -0.1276 } }, opts())).length,
    ).toBeGreaterThan(0);
    await fail({ ...base, destination: { ...DUNDEE, label: 'Dundee again' } }, 'same_place', /same place/);
    await fail({ ...base, return_time: `${DAY}T07:00` }, 'return_before_outbound', /must be after the outbound/);
    const far = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 7, 1)).toISOString().slice(0, 10);
    await fail({ ...base, out_time: `${far}T08:30` }, 'too_far_ahead', /6 months ahead/);
    await fail({ ...base, out_time: 'tomorrow morning' }, 'invalid_request', /local date-time/);
    // A pass the planner does not know is refused rather than silently ignored.
    await fail(
      { ...base, profile: { railcard_type: 'Gold Card' as never } },
      'invalid_request',
      /railcard_type must be one of 16-17 Saver/,
    );
    await fail({ ...base, profile: { user_age: 12.5 } }, 'invalid_request', /user_age must be a whole number/);
    await fail(
      { ...base, profile: { has_concessionary_pass: 'yes' as never } },
      'invalid_request',
      /has_concessionary_pass must be true or false/,
    );
  });

  it("the planner's travel types mirror the contract's", () => {
    expect([...TRAVEL_TYPES]).toEqual([...JOURNEY_TRAVEL_TYPES]);
    expect([...TRAVEL_TYPES]).toEqual([...BRAND_TRAVEL_TYPES]);
  });
});
