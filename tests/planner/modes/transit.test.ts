/**
 * Issue 27 (3): buses in the rail timetable (the rail feed's route_type 3 rows, rail replacement
 * buses: Dundee - Perth on a Sunday runs as "ScotRail 5178") are priced as the train they replace,
 * on the real Tayside rail feed: rail tickets apply, not a bus fare and not the concessionary pass.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { planAll } from '../../../src/planner/plan/plan';
import type { Region } from '../../../src/planner/region/region';
import { loadRegionFromManifest } from '../../../src/planner/region/load-node';
import type { Journey, Step } from '../../../src/planner/journey/types';

const now = new Date();
function nextSunday(): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  while (d.getUTCDay() !== 0) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const TRIP = {
  origin: { label: 'Dundee Railway Station', lat: 56.4566, lng: -2.9713 },
  destination: { label: 'Perth Railway Station', lat: 56.3952, lng: -3.4374 },
  out_time: `${nextSunday()}T10:00`,
};
let region: Region;
const replacementSteps = (journeys: Journey[]): Step[] =>
  journeys.flatMap((j) => j.depart.steps).filter((s) => /rail replacement bus/.test(s.description));

beforeAll(async () => {
  region = await loadRegionFromManifest(undefined);
}, 120_000);

describe('rail replacement buses', () => {
  it('are named as such and priced as the train, the same with a bus pass', async () => {
    const anyone = await planAll({ ...TRIP, profile: { has_access_to_car: false } }, { regions: [region], now });
    const pass = await planAll(
      { ...TRIP, profile: { has_access_to_car: false, has_concessionary_pass: true, user_age: 70 } },
      { regions: [region], now },
    );
    const steps = replacementSteps(anyone);
    expect(steps.length).toBeGreaterThan(0);
    for (const step of steps) {
      expect(step.type).toBe('bus');
      expect(step.transit?.agency.name).toBe('ScotRail');
      expect(step.description).not.toMatch(/\b5\d{3}\b/); // not the feed's route id as a service number
      expect(step.cost).toMatch(/^£\d+\.\d{2}$/);
      // Its times are the rail timetable's, labelled as such (issue 27 item 5).
      expect(step.transit?.rolled_forward).toEqual({ from: '2022-05-15', to: '2023-05-20', mode: 'rail' });
    }
    const withPass = replacementSteps(pass);
    expect(withPass.map((s) => s.cost)).toEqual(steps.map((s) => s.cost));
    expect(withPass.every((s) => s.cost !== 'free')).toBe(true);
  }, 60_000);
});
