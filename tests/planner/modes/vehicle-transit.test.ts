/**
 * Car, taxi and cycle to and from a station for rural places far from any stop (Tayside, real
 * rail and Ember feeds, no street graph): Kirriemuir, Letham and Aberfeldy have no station.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { planAll } from '../../../src/planner/plan/plan';
import type { Region } from '../../../src/planner/region/region';
import { loadRegionFromManifest } from '../../../src/planner/region/load-node';
import type { Journey, Step, TravelType } from '../../../src/planner/journey/types';
import { farFromStops } from '../../../src/planner/modes/vehicle-transit';

let region: Region;
const now = new Date();
function nextMonday(): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const DAY = nextMonday();
const KIRRIEMUIR = { label: 'Kirriemuir', lat: 56.68, lng: -3.005 };
const STIRLING = { label: 'Stirling', lat: 56.1165, lng: -3.9369 };
const LETHAM = { label: 'Letham, Angus', lat: 56.6278, lng: -2.7636 };
const ABERFELDY = { label: 'Aberfeldy', lat: 56.6206, lng: -3.8649 };
const PERTH = { label: 'Perth', lat: 56.3953, lng: -3.4314 };
const CAR = { has_access_to_car: true };
const opts = () => ({ regions: [region], now });

beforeAll(async () => {
  region = await loadRegionFromManifest();
}, 60_000);

const isRide = (s: Step) => s.transit !== null;
/** Transit journeys whose first (or last) step is the given vehicle, with a ride after (before) it. */
function withVehicle(js: Journey[], type: TravelType, end: 'first' | 'last' = 'first'): Journey[] {
  return js.filter((j) => {
    const steps = j.depart.steps;
    const s = end === 'first' ? steps[0] : steps[steps.length - 1];
    return j.transport_mode === 'transit' && s?.type === type && steps.some(isRide);
  });
}

describe('vehicle to the station', () => {
  it('Kirriemuir is far from any stop; Perth is not', () => {
    expect(farFromStops(region, KIRRIEMUIR)).toBe(true);
    expect(farFromStops(region, PERTH)).toBe(false);
  });

  it('Kirriemuir -> Stirling with a car: drive and park, or a taxi, to the train; each stage timed, priced and with its emissions', async () => {
    const js = await planAll(
      { origin: KIRRIEMUIR, destination: STIRLING, out_time: `${DAY}T08:00`, profile: CAR },
      opts(),
    );
    const park = withVehicle(js, 'own-car');
    expect(park.length).toBeGreaterThan(0);
    expect(withVehicle(js, 'taxi').length).toBeGreaterThan(0);
    for (const j of park) {
      const drive = j.depart.steps[0] as Step;
      expect(drive.description).toMatch(/^Drive to .+ and park \(allow 5 mins/);
      expect(drive.cost).toMatch(/^£\d+\.\d\d$/);
      expect(drive.estimated).toBe(true);
      expect(j.depart.steps.some((s) => s.type === 'train')).toBe(true);
      expect(j.tags).toEqual(['park-and-ride']);
      // The drive's emissions are counted: more than the train alone, less than driving all the way.
      const direct = js.find((x) => x.transport_mode === 'own-car') as Journey;
      expect(j.carbon_emission).toBeGreaterThan(0);
      expect(j.carbon_emission).toBeLessThan(direct.carbon_emission);
      // The parking allowance sits between the drive and the train.
      const ride = j.depart.steps.find(isRide) as Step;
      expect(ride.departure_time >= drive.arrival_time).toBe(true);
    }
  }, 30_000);

  it('without a car: a taxi to the train, and never own car', async () => {
    const js = await planAll({ origin: KIRRIEMUIR, destination: STIRLING, out_time: `${DAY}T08:00` }, opts());
    expect(withVehicle(js, 'taxi').length).toBeGreaterThan(0);
    expect(js.some((j) => j.depart.steps.some((s) => s.type === 'own-car'))).toBe(false);
  }, 30_000);

  it('Letham (Angus) and Aberfeldy (Perth & Kinross) -> Perth: a taxi to the train', async () => {
    for (const origin of [LETHAM, ABERFELDY]) {
      const js = await planAll({ origin, destination: PERTH, out_time: `${DAY}T08:00` }, opts());
      expect(withVehicle(js, 'taxi').length, origin.label).toBeGreaterThan(0);
    }
  }, 30_000);

  it('a far destination gets a taxi from the station at the end', async () => {
    const js = await planAll(
      { origin: STIRLING, destination: KIRRIEMUIR, out_time: `${DAY}T08:00`, profile: CAR },
      opts(),
    );
    const last = withVehicle(js, 'taxi', 'last');
    expect(last.length).toBeGreaterThan(0);
    expect((last[0]?.depart.steps.at(-1) as Step).description).toMatch(/^Taxi from .+ to Kirriemuir/);
    // Own car cannot be waiting at the far end.
    expect(withVehicle(js, 'own-car', 'last')).toEqual([]);
  }, 30_000);

  it('a return collects the car at the station where it was parked', async () => {
    const js = await planAll(
      {
        origin: KIRRIEMUIR,
        destination: STIRLING,
        out_time: `${DAY}T08:00`,
        return_time: `${DAY}T17:00`,
        profile: CAR,
      },
      opts(),
    );
    const park = withVehicle(js, 'own-car');
    expect(park.length).toBeGreaterThan(0);
    for (const j of park) {
      const back = j.return?.steps.at(-1) as Step;
      expect(back.type).toBe('own-car');
      expect(back.description).toMatch(/^Walk back to your car at /);
      const parkedAt = (j.depart.steps[0] as Step).end_location;
      expect(back.start_location).toEqual(parkedAt);
    }
  }, 30_000);

  it('blocked travel types rule the vehicles out (the council brand blocks taxi, own car and cycle)', async () => {
    const blocked: TravelType[] = ['taxi', 'own-car', 'cycle'];
    const js = await planAll(
      {
        origin: KIRRIEMUIR,
        destination: STIRLING,
        out_time: `${DAY}T08:00`,
        profile: CAR,
        blocked_travel_types: blocked,
      },
      opts(),
    );
    for (const j of js) for (const s of j.depart.steps) expect(blocked).not.toContain(s.type);
  }, 30_000);
});
