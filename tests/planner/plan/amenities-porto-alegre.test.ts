/** Porto Alegre: toilets at the destination and POIs along the route come from the region's OSM file. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { toiletMarkerSchema } from '../../../src/contract/journey';
import { haversine } from '../../../src/planner/geo/geo';
import { planAll } from '../../../src/planner/plan/plan';
import type { Region } from '../../../src/planner/region/region';
import { PORTO_ALEGRE_DIR, loadPortoAlegre } from '../../../src/planner/region/load-node';
import type { Journey } from '../../../src/planner/journey/types';
import { readPbf, type Tags } from '../../../src/planner/street/osm-pbf';
import { expectValid } from '../helpers/journey-checks';

const now = new Date('2019-05-01T12:00:00Z');
const CENTRO = { label: 'Centro Histórico', lat: -30.0277, lng: -51.2287 };
let region: Region;
/** amenity=toilets nodes read straight from the file, independently of the planner. */
const fileToilets: { lat: number; lng: number; tags: Tags }[] = [];
let dest: { label: string; lat: number; lng: number };
let journeys: Journey[];

beforeAll(async () => {
  region = await loadPortoAlegre();
  await readPbf([new Uint8Array(readFileSync(join(PORTO_ALEGRE_DIR, 'streets.osm.pbf')))], {
    taggedNode(_id, lat, lng, tags) {
      if (tags.amenity === 'toilets') fileToilets.push({ lat, lng, tags });
    },
  });
  // The destination: 100 m north of the toilet with the most other toilets within 400 m.
  const around = (t: { lat: number; lng: number }) =>
    fileToilets.filter((o) => haversine(t.lat, t.lng, o.lat, o.lng) <= 400).length;
  const busiest = [...fileToilets].sort((a, b) => around(b) - around(a))[0]!;
  dest = { label: 'Near the toilets', lat: busiest.lat + 0.0009, lng: busiest.lng };
  journeys = await planAll(
    { origin: CENTRO, destination: dest, out_time: '2019-05-15T12:00', profile: { has_access_to_car: true } },
    { regions: [region], now },
  );
}, 60_000);

describe('toilets and points of interest on Porto Alegre journeys', () => {
  it('counts the toilets within 400 m of the destination, with markers in the SPEC Toilet marker shape', () => {
    const expected = fileToilets.filter(
      (t) =>
        haversine(dest.lat, dest.lng, t.lat, t.lng) <= 400 && t.tags.access !== 'private' && t.tags.access !== 'no',
    );
    expect(fileToilets.length).toBeGreaterThan(0);
    expect(expected.length).toBeGreaterThan(0);
    expect(journeys.length).toBeGreaterThan(0);
    for (const j of journeys) {
      expectValid(j);
      const dt = j.depart.destination_toilets;
      expect(dt.count).toBe(expected.length);
      expect(dt.markers).toHaveLength(dt.count);
      for (const m of dt.markers) {
        expect(toiletMarkerSchema.safeParse(m).success).toBe(true);
        expect(expected.some((t) => haversine(t.lat, t.lng, m.location.lat, m.location.lng) < 1)).toBe(true);
        const source = expected.find((t) => haversine(t.lat, t.lng, m.location.lat, m.location.lng) < 1)!;
        expect(m.accessible).toBe(
          source.tags.wheelchair === 'yes' ? true : source.tags.wheelchair === 'no' ? false : null,
        );
        expect(m.paymentDetails).toBe(
          source.tags.fee === 'no' ? 'Free' : source.tags.fee === 'yes' ? expect.any(String) : null,
        );
      }
    }
  });

  it('lists the toilets near the route as a POI card, at least those at the destination', () => {
    for (const j of journeys) {
      const card = j.depart.pois.find((p) => p.type === 'toilets');
      expect(card).toBeDefined();
      expect(card!.count).toBeGreaterThanOrEqual(
        j.depart.destination_toilets.markers.filter(
          (m) => haversine(m.location.lat, m.location.lng, dest.lat, dest.lng) <= 150,
        ).length,
      );
      for (const p of j.depart.pois) expect(p.count).toBeGreaterThan(0);
    }
  });

  it('a journey ending far from any toilet has none at its destination', async () => {
    const far = fileToilets.every((t) => haversine(CENTRO.lat, CENTRO.lng, t.lat, t.lng) > 400);
    expect(far).toBe(true);
    const back = await planAll(
      { origin: dest, destination: CENTRO, out_time: '2019-05-15T12:00' },
      { regions: [region], now },
    );
    expect(back.length).toBeGreaterThan(0);
    for (const j of back) expect(j.depart.destination_toilets).toEqual({ count: 0, markers: [] });
  });
});
