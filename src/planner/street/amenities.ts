/**
 * Toilets and points of interest from OpenStreetMap, read in the street graph's own PBF passes
 * (nodes from pass 1's tagged nodes; ways' centroids from pass 2's coordinates) and kept in the
 * street snapshot. Looked up near a leg's destination (toilets, SPEC Toilet marker) and along its
 * route (POI counts per SPEC place category). Browser-safe.
 *
 * Tag mapping (OSM wiki keys; anything else is not a POI here):
 *   toilets            amenity=toilets (not access=private/no)
 *   atm                amenity=atm, or amenity=bank with atm=yes
 *   supermarket        shop=supermarket
 *   park               leisure=park
 *   museum             tourism=museum
 *   shopping_mall      shop=mall
 *   gas_station        amenity=fuel
 *   ev_charging        amenity=charging_station
 *   cafe               amenity=cafe
 *   convenience_store  shop=convenience
 * The SPEC's 'house' icon is the traveller's home, not an OSM category.
 */
import type { LatLng } from '../geo/geo';
import { densify, haversine } from '../geo/geo';
// The SPEC Poi and Toilet marker shapes (planner mirrors of src/contract/journey.ts).
import type { Poi, ToiletMarker } from './types';
import type { OsmWay, Tags } from './osm-pbf';

export interface PoiCategory {
  type: string;
  /** Card title (plural), as the traveller reads it. */
  name: string;
  matches: (t: Tags) => boolean;
}

export const POI_CATEGORIES: readonly PoiCategory[] = [
  { type: 'toilets', name: 'Toilets', matches: (t) => isPublicToilet(t) },
  {
    type: 'atm',
    name: 'Cash machines',
    matches: (t) => t.amenity === 'atm' || (t.amenity === 'bank' && t.atm === 'yes'),
  },
  { type: 'supermarket', name: 'Supermarkets', matches: (t) => t.shop === 'supermarket' },
  { type: 'park', name: 'Parks', matches: (t) => t.leisure === 'park' },
  { type: 'museum', name: 'Museums', matches: (t) => t.tourism === 'museum' },
  { type: 'shopping_mall', name: 'Shopping centres', matches: (t) => t.shop === 'mall' },
  { type: 'gas_station', name: 'Petrol stations', matches: (t) => t.amenity === 'fuel' },
  { type: 'ev_charging', name: 'EV charging points', matches: (t) => t.amenity === 'charging_station' },
  { type: 'cafe', name: 'Cafes', matches: (t) => t.amenity === 'cafe' },
  { type: 'convenience_store', name: 'Convenience stores', matches: (t) => t.shop === 'convenience' },
];

function isPublicToilet(t: Tags): boolean {
  return t.amenity === 'toilets' && t.access !== 'private' && t.access !== 'no';
}

export interface AmenityIndex {
  toilets: ToiletMarker[];
  /** Every POI (toilets included): degrees x 1e7 and index into POI_CATEGORIES. */
  poiLat: Int32Array;
  poiLng: Int32Array;
  poiCategory: Uint8Array;
}

export const emptyAmenities = (): AmenityIndex => ({
  toilets: [],
  poiLat: new Int32Array(0),
  poiLng: new Int32Array(0),
  poiCategory: new Uint8Array(0),
});

const yesNo = (v: string | undefined): boolean | null =>
  v === 'yes' || v === 'designated' ? true : v === 'no' ? false : null;

const DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];
const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function daySet(spec: string): number[] | null {
  const out: number[] = [];
  for (const part of spec.split(',')) {
    const m = /^(Mo|Tu|We|Th|Fr|Sa|Su)(?:-(Mo|Tu|We|Th|Fr|Sa|Su))?$/.exec(part.trim());
    if (!m) return null;
    const a = DAYS.indexOf(m[1] as string);
    const b = m[2] ? DAYS.indexOf(m[2]) : a;
    for (let d = a; ; d = (d + 1) % 7) {
      out.push(d);
      if (d === b) break;
    }
  }
  return out;
}

/**
 * The common forms of OSM opening_hours ("24/7", "08:00-20:00", "Mo-Fr 08:00-18:00; Sa 10:00-16:00;
 * Su off") per weekday; null for anything richer (public holidays, months, sunrise), which the
 * caller keeps as text rather than guess.
 */
