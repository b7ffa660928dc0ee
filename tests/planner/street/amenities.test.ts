/** Toilets and POIs from a synthetic PBF: the OSM tag mapping, way centroids, lookups, and the snapshot round trip. */
import { describe, expect, it } from 'vitest';
import { toiletMarkerSchema } from '../../../src/contract/journey';
import { haversine } from '../../../src/planner/geo/geo';
import { POI_CATEGORIES, parseOpeningHours, poisNearRoute, toiletsNear } from '../../../src/planner/street/amenities';
import { buildStreetGraph } from '../../../src/planner/street/build';
import { deserializeStreetGraph, serializeStreetGraph } from '../../../src/planner/street/snapshot';
import { writePbf, type PbfNode, type PbfWay } from './pbf-writer';

// A street along 56.00N from -3.000 to -2.980 (about 1.2 km); amenities beside it.
const at = (id: number, lat: number, lng: number, tags?: Record<string, string>): PbfNode => ({
  id,
  lat,
  lng,
  ...(tags ? { tags } : {}),
});
const nodes: PbfNode[] = [
  at(1, 56.0, -3.0),
  at(2, 56.0, -2.99),
  at(3, 56.0, -2.98),
  // Toilets near the east end.
  at(10, 56.0005, -2.9801, {
    amenity: 'toilets',
    name: 'Harbour Toilets',
    fee: 'yes',
    charge: '0.40 GBP',
    wheelchair: 'yes',
    changing_table: 'yes',
    unisex: 'yes',
    opening_hours: 'Mo-Fr 08:00-18:00; Sa 09:00-17:00; Su off',
  }),
  at(11, 56.001, -2.981, {
    amenity: 'toilets',
    fee: 'no',
    wheelchair: 'no',
    changing_table: 'no',
    male: 'yes',
    female: 'yes',
    opening_hours: 'Mo-Su 08:00-20:00; PH off',
  }),
  at(12, 56.0006, -2.9805, { amenity: 'toilets', access: 'private' }), // staff only: not shown
  // One POI per category (other than toilets), as nodes, near the street.
  at(20, 56.0005, -2.999, { amenity: 'bank', atm: 'yes', name: 'Bank' }),
  at(22, 56.0005, -2.997, { tourism: 'museum', name: 'Museum' }),
  at(23, 56.0005, -2.996, { shop: 'mall', name: 'Mall' }),
  at(24, 56.0005, -2.995, { amenity: 'fuel' }),
  at(25, 56.0005, -2.994, { amenity: 'charging_station' }),
  at(26, 56.0005, -2.993, { amenity: 'cafe', name: 'Cafe' }),
  at(27, 56.0005, -2.992, { shop: 'convenience' }),
  at(28, 56.0005, -2.991, { shop: 'supermarket' }),
  at(29, 56.0005, -2.9905, { amenity: 'restaurant' }), // not a SPEC category
  at(30, 56.03, -2.99, { shop: 'supermarket' }), // 3 km away: not near the route
  // A park mapped as a closed way (its centroid is near the street).
  at(40, 56.0008, -2.9885),
  at(41, 56.0008, -2.9875),
  at(42, 56.0016, -2.9875),
  at(43, 56.0016, -2.9885),
];
const ways: PbfWay[] = [
  { id: 100, refs: [1, 2, 3], tags: { highway: 'residential', name: 'Shore Road' } },
  { id: 200, refs: [40, 41, 42, 43, 40], tags: { leisure: 'park', name: 'Links Park' } },
];

async function build() {
  const bytes = writePbf(nodes, ways);
  return (await buildStreetGraph(() => [bytes])).graph;
}

