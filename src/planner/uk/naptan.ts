/**
 * NaPTAN (the DfT's National Public Transport Access Nodes, the standard 44-column CSV export,
 * OGL v3) -> stops with display names and WGS84 positions: a lookup for TransXChange stops that
 * carry no position, place-index records (bus stops, bus stations, taxi ranks, rail station
 * entrances, and the NPTG localities the stops name), and the taxi ranks list.
 * Rows that give only Easting/Northing (British National Grid) are converted (osgb.ts); a row with
 * no usable position at all is an issue naming the file, line and ATCO code. Browser-safe.
 */
import { parseCsv } from '../common/csv';
import type { PlaceRecord, PlaceType } from '../places/types';
import type { KnownStop } from './txc';
import { osgbToWgs84 } from './osgb';

export interface NaptanStop {
  atco: string;
  naptanCode: string;
  commonName: string;
  indicator: string;
  street: string;
  locality: string;
  parentLocality: string;
  /** NaPTAN StopType: BCT bus stop, BCS bus station bay, BST bus station entrance, TXR taxi rank, RSE rail entrance, ... */
  stopType: string;
  /** The stop is flagged as at its locality's centre. */
  localityCentre: boolean;
  active: boolean;
  lat: number;
  lon: number;
  /** "Perth, Bus Station", "Dundee, Seagate Bus Station, Stance 3", "Inverurie, Town Hall (opp)". */
  label: string;
}

export interface NaptanIssue {
  file: string;
  line: number;
  message: string;
}

/** Indicators that name a bay ("Stance 3", "Stand A", "Bay 2") follow a comma; others ("opp", "adj") go in brackets. */
const BAY = /^(stance|stand|bay|stop|platform|gate|entrance)\b|\d/i;

/** The town a traveller would say: "Dundee" for the locality "Dundee City Centre" (a sub-locality named after its parent). */
export function townOf(locality: string, parent: string): string {
  return parent && locality.toLowerCase().startsWith(parent.toLowerCase()) ? parent : locality;
}

export function naptanLabel(s: Pick<NaptanStop, 'commonName' | 'indicator' | 'locality' | 'parentLocality'>): string {
  const town = townOf(s.locality, s.parentLocality);
  const ind = s.indicator.trim();
  const name = s.commonName.trim();
  const withIndicator =
    !ind || ind === '-' || name.toLowerCase().endsWith(ind.toLowerCase())
      ? name
      : BAY.test(ind)
        ? `${name}, ${ind}`
        : `${name} (${ind})`;
  return town && !name.toLowerCase().startsWith(town.toLowerCase()) ? `${town}, ${withIndicator}` : withIndicator;
}

/** Reads one council's NaPTAN CSV. */
export function parseNaptan(text: string, file: string): { stops: NaptanStop[]; issues: NaptanIssue[] } {
  const stops: NaptanStop[] = [];
  const issues: NaptanIssue[] = [];
  const rows = parseCsv(text, { trimValues: true });
  if (rows.length > 0 && !('ATCOCode' in rows[0]!)) {
    issues.push({ file, line: 1, message: 'not a NaPTAN stops CSV (no ATCOCode column); file skipped' });
    return { stops, issues };
  }
  rows.forEach((r, i) => {
    const line = i + 2;
    const atco = r.ATCOCode ?? '';
    if (!atco) return issues.push({ file, line, message: 'row has no ATCOCode; skipped' });
    let lat = Number(r.Latitude || Number.NaN);
    let lon = Number(r.Longitude || Number.NaN);
    if (!(Number.isFinite(lat) && Number.isFinite(lon) && lat !== 0)) {
      const e = Number(r.Easting || Number.NaN);
      const n = Number(r.Northing || Number.NaN);
      if (Number.isFinite(e) && Number.isFinite(n) && e > 0 && n > 0) ({ lat, lon } = osgbToWgs84(e, n));
      else
        return issues.push({
          file,
          line,
          message: `stop '${atco}' (${r.CommonName ?? ''}) has neither Latitude/Longitude nor Easting/Northing; skipped`,
        });
    }
    const stop: NaptanStop = {
      atco,
      naptanCode: r.NaptanCode ?? '',
      commonName: r.CommonName ?? '',
      indicator: r.Indicator ?? '',
      street: r.Street ?? '',
      locality: r.LocalityName ?? '',
      parentLocality: r.ParentLocalityName ?? '',
      stopType: r.StopType ?? '',
      localityCentre: r.LocalityCentre === '1',
      active: (r.Status ?? 'active').toLowerCase() !== 'inactive',
      lat: Math.round(lat * 1e6) / 1e6,
      lon: Math.round(lon * 1e6) / 1e6,
      label: '',
    };
    stop.label = naptanLabel(stop);
    stops.push(stop);
  });
  return { stops, issues };
}

/** ATCO code -> name and position, for TransXChange stops (inactive stops included: older timetables name them). */
export function naptanLookup(stops: readonly NaptanStop[]): (atco: string) => KnownStop | undefined {
  const byCode = new Map(stops.map((s) => [s.atco, { name: s.label, lat: s.lat, lon: s.lon }]));
  return (atco) => byCode.get(atco);
}

export interface TaxiRank {
  id: string;
  name: string;
  street: string;
  town: string;
  lat: number;
  lng: number;
}

