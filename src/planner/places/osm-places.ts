/**
 * OSM PBF -> OsmPlaceInput records (addresses, named streets, named POIs), read
 * with the street engineer's streaming PBF decoder (src/planner/street/osm-pbf).
 * Two passes, as OSM files list nodes before ways: the first collects places and
 * the node ids whose points they need (a way's middle vertex); the second, which
 * stops once ways start, collects those points. Browser-safe.
 */
import { readPbf } from '../street/osm-pbf';
import type { OsmWay, Tags } from '../street/osm-pbf';
import type { OsmPlaceInput } from './types';

/** Keys whose value names a POI's category, in order of preference. */
const POI_KEYS = [
  'amenity',
  'shop',
  'tourism',
  'leisure',
  'healthcare',
  'office',
  'historic',
  'railway',
  'public_transport',
  'aeroway',
];
/** Highway values that are not streets a traveller would type. */
const NOT_STREETS = new Set([
  'motorway_link',
  'trunk_link',
  'primary_link',
  'secondary_link',
  'tertiary_link',
  'proposed',
  'construction',
  'platform',
  'bus_stop',
  'elevator',
  'corridor',
]);

type Pending = { record: OsmPlaceInput; ref: number };

function poiCategory(tags: Tags): string | undefined {
  for (const key of POI_KEYS) {
    const value = tags[key];
    if (value && value !== 'yes' && value !== 'no') return value;
  }
  return undefined;
}

function fromTags(osmId: string, tags: Tags, lat: number, lon: number, isWay: boolean): OsmPlaceInput | undefined {
  const city = tags['addr:city'] || undefined;
  const name = tags.name?.trim();
  if (isWay && tags.highway && name && !NOT_STREETS.has(tags.highway))
    return { kind: 'street', osmId, name, ...(city ? { city } : {}), lat, lon };
  const category = poiCategory(tags);
  if (name && category) return { kind: 'poi', osmId, name, category, ...(city ? { city } : {}), lat, lon };
  const housenumber = tags['addr:housenumber']?.trim();
  const street = tags['addr:street']?.trim();
  if (housenumber && street) {
    const postcode = tags['addr:postcode'] || undefined;
    return {
      kind: 'address',
      osmId,
      housenumber,
      street,
      ...(postcode ? { postcode } : {}),
      ...(city ? { city } : {}),
      lat,
      lon,
    };
  }
  return undefined;
}

export async function osmPlacesFromPbf(
  chunks: () => AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<OsmPlaceInput[]> {
  const out: OsmPlaceInput[] = [];
  const pending: Pending[] = [];
  const needed = new Set<number>();
  await readPbf(chunks(), {
    taggedNode: (id, lat, lng, tags) => {
      const record = fromTags(`n${id}`, tags, lat, lng, false);
      if (record) out.push(record);
    },
    way: (way: OsmWay) => {
      const ref = way.refs[Math.floor(way.refs.length / 2)];
      if (ref === undefined) return;
      const record = fromTags(`w${way.id}`, way.tags, Number.NaN, Number.NaN, true);
      if (!record) return;
      pending.push({ record, ref });
      needed.add(ref);
    },
  });
  if (pending.length > 0) {
    const points = new Map<number, [number, number]>();
    await readPbf(
      chunks(),
      { node: (id, lat, lng) => void (needed.has(id) && points.set(id, [lat, lng])) },
      { stopAfterNodes: true },
    );
    for (const { record, ref } of pending) {
      const point = points.get(ref);
      if (point) out.push({ ...record, lat: point[0], lon: point[1] });
    }
  }
  return out;
}