describe('amenities from OSM', () => {
  it('maps toilet tags to the SPEC Toilet marker (fee, wheelchair, baby change, hours) and drops private toilets', async () => {
    const g = await build();
    const toilets = g.amenities!.toilets;
    expect(toilets).toHaveLength(2);
    for (const t of toilets) expect(toiletMarkerSchema.safeParse(t).success).toBe(true);
    const paid = toilets.find((t) => t.name === 'Harbour Toilets')!;
    expect(paid).toMatchObject({
      accessible: true,
      babyChange: true,
      allGender: true,
      men: null,
      women: null,
      paymentDetails: 'Fee: 0.40 GBP',
      notes: null,
    });
    expect(paid.openingTimes).toEqual({
      Monday: ['08:00', '18:00'],
      Tuesday: ['08:00', '18:00'],
      Wednesday: ['08:00', '18:00'],
      Thursday: ['08:00', '18:00'],
      Friday: ['08:00', '18:00'],
      Saturday: ['09:00', '17:00'],
      Sunday: 'Closed',
    });
    const free = toilets.find((t) => t !== paid)!;
    expect(free).toMatchObject({
      name: 'Public toilets',
      accessible: false,
      babyChange: false,
      men: true,
      women: true,
      paymentDetails: 'Free',
    });
    // Public-holiday rules are beyond the simple forms: kept as text, not guessed.
    expect(free.openingTimes).toEqual({});
    expect(free.notes).toBe('Opening hours: Mo-Su 08:00-20:00; PH off');
  });

  it('finds one POI per SPEC category along the route, the park at its way centroid, none far away', async () => {
    const g = await build();
    const route = [
      { lat: 56.0, lng: -3.0 },
      { lat: 56.0, lng: -2.98 },
    ];
    const pois = poisNearRoute(g.amenities, route);
    const byType = Object.fromEntries(pois.map((p) => [p.type, p.count]));
    expect(byType).toEqual({
      toilets: 2,
      atm: 1,
      supermarket: 1,
      park: 1,
      museum: 1,
      shopping_mall: 1,
      gas_station: 1,
      ev_charging: 1,
      cafe: 1,
      convenience_store: 1,
    });
    expect(pois.map((p) => p.type)).toEqual(POI_CATEGORIES.map((c) => c.type));
    const parkAt = POI_CATEGORIES.findIndex((c) => c.type === 'park');
    const i = Array.from(g.amenities!.poiCategory).indexOf(parkAt);
    expect(haversine(g.amenities!.poiLat[i]! * 1e-7, g.amenities!.poiLng[i]! * 1e-7, 56.0012, -2.988)).toBeLessThan(2);
    // A short route at the west end sees only what is within 150 m of it.
    expect(
      poisNearRoute(g.amenities, [
        { lat: 56.0, lng: -3.0 },
        { lat: 56.0, lng: -2.9995 },
      ]).map((p) => p.type),
    ).toEqual(['atm']);
    expect(poisNearRoute(undefined, route)).toEqual([]);
  });

  it('counts toilets near a destination, nearest first, and keeps everything through the snapshot', async () => {
    const g = await build();
    const east = toiletsNear(g.amenities, { lat: 56.0, lng: -2.98 });
    expect(east.count).toBe(2);
    expect(east.markers[0]!.name).toBe('Harbour Toilets');
    expect(toiletsNear(g.amenities, { lat: 56.0, lng: -3.0 }).count).toBe(0);
    const loaded = deserializeStreetGraph(serializeStreetGraph(g));
    expect(loaded.amenities!.toilets).toEqual(g.amenities!.toilets);
    expect(Array.from(loaded.amenities!.poiCategory)).toEqual(Array.from(g.amenities!.poiCategory));
    expect(
      poisNearRoute(loaded.amenities, [
        { lat: 56.0, lng: -3.0 },
        { lat: 56.0, lng: -2.98 },
      ]),
    ).toEqual(
      poisNearRoute(g.amenities, [
        { lat: 56.0, lng: -3.0 },
        { lat: 56.0, lng: -2.98 },
      ]),
    );
  });

  it('parses the common opening_hours forms and refuses the rest', () => {
    expect(parseOpeningHours('24/7')?.Sunday).toBe('Open 24 hours');
    expect(parseOpeningHours('08:00-12:00,13:00-17:00')?.Wednesday).toBe('08:00-12:00, 13:00-17:00');
    expect(parseOpeningHours('Sa-Mo 10:00-16:00')).toEqual({
      Saturday: ['10:00', '16:00'],
      Sunday: ['10:00', '16:00'],
      Monday: ['10:00', '16:00'],
    });
    expect(parseOpeningHours('sunrise-sunset')).toBeNull();
    expect(parseOpeningHours('Apr-Sep Mo-Su 09:00-18:00')).toBeNull();
  });
});
