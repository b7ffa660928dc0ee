import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emissionFactorsDataSchema } from '../../../src/planner/costs/region-data';
import {
  emissionsForLeg,
  journeyEmissions,
  modeFactors,
  parseEmissionFactorsCsv,
  roundKg,
} from '../../../src/planner/costs/index';
import { REGION_DIR, SHARED } from './fixtures';

const csvRows = parseEmissionFactorsCsv(
  readFileSync(resolve(SHARED, 'reference/emission-factors-desnz-2025.csv'), 'utf8'),
);
const f = modeFactors(csvRows);

describe('DESNZ 2025 factors', () => {
  it('parses every row of the reference CSV, keeping the car fuel labels in the file order', () => {
    expect(csvRows).toHaveLength(23);
    expect(csvRows.filter((r) => r.mode === 'car').map((r) => r.fuel)).toEqual([
      'diesel',
      'petrol',
      'hybrid',
      'cng',
      'lpg',
      'unknown',
      'plug-in hybrid',
      'battery electric',
    ]);
    expect(f.bus).toBe(0.12525);
    expect(f.car.unknown).toBe(0.16725);
    expect(f.taxiVehicle).toBe(0.20806);
  });

  it('the region JSON holds the same factors as the CSV', () => {
    const json = emissionFactorsDataSchema.parse(
      JSON.parse(readFileSync(resolve(REGION_DIR, 'emission-factors.json'), 'utf8')),
    );
    expect(json.factors).toEqual(csvRows);
    expect(json.column_note).toMatch(/column order/);
  });
});

describe('emissionsForLeg (hand-computed from the CSV factors)', () => {
  it('per passenger-km modes', () => {
    // 10 km x 0.12525 = 1.2525 kg (local bus, not London).
    expect(emissionsForLeg(f, 'bus', 10_000)).toBeCloseTo(1.2525, 10);
    // Dundee - Edinburgh by coach, ~100 km x 0.02776 = 2.776 kg.
    expect(emissionsForLeg(f, 'coach', 100_000)).toBeCloseTo(2.776, 10);
    // 33.5 km rail x 0.03546 = 1.18791 kg.
    expect(emissionsForLeg(f, 'rail', 33_500)).toBeCloseTo(1.18791, 10);
    // 5 km tram x 0.0286 = 0.143 kg; 2 km ferry foot passenger x 0.01871 = 0.03742 kg; 4 km subway x 0.0278 = 0.1112.
    expect(emissionsForLeg(f, 'tram', 5_000)).toBeCloseTo(0.143, 10);
    expect(emissionsForLeg(f, 'ferry', 2_000)).toBeCloseTo(0.03742, 10);
    expect(emissionsForLeg(f, 'subway', 4_000)).toBeCloseTo(0.1112, 10);
    // A community minibus counts as a local bus: 3 km x 0.12525 = 0.37575.
    expect(emissionsForLeg(f, 'community-bus', 3_000)).toBeCloseTo(0.37575, 10);
  });

  it('taxi per vehicle-km, shared DRT per passenger-km', () => {
    // 5 km x 0.20806 = 1.0403 kg; DRT 5 km x 0.14861 = 0.74305 kg.
    expect(emissionsForLeg(f, 'taxi', 5_000)).toBeCloseTo(1.0403, 10);
    expect(emissionsForLeg(f, 'drt', 5_000)).toBeCloseTo(0.74305, 10);
  });

  it('car per vehicle-km, unknown fuel by default', () => {
    // 20 km x 0.16725 = 3.345 kg; petrol 20 x 0.16272 = 3.2544; battery electric 20 x 0.04047 = 0.8094.
    expect(emissionsForLeg(f, 'car', 20_000)).toBeCloseTo(3.345, 10);
    expect(emissionsForLeg(f, 'car', 20_000, { fuel: 'petrol' })).toBeCloseTo(3.2544, 10);
    expect(emissionsForLeg(f, 'car-club', 20_000, { fuel: 'battery electric' })).toBeCloseTo(0.8094, 10);
  });

  it('walk, cycle and bike hire are zero', () => {
    expect(emissionsForLeg(f, 'walk', 3_000)).toBe(0);
    expect(emissionsForLeg(f, 'cycle', 8_000)).toBe(0);
    expect(emissionsForLeg(f, 'bike-hire', 8_000)).toBe(0);
    expect(emissionsForLeg(f, 'bus', -5)).toBe(0);
  });
});

describe('journeyEmissions', () => {
  it('sums legs and rounds once to 3 decimals', () => {
    // walk 0 + bus 2.3 km (0.288075) + rail 33.5 km (1.18791) + walk 0 = 1.475985 -> 1.476 kg.
    const kg = journeyEmissions(f, [
      { mode: 'walk', distanceM: 400 },
      { mode: 'bus', distanceM: 2_300 },
      { mode: 'rail', distanceM: 33_500 },
      { mode: 'walk', distanceM: 250 },
    ]);
    expect(kg).toBe(1.476);
    expect(roundKg(0.0004)).toBe(0);
    expect(roundKg(0.0005)).toBe(0.001);
  });
});

describe('emissionModeForService', () => {
  it('maps transit classes to DESNZ modes', async () => {
    const { emissionModeForService } = await import('../../../src/planner/costs/index');
    expect(emissionModeForService('coach')).toBe('coach');
    expect(emissionModeForService('rail')).toBe('rail');
    expect(emissionModeForService('other')).toBeNull();
  });
});
