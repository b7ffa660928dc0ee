/**
 * OSM path end to end on the real Porto Alegre extract: the street engineer's
 * PBF decoder -> osmPlacesFromPbf -> placesFromOsm -> an index whose country is
 * the test region (outside GB, so it is given explicitly).
 */
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { osmPlacesFromPbf } from '../../../src/planner/places/osm-places';
import { PlaceIndex } from '../../../src/planner/places/place-index';
import { placesFromOsm } from '../../../src/planner/places/sources';
import type { OsmPlaceInput } from '../../../src/planner/places/types';
import { repoPath } from './tayside';

const PBF = repoPath('data/test/porto-alegre/streets.osm.pbf');
const PORTO_ALEGRE = { south: -30.3, west: -51.4, north: -29.9, east: -51.0 };

describe.skipIf(!existsSync(PBF))('OSM places from the Porto Alegre extract', () => {
  let records: OsmPlaceInput[] = [];
  let index: PlaceIndex;
  beforeAll(async () => {
    const bytes = new Uint8Array(readFileSync(PBF));
    records = await osmPlacesFromPbf(() => [bytes.subarray(0, 1 << 20), bytes.subarray(1 << 20)]);
    index = PlaceIndex.build(placesFromOsm(records), { country: PORTO_ALEGRE });
  });

  it('reads named streets, addresses and POIs with points', () => {
    const kinds = new Set(records.map((r) => r.kind));
    expect(kinds).toEqual(new Set(['street', 'address', 'poi']));
    expect(records.filter((r) => r.kind === 'street').length).toBeGreaterThan(1000);
    for (const r of records) expect(Number.isFinite(r.lat) && Number.isFinite(r.lon)).toBe(true);
  });

  it('answers multi-word street queries, accent-insensitively, one place per street', () => {
    expect(index.search('avenida ipiranga')).toEqual([
      expect.objectContaining({ label: 'Avenida Ipiranga', type: 'street' }),
    ]);
    expect(index.search('rua da republica')[0]).toMatchObject({ label: 'Rua da República', type: 'street' });
    expect(index.search('osvaldo aranha av')[0]).toMatchObject({ label: 'Avenida Osvaldo Aranha' });
  });

  it('finds an address by number and street', () => {
    // Node 307532030: addr:housenumber 415, addr:street Rua Barão de Cotegipe, addr:postcode 90540-020.
    expect(index.search('415 rua barao de cotegipe')[0]).toMatchObject({
      id: 'osm:address:n307532030',
      label: '415 Rua Barão de Cotegipe',
      type: 'address',
    });
  });

  it('is empty for the Tayside-only GB default', () => {
    expect(PlaceIndex.build(placesFromOsm(records)).size).toBe(0);
  });
});
