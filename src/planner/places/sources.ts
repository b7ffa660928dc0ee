/**
 * Turn the region's source rows into place records. Pure functions over parsed
 * CSV rows and generic stop / OSM records; file reading is in sources-node.ts.
 */
import { distanceM, inGreatBritain } from './geo';
import type { LocalityFinder } from './locality';
import { nameStop } from './naming';
import { canonicalPostcode, slug } from './normalize';
import type { OsmPlaceInput, PlaceRecord, PlaceType, StopInput } from './types';

type Row = Record<string, string>;

/** Leading decimal number of a cell ("56.467 (56°28'N)" -> 56.467), or NaN. */
export function leadingNumber(cell: string | undefined): number {
  const m = /^\s*(-?\d+(?:\.\d+)?)/.exec(cell ?? '');
  return m ? Number(m[1]) : Number.NaN;
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

// ---------------------------------------------------------------- GeoNames towns

/**
 * GeoNames rows (name, lat, lng, admin2). The file carries no population or
 * feature class, so every row is a town with the same base importance;
 * `boostTownsByService` later lifts towns with busy stations.
 */
export function placesFromGeonames(rows: readonly Row[], councilByAdmin2: ReadonlyMap<string, string>): PlaceRecord[] {
  const out: PlaceRecord[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const name = (row.name ?? '').trim();
    const lat = Number(row.lat);
    const lng = Number(row.lng);
    if (!name || !inGreatBritain(lat, lng)) continue;
    const admin2 = (row.admin2 ?? '').trim();
    let id = `place:geonames:${slug(name)}-${admin2.toLowerCase() || 'x'}`;
    if (seen.has(id)) id = `${id}-${Math.round(lat * 100)}`;
    seen.add(id);
    out.push({
      id,
      label: name,
      secondary: councilByAdmin2.get(admin2) ?? 'Scotland',
      type: 'town',
      lat: round6(lat),
      lng: round6(lng),
      importance: 0.55,
      source: 'geonames',
    });
  }
  return out;
}

/** Lift towns by the departures of stations within 3 km (no population in the source). */
export function boostTownsByService(towns: PlaceRecord[], stops: readonly StopInput[]): void {
  const busiest = Math.max(1, ...stops.map((s) => s.departures ?? 0));
  for (const town of towns) {
    let departures = 0;
    for (const stop of stops) {
      if (Math.abs(stop.lat - town.lat) > 0.03 || Math.abs(stop.lon - town.lng) > 0.05) continue;
      if (distanceM(town.lat, town.lng, stop.lat, stop.lon) <= 3000) departures += stop.departures ?? 0;
    }
    if (departures > 0)
      town.importance = Math.min(1, town.importance + 0.4 * (Math.log1p(departures) / Math.log1p(busiest)));
  }
}

// ---------------------------------------------------------------- postcodes and streets

function localityName(finder: LocalityFinder, lat: number, lng: number, district: string | undefined): string {
  // "Dundee City" is a council, but travellers say "Dundee".
  const d = (district ?? '').trim();
  if (/ City$/.test(d)) return d.replace(/ City$/, '');
  return finder.nearest(lat, lng, 8000)?.name ?? d;
}

/** Live postcodes ("In Use?" = Yes) with coordinates. */
export function placesFromPostcodes(rows: readonly Row[], finder: LocalityFinder): PlaceRecord[] {
  const out: PlaceRecord[] = [];
  for (const row of rows) {
    if ((row['In Use?'] ?? '').trim().toLowerCase() !== 'yes') continue;
    const postcode = canonicalPostcode(row.Postcode ?? '');
    const lat = Number(row.Latitude);
    const lng = Number(row.Longitude);
    if (!postcode || !row.Latitude || !inGreatBritain(lat, lng)) continue;
    const compact = postcode.replace(' ', '');
    out.push({
      id: `postcode:${compact}`,
      label: postcode,
      secondary: localityName(finder, lat, lng, row.District),
      type: 'postcode',
      lat: round6(lat),
      lng: round6(lng),
      importance: 0.2,
      source: 'ons-postcodes',
      keywords: [compact],
    });
  }
  return out;
}

const ROAD_NUMBER_RE = /^[ABM]\d+(\(M\))?$/i;

/**
 * Streets derived from the postcode file's "Roads" column (roads near each live
 * postcode). A street's point is the mean of the postcodes that list it, so it
 * is approximate; road numbers (A929) are left out. Postcodes naming the same
 * road in one locality form one street when they chain together with gaps of
 * at most 1.5 km (single linkage), so a long road stays one place.
 */
export function streetsFromPostcodes(rows: readonly Row[], finder: LocalityFinder): PlaceRecord[] {
  interface Point {
    lat: number;
    lng: number;
    district: string;
  }
  const groups = new Map<string, { name: string; locality: string; points: Point[] }>();
  for (const row of rows) {
    if ((row['In Use?'] ?? '').trim().toLowerCase() !== 'yes' || !row.Roads) continue;
    const lat = Number(row.Latitude);
    const lng = Number(row.Longitude);
    if (!inGreatBritain(lat, lng)) continue;
    const locality = localityName(finder, lat, lng, row.District);
    for (const raw of row.Roads.split(',')) {
      const name = raw.trim();
      if (!name || ROAD_NUMBER_RE.test(name)) continue;
      const key = `${slug(name)}|${slug(locality)}`;
      const group = groups.get(key) ?? { name, locality, points: [] };
      groups.set(key, group);
      group.points.push({ lat, lng, district: (row['Postcode district'] ?? '').trim() });
    }
  }
  const out: PlaceRecord[] = [];
  for (const { name, locality, points } of groups.values()) {
    // Single-linkage clusters (a road has at most a few dozen postcodes).
    const cluster = new Int32Array(points.length).fill(-1);
    let clusters = 0;
    for (let i = 0; i < points.length; i++) {
      if (cluster[i] !== -1) continue;
      cluster[i] = clusters;
      const stack = [i];
      while (stack.length > 0) {
        const a = points[stack.pop()!]!;
        for (let j = 0; j < points.length; j++) {
          if (cluster[j] !== -1) continue;
          const b = points[j]!;
          if (distanceM(a.lat, a.lng, b.lat, b.lng) <= 1500) {
            cluster[j] = clusters;
            stack.push(j);
          }
        }
      }
      clusters++;
    }
    const sums = Array.from({ length: clusters }, () => ({
      lat: 0,
      lng: 0,
      n: 0,
      districts: new Map<string, number>(),
    }));
    points.forEach((p, i) => {
      const sum = sums[cluster[i]!]!;
      sum.lat += p.lat;
      sum.lng += p.lng;
      sum.n++;
      if (p.district) sum.districts.set(p.district, (sum.districts.get(p.district) ?? 0) + 1);
    });
    // A lone far-off postcode naming a road (a large user's postcode) is noise when the road has a real cluster.
    const largest = Math.max(...sums.map((c) => c.n));
    const kept = sums.filter((c) => c.n > 1 || largest === 1).sort((a, b) => b.n - a.n);
    kept.forEach((c, i) => {
      // Two same-named streets in one town are told apart by postcode district ("Dundee DD2").
      const district = [...c.districts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
      out.push({
        id: `street:${slug(locality)}:${slug(name)}${i > 0 ? `-${i + 1}` : ''}`,
        label: name,
        secondary: kept.length > 1 && district ? `${locality} ${district}` : locality,
        type: 'street',
        lat: round6(c.lat / c.n),
        lng: round6(c.lng / c.n),
        importance: 0.3 + Math.min(0.1, c.n / 200),
        source: 'ons-postcodes',
      });
    });
  }
  return out;
}

// ---------------------------------------------------------------- health sites

export interface SkippedRow {
  source: string;
  name: string;
  reason: string;
}

/** "X (incl. Y)" -> label X, keywords Y; "A (A Health Centre)" -> the fuller name. */
function splitName(name: string): { label: string; extra: string } {
  let label = name.trim();
  let extra = '';
  const paren = /^(.*?)\s*\((.*)\)\s*(.*)$/.exec(label);
  if (paren) {
    const [, before = '', inside = '', after = ''] = paren;
    const insideClean = inside.replace(/^(incl\.?|including|with)\s+/i, '');
    if (inside !== insideClean || !inside.toLowerCase().includes(before.toLowerCase())) {
      label = `${before} ${after}`.trim();
      extra = insideClean;
    } else {
      label = inside;
      extra = before;
    }
  }
  label = label.replace(/\s+,/g, ',').replace(/\s+/g, ' ').trim();
  const dash = label.indexOf(' - ');
  if (dash > 0) {
    extra = `${label.slice(dash + 3)} ${extra}`.trim();
    label = label.slice(0, dash);
  }
  return { label, extra };
}

const keywordsOf = (text: string): string[] | undefined => {
  const words = slug(text)
    .split('-')
    .filter((w) => w.length > 1);
  return words.length > 0 ? words : undefined;
};

/**
 * Health sites whose status starts with "open" (CLOSED and other statuses are
 * history, not current facts). A site without coordinates takes the point of a
 * live postcode from the postcode file (the sat-nav one when the source names
 * one); otherwise it is skipped and reported - never guessed.
 */
export function placesFromHealthSites(
  rows: readonly Row[],
  postcodePoint: (postcode: string) => { lat: number; lng: number } | undefined,
  finder: LocalityFinder,
  skipped: SkippedRow[] = [],
): PlaceRecord[] {
  const out: PlaceRecord[] = [];
  for (const row of rows) {
    const name = (row.name ?? '').trim();
    const status = (row.status ?? '').trim().toLowerCase();
    if (!name) continue;
    if (!status.startsWith('open')) {
      skipped.push({ source: 'health_sites', name, reason: `status "${row.status ?? ''}"` });
      continue;
    }
    let lat = leadingNumber(row.lat);
    let lng = leadingNumber(row.lon);
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) {
      const cell = row.postcode ?? '';
      const candidates = [...cell.matchAll(/[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}/gi)].map((m) => m[0]);
      const satNav = /sat-?nav/i.test(cell)
        ? candidates.filter((_, i) => /sat-?nav/i.test(cell.split(';')[i] ?? ''))
        : [];
      const point = [...satNav, ...candidates].map((pc) => postcodePoint(pc)).find((p) => p !== undefined);
      if (!point) {
        skipped.push({ source: 'health_sites', name, reason: 'no coordinates and no postcode in the postcode file' });
        continue;
      }
      lat = point.lat;
      lng = point.lng;
    }
    if (!inGreatBritain(lat, lng)) continue;
    const services = (row.type_or_services ?? '').toLowerCase();
    const isHospital = /hospital|infirmary/i.test(name) || /\bhospital\b/.test(services);
    const hasEmergency = /emergency department/.test(services) && !/no emergency department/.test(services);
    const type: PlaceType = isHospital ? 'hospital' : 'health_site';
    const { label, extra } = splitName(name);
    const town = (finder.fromAddress(row.address ?? '', lat, lng) ?? finder.forName(label, lat, lng, 10_000))?.name;
    out.push({
      id: `health:${slug(label)}`,
      label,
      secondary: [isHospital ? 'Hospital' : 'Health centre', town].filter(Boolean).join(', '),
      type,
      lat: round6(lat),
      lng: round6(lng),
      importance: hasEmergency || /acute/.test(services) ? 0.95 : isHospital ? 0.85 : 0.7,
      source: 'facts-health',
      keywords: keywordsOf(`${extra} ${isHospital ? 'hospital' : 'health centre'} ${row.health_board ?? ''}`),
    });
  }
  return out;
}

// ---------------------------------------------------------------- national park places

const PARK_AREA = 'Loch Lomond & The Trossachs';

/**
 * National park destinations (park_places.csv). Rows typed town/village that a
 * GeoNames town already covers (same name, within 3 km) add park keywords to
 * that town instead of a duplicate; rows without coordinates are skipped.
 */
export function placesFromParkPlaces(
  rows: readonly Row[],
  towns: PlaceRecord[],
  finder: LocalityFinder,
  skipped: SkippedRow[] = [],
): PlaceRecord[] {
  const out: PlaceRecord[] = [];
  const parkKeywords = ['national', 'park', 'trossachs'];
  for (const row of rows) {
    const name = (row.name ?? '').trim();
    const lat = leadingNumber(row.lat);
    const lng = leadingNumber(row.lon);
    if (!name) continue;
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || !inGreatBritain(lat, lng)) {
      skipped.push({ source: 'park_places', name, reason: 'no coordinates in the source' });
      continue;
    }
    const kind = (row.type ?? '').trim().toLowerCase();
    if (kind === 'town' || kind === 'village') {
      const same = towns.find((t) => slug(t.label) === slug(name) && distanceM(t.lat, t.lng, lat, lng) <= 3000);
      if (same) {
        same.keywords = [...(same.keywords ?? []), ...parkKeywords];
        if (kind === 'village') same.type = 'village';
        continue;
      }
      out.push({
        id: `park:${slug(name)}`,
        label: name,
        secondary: `${row.council_area || 'Scotland'}, ${PARK_AREA}`,
        type: kind,
        lat: round6(lat),
        lng: round6(lng),
        importance: 0.5,
        source: 'facts-park',
        keywords: parkKeywords,
      });
      continue;
    }
    // "Trossachs Pier, Loch Katrine" -> label "Trossachs Pier", context "Loch Katrine".
    const { label: base, extra } = splitName(name);
    const comma = base.indexOf(', ');
    const label = comma > 0 ? base.slice(0, comma) : base;
    const context = comma > 0 ? base.slice(comma + 2) : finder.around(lat, lng, 10_000)?.name;
    out.push({
      id: `park:${slug(label)}`,
      label,
      secondary: [context, PARK_AREA].filter(Boolean).join(', '),
      type: 'park_destination',
      lat: round6(lat),
      lng: round6(lng),
      importance: 0.6,
      source: 'facts-park',
      keywords: keywordsOf(`${extra} ${row.type ?? ''} national park`),
    });
  }
  return out;
}

