/**
 * Issue 20 "Same answers": for 50 random Tayside searches, the device (the region pack's bytes,
 * hash-checked and decoded through the planner's browser-safe face, planned by DevicePlanner as
 * the Web Worker does) answers exactly what the server's planner threads answer (the REGIONS
 * manifests loaded from disk, the form turned into a request by the same planRequestFor), apart
 * from the random journey ids each side gives. Seeded, so a failure replays.
 */
import path from 'node:path';
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { searchFormSchema, searchQuerySchema } from '../../../../src/contract/search';
import { searchTimeAt } from '../../../../src/vocabulary/time';
import type { Brand } from '../../../../src/contract/brand';
import { planRequestFor } from '../../../../src/contract/plan-request';
import { planAll } from '../../../../src/planner/plan/plan';
// The owner's view of a server journey (its own prices; the anyone prices are the server's to store).
import { journeyForTraveller } from '../../../../src/planner/index';
import type { Region } from '../../../../src/planner/region/region';
import {
  loadRegionFromManifest,
  regionSnapshotBytes,
  REPO_ROOT,
  TAYSIDE_MANIFEST,
} from '../../../../src/planner/region/load-node';
import { loadBrands } from '../../../../src/server/brands/load';
import { seeded } from '../../../planner/transit/helpers';
import { DevicePlanner, PackIntegrityError } from '../../../../src/web/lib/device-planner/core';
import { isDeviceHash } from '../../../../src/web/lib/device-planner/device-searches';

const SEED = 20;
const QUERIES = 50;
const NORTH_EAST = path.join(REPO_ROOT, 'data/regions/north-east.json');

let server: Region[];
let device: DevicePlanner;
let brand: Brand;
let bytes: Uint8Array;
let sha256: string;
const now = new Date();

beforeAll(async () => {
  brand = loadBrands(path.join(REPO_ROOT, 'brands')).brands.get('regional')!;
  server = await Promise.all([TAYSIDE_MANIFEST, NORTH_EAST].map((m) => loadRegionFromManifest(m)));
  bytes = await regionSnapshotBytes(TAYSIDE_MANIFEST);
  sha256 = createHash('sha256').update(bytes).digest('hex');
  device = await DevicePlanner.fromPack(bytes, sha256, 'Tayside');
}, 120_000);

/** Search forms between random Tayside places (towns, stations, stops) over the next two weeks. */
function randomForms(): Record<string, unknown>[] {
  const next = seeded(SEED);
  const places = [
    'Dundee',
    'Perth',
    'Arbroath',
    'Forfar',
    'Montrose',
    'Stirling',
    'Crieff',
    'Pitlochry',
    'Blairgowrie',
    'Kirriemuir',
    'Carnoustie',
    'Dunblane',
    'Broughty Ferry',
    'Aberfeldy',
    'Dunkeld',
    'Brechin',
    'Auchterarder',
    'Callander',
    'Gleneagles',
    'Monifieth',
  ].flatMap((name) => device.autocomplete(name).slice(0, 2));
  const pick = () => places[Math.floor(next() * places.length)]!;
  const forms: Record<string, unknown>[] = [];
  while (forms.length < QUERIES) {
    const origin = pick();
    const destination = pick();
    if (Math.hypot(origin.lat - destination.lat, origin.lng - destination.lng) < 0.02) continue;
    const out = new Date(now.getTime() + (1 + Math.floor(next() * 13)) * 86_400_000);
    const hour = 6 + Math.floor(next() * 14);
    const at = (date: Date, h: number) =>
      `${searchTimeAt(date.getTime()).slice(0, 10)} ${String(h).padStart(2, '0')}:${next() < 0.5 ? '00' : '30'}:00`;
    const withReturn = next() < 0.25 && hour < 17;
    forms.push({
      origin: { label: origin.label, lat: origin.lat, lng: origin.lng },
      destination: { label: destination.label, lat: destination.lat, lng: destination.lng },
      out_time: at(out, hour),
      return_time: withReturn ? at(out, hour + 3) : null,
      has_access_to_car: next() < 0.5,
      has_concessionary_pass: next() < 0.2,
      has_railcard: false,
      railcard_type: null,
      has_young_scot_card: false,
      has_new_young_scot_card: false,
    });
  }
  return forms;
}

const withoutIds = (journeys: readonly { id: string }[]) => journeys.map(({ id: _id, ...rest }) => rest);

describe('the device plans what the server plans (issue 20)', () => {
  it(`${QUERIES} random Tayside searches: the same journeys, in the API's shape`, async () => {
    let compared = 0;
    let journeys = 0;
    // Journeys riding a bus without departure times (Dundee's route patterns): in the pack too.
    let estimated = 0;
    for (const body of randomForms()) {
      const form = searchFormSchema(() => now).parse(body);
      const request = planRequestFor(form, brand.blockedTravelTypes, brand.regions);
      const expected = await planAll(request, { regions: server, now }).then(
        (list) => ({ list, failure: null as string | null }),
        (error: Error) => ({ list: [], failure: error.message }),
      );
      const answer = await device.search(body, { blocked: brand.blockedTravelTypes, regions: brand.regions, now });
      expect(answer.kind, JSON.stringify(body)).toBe('planned');
      if (answer.kind !== 'planned') continue;
      expect(isDeviceHash(answer.query.hash)).toBe(true);
      expect(answer.query.failure).toBe(expected.failure);
      expect(
        withoutIds(answer.query.journeys),
        `${form.origin.label} -> ${form.destination.label} ${form.out_time}`,
      ).toEqual(withoutIds(expected.list.map(journeyForTraveller)));
      // The same contract shape as GET /search/{hash}: Results reads it unchanged.
      expect(searchQuerySchema.safeParse(answer.query).success).toBe(true);
      compared++;
      journeys += expected.list.length;
      estimated += expected.list.filter((j) => j.depart.steps.some((step) => step.transit?.frequency)).length;
    }
    console.log(`compared ${compared} searches, ${journeys} journeys, ${estimated} by a bus without departure times`);
    expect(compared).toBe(QUERIES);
    expect(estimated).toBeGreaterThan(0);
    expect(journeys).toBeGreaterThan(QUERIES);
  }, 300_000);

  it('refuses a pack that does not match its hash (truncated or tampered)', async () => {
    await expect(
      DevicePlanner.fromPack(bytes.subarray(0, bytes.byteLength - 1000), sha256, 'Tayside'),
    ).rejects.toBeInstanceOf(PackIntegrityError);
    const tampered = bytes.slice();
    tampered[tampered.length >> 1] = tampered[tampered.length >> 1]! ^ 0xff;
    await expect(DevicePlanner.fromPack(tampered, sha256, 'Tayside')).rejects.toBeInstanceOf(PackIntegrityError);
  });

  it('says so when a search is outside the pack region, and answers field errors as the API does', async () => {
    const aberdeen = device.autocomplete('Aberdeen')[0] ?? { label: 'Aberdeen', lat: 57.1437, lng: -2.0981 };
    const body = { ...randomForms()[0], origin: { label: 'Aberdeen', lat: aberdeen.lat, lng: aberdeen.lng } };
    const answer = await device.search(body, { blocked: [], now });
    expect(answer).toEqual({
      kind: 'refused',
      message: expect.stringMatching(/^Aberdeen is outside Tayside, the area this device can plan without signal/),
    });
    const invalid = await device.search({ ...body, origin: { label: 'Perth' } }, { blocked: [], now });
    expect(invalid.kind).toBe('invalid');
  });
});
