/**
 * Issue 33 (2): the planner prices a journey for its traveller and, when their passes change a
 * fare, once more as anyone pays (Journey.prices_for_anyone), on the same legs and so the same
 * journey id. Dundee to Perth and back on the real Tayside rail feed: a railcard takes a third off.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { planAll } from '../../../src/planner/plan/plan';
import type { Region } from '../../../src/planner/region/region';
import { loadRegionFromManifest } from '../../../src/planner/region/load-node';
import { journeyForAnyone, journeyForTraveller, pricesOf } from '../../../src/planner/journey/prices';
import type { Journey } from '../../../src/planner/journey/types';
import type { PlanProfile } from '../../../src/planner/plan/request';
import { expectValid } from '../helpers/journey-checks';

let region: Region;
const now = new Date();
function nextTuesday(): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  while (d.getUTCDay() !== 2) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const DAY = nextTuesday();
const TRIP = {
  origin: { label: 'Dundee Railway Station', lat: 56.4566, lng: -2.9713 },
  destination: { label: 'Perth', lat: 56.3952, lng: -3.4374 },
  out_time: `${DAY}T08:00`,
  return_time: `${DAY}T17:00`,
};
const NO_CAR: PlanProfile = { has_access_to_car: false };
const PASSES: PlanProfile = {
  ...NO_CAR,
  railcard_type: 'Disabled Persons Railcard',
  has_concessionary_pass: true,
};
/** Everything of a journey but its prices and tags. */
const unpriced = (j: Journey) => ({
  ...j,
  cost: null,
  cost_value: null,
  pricing_breakdown: null,
  tags: null,
  depart: { ...j.depart, steps: j.depart.steps.map((step) => ({ ...step, cost: null })) },
  return: j.return && { ...j.return, steps: j.return.steps.map((step) => ({ ...step, cost: null })) },
});
let withPasses: Journey[];
let plain: Map<string, Journey>;

beforeAll(async () => {
  region = await loadRegionFromManifest(undefined);
  withPasses = await planAll({ ...TRIP, profile: PASSES }, { regions: [region], now });
  plain = new Map((await planAll({ ...TRIP, profile: NO_CAR }, { regions: [region], now })).map((j) => [j.id, j]));
}, 120_000);

describe('prices for anyone', () => {
  it("come with every journey whose price the traveller's passes changed, on the same legs", () => {
    const changed = withPasses.filter((j) => j.prices_for_anyone);
    expect(changed.length).toBeGreaterThan(0);
    for (const journey of changed) {
      expect(JSON.stringify(journey.pricing_breakdown)).toMatch(/your railcard/);
      // The same legs give the same id: the anonymous plan found this journey, at these prices.
      const anyone = plain.get(journey.id);
      expect(anyone, `${journey.id} planned without passes`).toBeDefined();
      expect(journey.prices_for_anyone).toEqual(pricesOf(anyone!));
      expect(journey.prices_for_anyone!.step_costs).toHaveLength(2); // out and back
    }
  });

  it('make the journey anyone sees: their prices, nothing else changed, never the tag the passes earned', () => {
    for (const journey of withPasses) {
      const shared = journeyForAnyone(journey);
      expectValid(shared);
      expect(shared).not.toHaveProperty('prices_for_anyone');
      expect(JSON.stringify(shared)).not.toMatch(/railcard|Entitlement|concession/i);
      const anyone = plain.get(journey.id);
      if (anyone) expect(pricesOf(shared)).toEqual(pricesOf(anyone));
      if (journey.prices_for_anyone) expect(shared.tags).not.toContain('cheapest');
      else expect(shared.tags).toEqual(journey.tags);
      expect(unpriced(shared)).toEqual(unpriced(journeyForTraveller(journey)));
    }
  });

  it('are not made for a traveller without passes', () => {
    expect([...plain.values()].some((j) => 'prices_for_anyone' in j)).toBe(false);
  });
});

/** Pence of a cost text ('free' 0, an amount), or null for unknown. */
const pence = (cost: string): number | null =>
  cost === 'free' ? 0 : cost === 'unknown' ? null : Math.round(Number(cost.replace(/[^0-9.-]/g, '')) * 100);

describe('prices that add up (issue 27)', () => {
  it("each journey's steps add up to its total, for the traveller and for anyone; a covered ride says what covers it", () => {
    let covered = 0;
    for (const journey of [...withPasses, ...plain.values(), ...withPasses.map(journeyForAnyone)]) {
      const steps = [...journey.depart.steps, ...(journey.return?.steps ?? [])];
      const costs = steps.map((step) => pence(step.cost));
      const total = pence(journey.cost);
      if (total === null) expect(costs).toContain(null);
      else
        expect(
          costs.reduce<number>((s, c) => s + (c ?? Number.NaN), 0),
          journey.id,
        ).toBe(total);
      const breakdown = journey.pricing_breakdown.map((line) => pence(line.cost));
      if (total !== null) expect(breakdown.reduce<number>((s, c) => s + (c ?? Number.NaN), 0)).toBe(total);
      for (const step of steps.filter((s) => s.cost_note)) {
        if (pence(step.cost) === 0) {
          covered++;
          expect(step.cost_note).toMatch(/^Included in the .* above/);
        } else expect(step.cost_note).toMatch(/: also pays for \d+ more rides? below$/);
      }
    }
    // Dundee - Perth and back by train is one return ticket: the way back's trains are covered.
    expect(covered).toBeGreaterThan(0);
  });
});
