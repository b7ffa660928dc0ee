import { metresToMiles } from '../../../src/vocabulary/units';
import { describe, expect, it } from 'vitest';
import { priceOwnCar } from '../../../src/planner/costs/car';
import { addVat, formatCost, penceFromPounds, sumCosts, toBreakdown, withVat } from '../../../src/planner/costs/money';

describe('money', () => {
  it('formats pence, free and unknown as the SPEC cost text', () => {
    expect(formatCost(1240)).toBe('£12.40');
    expect(formatCost(5)).toBe('£0.05');
    expect(formatCost(0)).toBe('£0.00');
    expect(formatCost('free')).toBe('free');
    expect(formatCost('unknown')).toBe('unknown');
    expect(formatCost(470, 'BRL')).toBe('R$4.70');
    expect(toBreakdown({ description: 'x', cost: 290, estimated: true })).toEqual({
      description: 'x',
      cost: '£2.90',
      estimated: true,
      source: null,
    });
  });

  it('reads published pounds into whole pence', () => {
    expect(penceFromPounds('2.40')).toBe(240);
    expect(penceFromPounds('£5.10')).toBe(510);
    expect(penceFromPounds('5.100000')).toBe(510);
    expect(penceFromPounds(0.1)).toBe(10);
    expect(penceFromPounds('Tariff 1 rate +25%')).toBeNaN();
  });

  it('adds 20% VAT only to ex-VAT prices', () => {
    // 1000p ex VAT x 1.2 = 1200p; 999p x 1.2 = 1198.8 -> 1199p.
    expect(addVat(1000)).toBe(1200);
    expect(addVat(999)).toBe(1199);
    expect(withVat(1000, true)).toBe(1000);
    expect(withVat(1000, false)).toBe(1200);
    expect(withVat(1000, false, 0.05)).toBe(1050);
  });

  it('sums costs: unknown wins, all free stays free', () => {
    expect(sumCosts([290, 'free', 440])).toBe(730);
    expect(sumCosts(['free', 'free'])).toBe('free');
    expect(sumCosts([290, 'unknown'])).toBe('unknown');
    expect(sumCosts([])).toBe('free');
  });

  it('converts metres to miles with the SPEC factor', () => {
    expect(metresToMiles(1000)).toBeCloseTo(0.62137, 10);
  });

  it('prices the own car at the HMRC 45p/mile', () => {
    // 10 km = 6.2137 miles x 45p = 279.6165p -> 280p.
    expect(priceOwnCar(10_000).pence).toBe(280);
    // 32.187 km (~20 miles): 32187 x 0.00062137 = 20.0000 miles x 45 = 900p.
    expect(priceOwnCar(32_187).pence).toBe(900);
    // Configurable per region: 10 km at 40p = 248.548 -> 249p.
    expect(priceOwnCar(10_000, 40).pence).toBe(249);
    expect(priceOwnCar(10_000).line.estimated).toBe(true);
    expect(priceOwnCar(10_000).line.source?.url).toMatch(/gov\.uk/);
    expect(priceOwnCar(10_000).line.description).toMatch(/parking not included/);
    expect(() => priceOwnCar(-1)).toThrow(/non-negative number of metres/);
    expect(() => priceOwnCar(Number.NaN)).toThrow(RangeError);
  });
});