export function parseOpeningHours(raw: string): Record<string, [string, string] | string> | null {
  const text = raw.trim();
  if (text === '24/7') return Object.fromEntries(DAY_NAMES.map((d) => [d, 'Open 24 hours']));
  const out: Record<string, [string, string] | string> = {};
  for (const rule of text
    .split(';')
    .map((r) => r.trim())
    .filter(Boolean)) {
    const m = /^(?:([A-Za-z,-]+)\s+)?(off|closed|\d{2}:\d{2}-\d{2}:\d{2}(?:\s*,\s*\d{2}:\d{2}-\d{2}:\d{2})*)$/.exec(
      rule,
    );
    if (!m) return null;
    const days = m[1] ? daySet(m[1]) : [0, 1, 2, 3, 4, 5, 6];
    if (!days) return null;
    const spans = (m[2] as string).split(',').map((s) => s.trim());
    let value: [string, string] | string;
    if (spans[0] === 'off' || spans[0] === 'closed') value = 'Closed';
    else if (spans.length === 1) {
      const [open, close] = (spans[0] as string).split('-') as [string, string];
      value = open === '00:00' && (close === '24:00' || close === '00:00') ? 'Open 24 hours' : [open, close];
    } else value = spans.join(', ');
    for (const d of days) out[DAY_NAMES[d] as string] = value; // later rules override, as in the OSM syntax
  }
  return Object.keys(out).length ? out : null;
}

/** amenity=toilets tags at a point -> the SPEC Toilet marker; null for private toilets. */
export function toiletMarker(tags: Tags, lat: number, lng: number): ToiletMarker | null {
  if (!isPublicToilet(tags)) return null;
  const notes: string[] = [];
  const hours = tags.opening_hours ? parseOpeningHours(tags.opening_hours) : null;
  if (tags.opening_hours && !hours) notes.push(`Opening hours: ${tags.opening_hours}`);
  if (tags.access === 'customers') notes.push('For customers only');
  if (tags.wheelchair === 'limited') notes.push('Limited wheelchair access');
  const note = tags.description ?? tags.note;
  if (note) notes.push(note);
  let payment: string | null = null;
  if (tags.fee === 'yes') payment = tags.charge ? `Fee: ${tags.charge}` : 'Fee payable';
  else if (tags.fee === 'no') payment = 'Free';
  const baby = tags.changing_table ?? tags.diaper;
  return {
    name: tags.name ?? (tags.operator ? `Toilets (${tags.operator})` : 'Public toilets'),
    location: { lat, lng },
    openingTimes: hours ?? {},
    accessible: yesNo(tags.wheelchair),
    allGender: yesNo(tags.unisex),
    men: yesNo(tags.male),
    women: yesNo(tags.female),
    babyChange: baby && /^\d+$/.test(baby) ? Number(baby) > 0 : yesNo(baby),
    paymentDetails: payment,
    notes: notes.length ? notes.join('. ') : null,
  };
}

function categoryOf(tags: Tags): number {
  return POI_CATEGORIES.findIndex((c) => c.matches(tags));
}

/**
 * Collects amenities during the street build: tagged nodes directly; ways (buildings, parks) by
 * the mean of their node coordinates, which the build's node pass supplies through `node`.
 */
export class AmenityCollector {
  private readonly lat: number[] = [];
  private readonly lng: number[] = [];
  private readonly cat: number[] = [];
  private readonly toilets: ToiletMarker[] = [];
  private readonly pending: { tags: Tags; refs: number[]; cat: number }[] = [];
  /** Node ids the pending ways need, with their coordinates once seen. */
  readonly wanted = new Map<number, [number, number] | null>();

  taggedNode(lat: number, lng: number, tags: Tags): void {
    this.add(categoryOf(tags), tags, lat, lng);
  }

  way(way: OsmWay): void {
    const cat = categoryOf(way.tags);
    if (cat < 0 || way.refs.length === 0) return;
    this.pending.push({ tags: way.tags, refs: way.refs, cat });
    for (const r of way.refs) this.wanted.set(r, null);
  }

  node(id: number, lat: number, lng: number): void {
    if (this.wanted.has(id)) this.wanted.set(id, [lat, lng]);
  }

  finish(): AmenityIndex {
    for (const p of this.pending) {
      // A closed way repeats its first node: count it once.
      const refs = p.refs.length > 1 && p.refs[0] === p.refs[p.refs.length - 1] ? p.refs.slice(1) : p.refs;
      let sLat = 0;
      let sLng = 0;
      let n = 0;
      for (const r of refs) {
        const c = this.wanted.get(r);
        if (!c) continue;
        sLat += c[0];
        sLng += c[1];
        n++;
      }
      if (n > 0) this.add(p.cat, p.tags, sLat / n, sLng / n);
    }
    return {
      toilets: this.toilets,
      poiLat: Int32Array.from(this.lat, (v) => Math.round(v * 1e7)),
      poiLng: Int32Array.from(this.lng, (v) => Math.round(v * 1e7)),
      poiCategory: Uint8Array.from(this.cat),
    };
  }

