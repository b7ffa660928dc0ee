import { describe, expect, it } from 'vitest';
import { bikeHireCharge, priceBikeHire } from '../../../src/planner/costs/bike-hire';
import { carClubTimeCharge, priceCarClub, type CarClubTariff } from '../../../src/planner/costs/car-club';
import { bikeHireDataSchema } from '../../../src/planner/costs/region-data';
import { regionJson } from './fixtures';

// Co-wheels Huntly (Aberdeenshire, sibling brand; car_clubs.csv, undated page): Yaris £5.50/hour, £38.50/day, 18p/mile.
// Used as a sourced worked example: no Tayside car club publishes current prices.
const huntly: CarClubTariff = {
  per_hour_pence: 550,
  per_day_pence: 3850,
  per_mile_pence: 18,
  minimum_minutes: 0,
  vat_included: true,
  source_url: 'http://franchises.co-wheels.org.uk/huntly/pricing-2/',
  source_date: 'undated',
};
const MILE = 1609.344;

describe('car club', () => {
  it('charges time in 15-minute steps plus mileage', () => {
    // 1 h 50 min -> 110 / 15 = 7.33 -> 8 quarters = 2 h x 550 = 1100p; 30 miles: 30 x 1609.344 m x 0.00062137 = 30.0000 mi x 18p = 540p.
    const p = priceCarClub(huntly, 110 * 60, 30 * MILE, 'Co-wheels');
    expect(p.blocks).toBe(8);
    expect(p.timePence).toBe(1100);
    expect(p.mileagePence).toBe(540);
    expect(p.cost).toBe(1640);
    expect(p.line.estimated).toBe(true);
  });

  it('rounds a started quarter up and an exact quarter not', () => {
    expect(priceCarClub(huntly, 15 * 60, 0).blocks).toBe(1);
    expect(priceCarClub(huntly, 16 * 60, 0).blocks).toBe(2);
    // 2 quarters x 137.5p = 275p.
    expect(priceCarClub(huntly, 16 * 60, 0).cost).toBe(275);
  });

  it('caps the time charge at the daily rate, per 24 hours', () => {
    // 8 h = 32 quarters x 137.5p = 4400p > 3850p cap.
    expect(carClubTimeCharge(huntly, 32)).toBe(3850);
    // 7 h = 28 x 137.5 = 3850p: exactly the cap.
    expect(carClubTimeCharge(huntly, 28)).toBe(3850);
    // 6 h 45 = 27 x 137.5 = 3712.5 -> 3713p (under the cap).
    expect(carClubTimeCharge(huntly, 27)).toBe(3713);
    // 26 h = one day (3850) + 2 h (1100) = 4950p.
    expect(carClubTimeCharge(huntly, 104)).toBe(4950);
    // 47 h = one day + 23 h capped at a day = 7700p.
    expect(carClubTimeCharge(huntly, 188)).toBe(7700);
  });

  it('applies a minimum booking (Enterprise: 30 minutes)', () => {
    // 10 min booked as 30 min = 2 quarters = 275p.
    expect(priceCarClub({ ...huntly, minimum_minutes: 30 }, 10 * 60, 0).cost).toBe(275);
  });

  it('adds VAT when the tariff is quoted ex-VAT', () => {
    // (1100 + 540) ex VAT x 1.2 = 1968p.
    expect(priceCarClub({ ...huntly, vat_included: false }, 110 * 60, 30 * MILE).cost).toBe(1968);
    expect(priceCarClub({ ...huntly, vat_included: false }, 110 * 60, 30 * MILE).line.description).toMatch(
      /plus VAT at 20%/,
    );
  });

  it('is unknown without a tariff (every Tayside club today)', () => {
    expect(priceCarClub(null, 3600, 10_000, 'Co-wheels').cost).toBe('unknown');
  });
});

describe('bike hire', () => {
  const data = bikeHireDataSchema.parse(regionJson('bike-hire.json'));
  const nextbike = data.not_current.find((s) => s.scheme === 'Stirling nextbike')?.tariff ?? null;
  const embark = data.not_current.find((s) => s.scheme.startsWith('Embark'))?.tariff ?? null;

  it('plans no scheme in Tayside: none is confirmed running', () => {
    expect(data.schemes).toEqual([]);
  });

  it('nextbike Stirling 2022: £1 per started 20 minutes', () => {
    expect(nextbike).not.toBeNull();
    // 45 min -> 3 periods x 100p = 300p; 20 min -> 100p; 21 min -> 200p.
    expect(bikeHireCharge(nextbike!, 45)).toBe(300);
    expect(bikeHireCharge(nextbike!, 20)).toBe(100);
    expect(bikeHireCharge(nextbike!, 21)).toBe(200);
    expect(priceBikeHire(nextbike, 45 * 60, 'nextbike').cost).toBe(300);
  });

  it('Ride On Dundee 2022 pay as you go: unlock + per-minute bands; unknown past the published bands', () => {
    // 30 min: 100 unlock + 20 x 6p + 10 x 10p = 320p.
    expect(bikeHireCharge(embark!, 30)).toBe(320);
    // 10.5 min: 100 + 11 x 6 = 166p.
    expect(bikeHireCharge(embark!, 10.5)).toBe(166);
    expect(bikeHireCharge(embark!, 130)).toBeNull();
    expect(priceBikeHire(embark, 130 * 60).cost).toBe('unknown');
  });

  it('adds VAT to an ex-VAT bike tariff', () => {
    // 300p x 1.2 = 360p.
    expect(priceBikeHire({ ...nextbike!, vat_included: false }, 45 * 60).cost).toBe(360);
  });
});
