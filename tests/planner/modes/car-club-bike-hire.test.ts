/**
 * Car club and bike hire as journeys. No Tayside club or scheme publishes current prices and
 * located bays, so the real region plans neither; here the Tayside region gets a made-up bay and
 * made-up docks (test data, not a real service) priced with the Co-wheels Huntly tariff and the
 * 2022 Ride On Dundee tariff from the facts, to check the modes end to end: walk to the bay, the
 * round-trip hire priced until the car is back, the return leg, bike docks, and the contract.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bikeHireCharge } from '../../../src/planner/costs/bike-hire';
import { carClubTimeCharge } from '../../../src/planner/costs/car-club';
import { metresToMiles } from '../../../src/vocabulary/units';
import type { BikeHireData, CarClubData } from '../../../src/planner/costs/region-data';
import { planAll } from '../../../src/planner/plan/plan';
import type { Region } from '../../../src/planner/region/region';
import { loadRegionFromManifest } from '../../../src/planner/region/load-node';
import type { Journey } from '../../../src/planner/journey/types';
import { expectConnected, expectValid } from '../helpers/journey-checks';

const source = { source_url: 'https://example.org/made-up-test-data', source_date: 'test' };
const HUNTLY = {
  per_hour_pence: 550,
  per_day_pence: 3850,
  per_mile_pence: 18,
  minimum_minutes: 0,
  vat_included: true,
  source_url: 'http://franchises.co-wheels.org.uk/huntly/pricing-2/',
  source_date: 'undated',
};
const RIDE_ON = {
  unlock_pence: 100,
  vat_included: true,
  source_url: 'https://www.dundeecity.gov.uk/',
  source_date: '2022',
  bands: [
    { from_minute: 0, to_minute: 20, pence: 6, per_minutes: 1 },
    { from_minute: 20, to_minute: 120, pence: 10, per_minutes: 1 },
  ],
};
const DUNDEE = { label: 'Dundee city centre', lat: 56.462, lng: -2.9707 };
const BROUGHTY = { label: 'Broughty Ferry', lat: 56.467, lng: -2.873 };
const BAY = { lat: 56.46, lng: -2.969 };

const carClubs: CarClubData = {
  terms: [],
  clubs: [
    {
      provider: 'Test Car Club',
      council_area: 'Dundee City',
      town: 'Dundee',
      promo_link: 'https://example.org/join',
      vehicles: 'test',
      fuel: 'unknown',
      bays: [{ description: 'Test bay', ...BAY, ...source }],
      tariff: HUNTLY,
      status: 'test',
      ...source,
    },
  ],
};
const bikeHire: BikeHireData = {
  not_current: [],
  schemes: [
    {
      scheme: 'Test Bikes',
      operator: 'test',
      council_area: 'Dundee City',
      towns: ['Dundee'],
      stations_text: '',
      status: 'test',
      last_confirmed: 'test',
      tariff: RIDE_ON,
      ...source,
      stations: [
        { name: 'City dock', lat: 56.461, lng: -2.972 },
        { name: 'Ferry dock', lat: 56.4665, lng: -2.875 },
      ],
    },
  ],
};

let region: Region;
let oneWay: Journey[];
let withReturn: Journey[];
const DAY = (() => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 1);
  while (d.getUTCDay() !== 3) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
})();
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

beforeAll(async () => {
  const tayside = await loadRegionFromManifest();
  region = { ...tayside, costs: { ...tayside.costs, carClubs, bikeHire } };
  oneWay = await planAll({ origin: DUNDEE, destination: BROUGHTY, out_time: `${DAY}T10:00` }, { regions: [region] });
  withReturn = await planAll(
    { origin: DUNDEE, destination: BROUGHTY, out_time: `${DAY}T10:00`, return_time: `${DAY}T15:00` },
    { regions: [region] },
  );
}, 60_000);

describe('car club journeys (made-up bay, Co-wheels Huntly tariff)', () => {
  it('one way: walk to the bay, drive; the price includes taking the car back to its bay', () => {
    const j = oneWay.find((x) => x.transport_mode === 'car-club')!;
    expect(j).toBeDefined();
    expectValid(j);
    expectConnected(j.depart, DUNDEE, BROUGHTY);
    const [walk, drive] = j.depart.steps;
    expect(walk!.type).toBe('walk');
    expect(drive!.type).toBe('car-club');
    expect(drive!.car_club).toEqual({ provider: 'Test Car Club', promo_link: 'https://example.org/join' });
    expect(drive!.start_location).toEqual(BAY);
    // Hand-computed: there and back to the bay (the estimate is the same both ways), 15-minute steps at £5.50/hour, 18p a mile.
    const back = region.street.route(BROUGHTY, BAY, 'car')!;
    const there = region.street.route(BAY, BROUGHTY, 'car')!;
    const quarters = Math.ceil((there.duration + back.duration) / 900);
    const pence = carClubTimeCharge(HUNTLY, quarters) + Math.round(metresToMiles(there.distance + back.distance) * 18);
    expect(j.cost).toBe(`£${(pence / 100).toFixed(2)}`);
    expect(j.pricing_breakdown[0]!.description).toMatch(/includes driving the car back to its bay/);
  });

  it('with a return: back to the same bay, the outbound drive priced for the whole hire (there, waiting, back)', () => {
    const j = withReturn.find((x) => x.transport_mode === 'car-club')!;
    expect(j).toBeDefined();
    expectValid(j);
    expectConnected(j.depart, DUNDEE, BROUGHTY);
    expectConnected(j.return!, BROUGHTY, DUNDEE);
    const [drive, walk] = j.return!.steps;
    expect(drive!.type).toBe('car-club');
    expect(drive!.end_location).toEqual(BAY);
    expect(walk!.type).toBe('walk');
    // About 10:05 to 15:13: 21 quarters x 137.5p, capped at £38.50 a day; the miles both ways at 18p.
    const out = j.depart.steps[1]!;
    const hireMinutes = minutes(drive!.arrival_time) - minutes(out.departure_time);
    const miles = metresToMiles(out.distance.value + drive!.distance.value);
    const expected = (q: number) => carClubTimeCharge(HUNTLY, q) + Math.round(miles * 18);
    const pence = Math.round(Number(j.cost.slice(1)) * 100);
    // Clock text is whole minutes: the hire may straddle a quarter boundary.
    expect([
      expected(Math.ceil(hireMinutes / 15)),
      expected(Math.ceil((hireMinutes + 1) / 15)),
      expected(Math.ceil((hireMinutes - 1) / 15)),
    ]).toContain(pence);
    expect(j.pricing_breakdown.map((l) => l.description).join(' ')).toMatch(/the whole hire/);
    // The drive back is not free: it is part of that hire.
    expect(drive!.cost).toBe('£0.00');
    expect(j.pricing_breakdown.map((l) => l.description).join(' ')).toMatch(
      /driving back to the bay is part of the hire/,
    );
  });
});

describe('bike hire journeys (made-up docks, Ride On Dundee 2022 tariff)', () => {
  it('walk to a dock, ride to the dock nearest the destination, walk on; priced unlock plus per minute', () => {
    const j = oneWay.find((x) => x.transport_mode === 'bike-hire')!;
    expect(j).toBeDefined();
    expectValid(j);
    expectConnected(j.depart, DUNDEE, BROUGHTY);
    expect(j.depart.steps.map((s) => s.type)).toEqual(['walk', 'bike-hire', 'walk']);
    const ride = j.depart.steps[1]!;
    expect(ride.end_address).toBe('Test Bikes: Ferry dock');
    expect(j.cost).toBe(`£${(bikeHireCharge(RIDE_ON, ride.duration.value / 60)! / 100).toFixed(2)}`);
    expect(j.carbon_emission).toBe(0);
  });

  it('neither is planned when the brand blocks it', async () => {
    const js = await planAll(
      {
        origin: DUNDEE,
        destination: BROUGHTY,
        out_time: `${DAY}T10:00`,
        blocked_travel_types: ['car-club', 'bike-hire'],
      },
      { regions: [region] },
    );
    expect(js.length).toBeGreaterThan(0);
    expect(js.some((j) => j.transport_mode === 'car-club' || j.transport_mode === 'bike-hire')).toBe(false);
  });
});