  private add(cat: number, tags: Tags, lat: number, lng: number): void {
    if (cat < 0) return;
    this.lat.push(lat);
    this.lng.push(lng);
    this.cat.push(cat);
    const t = POI_CATEGORIES[cat]?.type === 'toilets' ? toiletMarker(tags, lat, lng) : null;
    if (t) this.toilets.push(t);
  }
}

/** Toilets within a short walk of a leg's destination (400 m, about five minutes). */
export const TOILET_RADIUS_M = 400;
/** POIs counted within this distance of the route. */
export const POI_RADIUS_M = 150;
const CELL_M = 250;
const M_PER_DEG = 111_320;

interface PoiGrid {
  mPerDegLng: number;
  cells: Map<number, number[]>;
}
const grids = new WeakMap<AmenityIndex, PoiGrid>();

const cellKey = (row: number, col: number): number => row * 4_194_304 + col;

function gridOf(a: AmenityIndex): PoiGrid {
  let g = grids.get(a);
  if (g) return g;
  const lat0 = a.poiLat.length ? (a.poiLat[0] as number) * 1e-7 : 0;
  g = { mPerDegLng: M_PER_DEG * Math.cos((lat0 * Math.PI) / 180), cells: new Map() };
  for (let i = 0; i < a.poiLat.length; i++) {
    const key = cellKey(
      Math.floor((((a.poiLat[i] as number) * 1e-7 + 90) * M_PER_DEG) / CELL_M),
      Math.floor((((a.poiLng[i] as number) * 1e-7 + 180) * g.mPerDegLng) / CELL_M),
    );
    const list = g.cells.get(key);
    if (list) list.push(i);
    else g.cells.set(key, [i]);
  }
  grids.set(a, g);
  return g;
}

/**
 * POIs within `radius` of the route, per category (the SPEC Poi cards), categories with none
 * left out. The route is sampled every 40 m, so a POI counts when it is within radius of a sample
 * (at most 20 m more than its distance to the line).
 */
export function poisNearRoute(a: AmenityIndex | undefined, route: readonly LatLng[], radius = POI_RADIUS_M): Poi[] {
  if (!a || a.poiLat.length === 0 || route.length === 0) return [];
  const g = gridOf(a);
  const seen = new Uint8Array(a.poiLat.length);
  const counts = new Array<number>(POI_CATEGORIES.length).fill(0);
  const reachCells = Math.ceil(radius / CELL_M);
  for (const p of densify(route, 40)) {
    const row = Math.floor(((p.lat + 90) * M_PER_DEG) / CELL_M);
    const col = Math.floor(((p.lng + 180) * g.mPerDegLng) / CELL_M);
    for (let dr = -reachCells; dr <= reachCells; dr++) {
      for (let dc = -reachCells; dc <= reachCells; dc++) {
        const list = g.cells.get(cellKey(row + dr, col + dc));
        if (!list) continue;
        for (const i of list) {
          if (
            seen[i] ||
            haversine(p.lat, p.lng, (a.poiLat[i] as number) * 1e-7, (a.poiLng[i] as number) * 1e-7) > radius
          )
            continue;
          seen[i] = 1;
          const c = a.poiCategory[i] as number;
          counts[c] = (counts[c] as number) + 1;
        }
      }
    }
  }
  return POI_CATEGORIES.flatMap((c, i) =>
    (counts[i] as number) > 0 ? [{ name: c.name, type: c.type, count: counts[i] as number, link: null }] : [],
  );
}

/** Toilets within `radius` of a point, nearest first. */
export function toiletsNear(
  a: AmenityIndex | undefined,
  at: LatLng,
  radius = TOILET_RADIUS_M,
): { count: number; markers: ToiletMarker[] } {
  if (!a) return { count: 0, markers: [] };
  const markers = a.toilets
    .map((t) => ({ t, d: haversine(at.lat, at.lng, t.location.lat, t.location.lng) }))
    .filter((x) => x.d <= radius)
    .sort((x, y) => x.d - y.d)
    .map((x) => x.t);
  return { count: markers.length, markers };
}