/** Active taxi ranks (StopType TXR): places to find a taxi, not operators. */
export function taxiRanks(stops: readonly NaptanStop[]): TaxiRank[] {
  return stops
    .filter((s) => s.active && s.stopType === 'TXR')
    .map((s) => ({
      id: s.atco,
      name: s.commonName,
      street: s.street,
      town: townOf(s.locality, s.parentLocality),
      lat: s.lat,
      lng: s.lon,
    }));
}

const KIND: Record<string, { type: PlaceType; what: string; importance: number; keywords: string[] }> = {
  BCT: { type: 'stop', what: 'Bus stop', importance: 0.3, keywords: ['bus', 'stop'] },
  BCS: { type: 'stop', what: 'Bus station stance', importance: 0.35, keywords: ['bus', 'station', 'stance'] },
  BST: { type: 'stop', what: 'Bus station entrance', importance: 0.35, keywords: ['bus', 'station'] },
  BCE: { type: 'stop', what: 'Bus station entrance', importance: 0.35, keywords: ['bus', 'station'] },
  TXR: { type: 'poi', what: 'Taxi rank', importance: 0.35, keywords: ['taxi', 'rank', 'cab'] },
  RSE: {
    type: 'stop',
    what: 'Railway station entrance',
    importance: 0.3,
    keywords: ['railway', 'station', 'train', 'entrance'],
  },
};

const slug = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const mean = (xs: number[]): number => Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 1e6) / 1e6;

/**
 * Place records: each active stop of a kind above; each bus station (its bays grouped by locality
 * and name) once as a station; and each NPTG locality the stops name that `known` towns do not
 * already cover (Broughty Ferry, a town, not only its station and streets), at its centre stops.
 */
export function naptanPlaces(
  stops: readonly NaptanStop[],
  known: readonly { label: string; lat: number; lng: number }[] = [],
): PlaceRecord[] {
  const out: PlaceRecord[] = [];
  const stations = new Map<string, NaptanStop[]>();
  const localities = new Map<string, { name: string; parent: string; all: NaptanStop[]; centre: NaptanStop[] }>();
  for (const s of stops) {
    if (!s.active) continue;
    const kind = KIND[s.stopType];
    if (kind) {
      out.push({
        id: `naptan:${s.atco}`,
        label: s.label,
        secondary: [kind.what, s.street && s.street !== '-' ? s.street : townOf(s.locality, s.parentLocality)]
          .filter(Boolean)
          .join(', '),
        type: kind.type,
        lat: s.lat,
        lng: s.lon,
        importance: kind.importance,
        source: 'naptan',
        keywords: [...kind.keywords, s.locality, s.naptanCode].filter(Boolean),
      });
    }
    if (s.stopType === 'BCS' || s.stopType === 'BST') {
      const key = `${townOf(s.locality, s.parentLocality)}|${s.commonName}`;
      stations.set(key, [...(stations.get(key) ?? []), s]);
    }
    if (s.locality) {
      const key = `${s.locality}|${s.parentLocality}`;
      const loc = localities.get(key) ?? { name: s.locality, parent: s.parentLocality, all: [], centre: [] };
      localities.set(key, loc);
      loc.all.push(s);
      if (s.localityCentre) loc.centre.push(s);
    }
  }
  for (const [key, bays] of stations) {
    const [town, name] = key.split('|') as [string, string];
    const label = town && !name.toLowerCase().startsWith(town.toLowerCase()) ? `${town}, ${name}` : name;
    const named = /bus station/i.test(name) ? label : `${label} bus station`;
    out.push({
      id: `naptan:station:${slug(key)}`,
      label: named,
      secondary: `Bus station${bays.length > 1 ? `, ${bays.length} stances` : ''}`,
      type: 'station',
      lat: mean(bays.map((b) => b.lat)),
      lng: mean(bays.map((b) => b.lon)),
      importance: 0.6,
      source: 'naptan',
      keywords: ['bus', 'station', 'coach', bays[0]!.locality],
    });
  }
  const near = (name: string, lat: number, lng: number) =>
    known.some(
      (k) =>
        k.label.toLowerCase() === name.toLowerCase() && Math.abs(k.lat - lat) < 0.05 && Math.abs(k.lng - lng) < 0.08,
    );
  for (const loc of localities.values()) {
    const at = loc.centre.length > 0 ? loc.centre : loc.all;
    const lat = mean(at.map((s) => s.lat));
    const lng = mean(at.map((s) => s.lon));
    // "Dundee City Centre": the town's centre place (places/centres.ts) answers for it.
    const centre = /\b(city|town) centre$/i.test(loc.name);
    if (near(loc.name, lat, lng) || centre) continue;
    // A top-level locality with a dozen stops or more is a town; a smaller one or a district of a town is a village/district.
    const town = !loc.parent && loc.all.length >= 12;
    out.push({
      id: `naptan:locality:${slug(`${loc.name}-${loc.parent}`)}`,
      label: loc.name,
      secondary: loc.parent ? `District of ${loc.parent}` : 'Scotland',
      type: town ? 'town' : 'village',
      lat,
      lng,
      importance: town ? 0.5 : 0.3,
      source: 'naptan',
    });
  }
  return out;
}