// ---------------------------------------------------------------- stops and stations

const STOP_KEYWORDS: Record<string, string[]> = {
  rail: ['railway', 'rail', 'train', 'station'],
  bus: ['bus', 'stop'],
  coach: ['coach', 'bus', 'stop'],
  tram: ['tram'],
  subway: ['subway', 'underground'],
  ferry: ['ferry', 'pier'],
};

/**
 * Stops and stations from any timetable source. Same-named stops of one kind
 * within 1 km merge into one place (both sides of a road; a station's
 * platforms) at their mean point, under the smallest id.
 */
export function placesFromStops(stops: readonly StopInput[], finder: LocalityFinder): PlaceRecord[] {
  interface Group {
    stops: StopInput[];
  }
  const groups = new Map<string, Group[]>();
  for (const stop of stops) {
    if (!stop.name.trim() || !inGreatBritain(stop.lat, stop.lon)) continue;
    const key = `${stop.kind}|${slug(stop.name)}`;
    const list = groups.get(key) ?? [];
    groups.set(key, list);
    const group = list.find((g) => distanceM(g.stops[0]!.lat, g.stops[0]!.lon, stop.lat, stop.lon) <= 1000);
    if (group) group.stops.push(stop);
    else list.push({ stops: [stop] });
  }
  const busiest = Math.max(1, ...stops.map((s) => s.departures ?? 0));
  const out: PlaceRecord[] = [];
  for (const list of groups.values()) {
    for (const { stops: members } of list) {
      const first = [...members].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))[0]!;
      const lat = members.reduce((s, m) => s + m.lat, 0) / members.length;
      const lng = members.reduce((s, m) => s + m.lon, 0) / members.length;
      const departures = members.reduce((s, m) => s + (m.departures ?? 0), 0);
      const naming = nameStop(first.name, first.kind, first.operator);
      const town = finder.forName(first.name, lat, lng, 8000)?.name;
      const base = naming.type === 'station' ? 0.6 : 0.4;
      out.push({
        id: `stop:${first.kind}:${first.id}`,
        label: naming.label,
        secondary: [naming.what, town].filter(Boolean).join(', '),
        type: naming.type,
        lat: round6(lat),
        lng: round6(lng),
        importance: Math.min(1, base + 0.3 * (Math.log1p(departures) / Math.log1p(busiest))),
        source: first.source ?? `gtfs-${first.kind}`,
        keywords: STOP_KEYWORDS[first.kind],
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------- OSM (fed by src/planner/street later)

/**
 * OSM addresses, streets and named POIs, as the OSM reader emits them
 * (osm-places.ts). Addresses: "12 Perth Road" with "DD1 4HN, Dundee"; a street
 * split into many ways becomes one place per name and city wherever its ways
 * chain within 1 km (single linkage), at the way point nearest the middle;
 * POIs: name with "<Category>, <city>".
 */
export function placesFromOsm(records: readonly OsmPlaceInput[], finder?: LocalityFinder): PlaceRecord[] {
  const out: PlaceRecord[] = [];
  type Street = Extract<OsmPlaceInput, { kind: 'street' }>;
  const streets = new Map<string, { city: string | undefined; ways: Street[] }>();
  const cityOf = (r: OsmPlaceInput): string | undefined => r.city ?? finder?.around(r.lat, r.lon, 8000)?.name;
  for (const r of records) {
    if (!validPoint(r.lat, r.lon)) continue;
    const city = cityOf(r);
    if (r.kind === 'address') {
      if (!r.housenumber.trim() || !r.street.trim()) continue;
      const postcode = r.postcode ? (canonicalPostcode(r.postcode) ?? r.postcode) : undefined;
      out.push({
        id: `osm:address:${r.osmId}`,
        label: `${r.housenumber.trim()} ${r.street.trim()}`,
        secondary: [postcode, city].filter(Boolean).join(', '),
        type: 'address',
        lat: round6(r.lat),
        lng: round6(r.lon),
        importance: 0.25,
        source: 'osm',
        keywords: postcode ? [postcode.replace(/\s/g, '').toLowerCase()] : undefined,
      });
    } else if (r.kind === 'street') {
      if (!r.name.trim()) continue;
      const key = `${slug(r.name)}|${slug(city ?? '')}`;
      const group = streets.get(key) ?? { city, ways: [] };
      streets.set(key, group);
      group.ways.push(r);
    } else {
      if (!r.name.trim()) continue;
      const category = POI_CATEGORY_NAMES[r.category] ?? r.category.replace(/_/g, ' ');
      out.push({
        id: `osm:poi:${r.osmId}`,
        label: r.name.trim(),
        secondary: [category.charAt(0).toUpperCase() + category.slice(1), city].filter(Boolean).join(', '),
        type: 'poi',
        lat: round6(r.lat),
        lng: round6(r.lon),
        importance: 0.4,
        source: 'osm',
        keywords: keywordsOf(category),
      });
    }
  }
  for (const { city, ways } of streets.values()) {
    const cluster = new Int32Array(ways.length).fill(-1);
    let clusters = 0;
    for (let i = 0; i < ways.length; i++) {
      if (cluster[i] !== -1) continue;
      cluster[i] = clusters;
      const stack = [i];
      while (stack.length > 0) {
        const a = ways[stack.pop()!]!;
        for (let j = 0; j < ways.length; j++) {
          const b = ways[j]!;
          if (cluster[j] === -1 && distanceM(a.lat, a.lon, b.lat, b.lon) <= 1000) {
            cluster[j] = clusters;
            stack.push(j);
          }
        }
      }
      clusters++;
    }
    for (let c = 0; c < clusters; c++) {
      const members = ways.filter((_, i) => cluster[i] === c);
      const lat = members.reduce((sum, w) => sum + w.lat, 0) / members.length;
      const lng = members.reduce((sum, w) => sum + w.lon, 0) / members.length;
      // A real point of the street: the way point nearest the cluster's mean.
      const at = members.reduce((best, w) =>
        distanceM(lat, lng, w.lat, w.lon) < distanceM(lat, lng, best.lat, best.lon) ? w : best,
      );
      const first = [...members].sort((a, b) => (a.osmId < b.osmId ? -1 : a.osmId > b.osmId ? 1 : 0))[0]!;
      out.push({
        id: `osm:street:${first.osmId}`,
        label: first.name.trim(),
        secondary: city ?? 'Street',
        type: 'street',
        lat: round6(at.lat),
        lng: round6(at.lon),
        importance: 0.3 + Math.min(0.1, members.length / 100),
        source: 'osm',
      });
    }
  }
  return out;
}

/** How OSM category values read in secondary text. */
const POI_CATEGORY_NAMES: Record<string, string> = {
  platform: 'stop',
  stop_position: 'stop',
  station: 'station',
  bus_station: 'bus station',
  fuel: 'petrol station',
  pharmacy: 'pharmacy',
};

/** OSM test regions lie outside GB (Porto Alegre): the country filter is the index's (buildPlaceIndex `country`). */
function validPoint(lat: number, lng: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}
