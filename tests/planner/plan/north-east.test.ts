/**
 * Issue 18's Must show, on the planner: the north-east region (rail rolled forward, the 421 and N17
 * from Traveline Scotland TransXChange, NaPTAN) plans Stonehaven -> Aberdeen by train on a weekday
 * morning and Inverurie -> Alford by the 421 (a Saturday service); an origin outside a brand's
 * region (Glasgow -> Dundee on Tayside) is planned and flagged less accurate, not refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { planAll } from '../../../src/planner/plan/plan';
import type { Region } from '../../../src/planner/region/region';
import { loadRegionFromManifest, REPO_ROOT } from '../../../src/planner/region/load-node';
import { LESS_ACCURATE_TAG, PlanError } from '../../../src/planner/plan/request';

let northEast: Region;
let tayside: Region;
const now = new Date();
function next(weekday: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  while (d.getUTCDay() !== weekday) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const STONEHAVEN = { label: 'Stonehaven', lat: 56.9667, lng: -2.2253 };
const ABERDEEN = { label: 'Aberdeen', lat: 57.1437, lng: -2.0981 };
const INVERURIE = { label: 'Inverurie, Town Hall', lat: 57.284332, lng: -2.374321 };
const ALFORD = { label: 'Alford', lat: 57.2325, lng: -2.7046 };

beforeAll(async () => {
  northEast = await loadRegionFromManifest(`${REPO_ROOT}/data/regions/north-east.json`, { timetable: 'build' });
  tayside = await loadRegionFromManifest(undefined, { timetable: 'build' });
}, 120_000);

const rides = (j: { depart: { steps: { transit?: { route: { short_name?: string; mode: string } } | null }[] } }) =>
  j.depart.steps.flatMap((s) => (s.transit ? [s.transit.route] : []));

describe('north-east region', () => {
  it('Stonehaven -> Aberdeen on a weekday at 08:00 by train', async () => {
    const journeys = await planAll(
      { origin: STONEHAVEN, destination: ABERDEEN, out_time: `${next(3)}T08:00`, regions: ['north-east'] },
      { regions: [tayside, northEast], now },
    );
    const train = journeys.find((j) => rides(j).some((r) => r.mode === 'rail'));
    expect(train).toBeDefined();
    expect(train!.tags).not.toContain(LESS_ACCURATE_TAG);
  });

  it("a taxi from the far station where that end's only stops have no service then", async () => {
    // Aberdeen Royal Infirmary: its stops within a walk are the N17 night bus's, so walking found
    // no public transport at 08:00; the train to Aberdeen and a taxi from the station is a way there.
    const ari = { label: 'Aberdeen Royal Infirmary', lat: 57.154, lng: -2.136 };
    const journeys = await planAll(
      { origin: STONEHAVEN, destination: ari, out_time: `${next(4)}T08:00`, regions: ['north-east'] },
      { regions: [tayside, northEast], now },
    );
    const trainTaxi = journeys.find((j) => {
      const types = j.depart.steps.map((s) => s.type);
      return types.includes('train') && types[types.length - 1] === 'taxi';
    });
    expect(trainTaxi, JSON.stringify(journeys.map((j) => j.depart.steps.map((s) => s.type)))).toBeDefined();
    expect(trainTaxi!.depart.steps[0]!.type).toBe('walk');
    expect(trainTaxi!.tags).toContain('taxi-and-ride');
  });

  it('Inverurie -> Alford by the 421 bus on a Saturday', async () => {
    const journeys = await planAll(
      { origin: INVERURIE, destination: ALFORD, out_time: `${next(6)}T08:30`, regions: ['north-east'] },
      { regions: [tayside, northEast], now },
    );
    const bus = journeys.find((j) => rides(j).some((r) => r.short_name === '421'));
    expect(bus).toBeDefined();
    const ride = bus!.depart.steps.find((s) => s.transit)!;
    expect(ride.transit!.rolled_forward).toMatchObject({ from: '2019-08-24', to: '2021-08-14' });
  });

  it('an origin outside the brand region is planned with a less-accurate flag, not refused', async () => {
    const GLASGOW = { label: 'Glasgow', lat: 55.8609, lng: -4.2514 };
    const DUNDEE = { label: 'Dundee', lat: 56.462, lng: -2.9707 };
    const journeys = await planAll(
      { origin: GLASGOW, destination: DUNDEE, out_time: `${next(3)}T09:00`, regions: ['tayside'] },
      { regions: [tayside, northEast], now },
    );
    expect(journeys.length).toBeGreaterThan(0);
    for (const j of journeys) expect(j.tags).toContain(LESS_ACCURATE_TAG);
    // The council brand's Stonehaven is its own region: no flag (above); Dundee on the council brand is outside.
    const council = await planAll(
      { origin: DUNDEE, destination: ABERDEEN, out_time: `${next(3)}T09:00`, regions: ['north-east'] },
      { regions: [tayside, northEast], now },
    );
    expect(council.length).toBeGreaterThan(0);
    expect(council[0]!.tags).toContain(LESS_ACCURATE_TAG);
  });
});

describe('a place outside the brand region where nothing can be planned', () => {
  it('is a clear error naming the place and the area, not an empty answer', async () => {
    // The council brand blocks car, taxi and cycle: from Forfar (Angus, 1.5 km outside the North
    // East's council areas) its region has nothing to offer.
    const FORFAR = { label: 'Forfar', lat: 56.6434, lng: -2.889 };
    const request = {
      origin: FORFAR,
      destination: ABERDEEN,
      out_time: `${next(3)}T08:30`,
      regions: ['north-east'],
      blocked_travel_types: ['taxi', 'own-car', 'cycle'] as const,
    };
    const error = await planAll(request, { regions: [tayside, northEast], now }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlanError);
    expect(error).toMatchObject({ code: 'outside_region', field: 'origin' });
    expect((error as PlanError).message).toMatch(/^Forfar is outside the area this planner covers \(north-east\)/);
  });
});
