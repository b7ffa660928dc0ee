import { describe, expect, it } from 'vitest';
import { applyRailcard, localBusConcession } from '../../../src/planner/costs/concessions';
import { at } from './fixtures';

describe('local bus concessions', () => {
  it('Young Scot card issued since 10 January 2022: free at 21, not at 22', () => {
    expect(localBusConcession({ age: 21, hasNewYoungScotCard: true })?.free).toBe(true);
    expect(localBusConcession({ age: 22, hasNewYoungScotCard: true })).toBeNull();
    expect(localBusConcession({ age: 5, hasNewYoungScotCard: true })?.free).toBe(true);
    expect(localBusConcession({ age: 4, hasNewYoungScotCard: true })).toBeNull();
    // No age given: the card carries the entitlement.
    expect(localBusConcession({ hasNewYoungScotCard: true })?.free).toBe(true);
  });

  it('by issue date: 10 January 2022 counts, 9 January does not; an old card alone gives nothing', () => {
    expect(localBusConcession({ age: 18, youngScotIssued: '2022-01-10' })?.free).toBe(true);
    expect(localBusConcession({ age: 18, youngScotIssued: '2022-01-09' })).toBeNull();
    expect(localBusConcession({ age: 18, youngScotIssued: '2022-01-09', hasNewYoungScotCard: true })).toBeNull();
    expect(localBusConcession({ age: 18, hasYoungScotCard: true })).toBeNull();
  });

  it('National Entitlement Card (60+ or disabled): free whatever the age entered', () => {
    expect(localBusConcession({ age: 60, hasConcessionaryPass: true })?.reason).toMatch(/60\+/);
    expect(localBusConcession({ age: 45, hasConcessionaryPass: true })?.reason).toMatch(/disabled/);
    expect(localBusConcession({ hasConcessionaryPass: true })?.free).toBe(true);
    // Being 60 without the card is not enough.
    expect(localBusConcession({ age: 60 })).toBeNull();
    expect(localBusConcession({})).toBeNull();
  });
});

describe('railcards', () => {
  const tue0800 = at('2026-03-10T08:00');
  const tue1000 = at('2026-03-10T10:00');
  const sat0800 = at('2026-03-14T08:00');
  const jul0800 = at('2026-07-14T08:00');

  it('take a third off (rounded to the penny)', () => {
    // 1570p x 2/3 = 1046.67 -> 1047p.
    expect(applyRailcard(1570, 'Senior Railcard', tue0800).pence).toBe(1047);
    expect(applyRailcard(1570, 'Disabled Persons Railcard', tue0800).pence).toBe(1047);
    expect(applyRailcard(4500, '16-25 Railcard', tue1000).pence).toBe(3000);
  });

  it('16-17 Saver: 50% off', () => {
    expect(applyRailcard(1570, '16-17 Saver', tue0800).pence).toBe(785);
  });

  it('16-25 and 26-30: GBP 12 minimum 04:30-10:00 Mon-Fri, not weekends or July/August', () => {
    // 1570 x 2/3 = 1047 < 1200 -> 1200p at 08:00 on a Tuesday.
    const r = applyRailcard(1570, '26-30 Railcard', tue0800);
    expect(r.pence).toBe(1200);
    expect(r.description).toMatch(/minimum/);
    // A full fare below GBP 12 is paid in full, not raised: 1000p.
    expect(applyRailcard(1000, '16-25 Railcard', tue0800).pence).toBe(1000);
    expect(applyRailcard(1570, '16-25 Railcard', tue1000).pence).toBe(1047);
    expect(applyRailcard(1570, '16-25 Railcard', sat0800).pence).toBe(1047);
    expect(applyRailcard(1570, '16-25 Railcard', jul0800).pence).toBe(1047);
    expect(applyRailcard(1570, '16-25 Railcard', tue0800, ['2026-03-10']).pence).toBe(1047);
    expect(applyRailcard(1570, '16-25 Railcard', at('2026-03-10T04:29')).pence).toBe(1047);
    expect(applyRailcard(1570, '16-25 Railcard', at('2026-03-10T04:30')).pence).toBe(1200);
  });
});
