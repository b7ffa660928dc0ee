/**
 * NaPTAN (the DfT's National Public Transport Access Nodes, the standard 44-column CSV export,
 * OGL v3) -> stops with display names and WGS84 positions: a lookup for TransXChange stops that
 * carry no position, and the taxi ranks list (place-index records are made from these stops in
 * places/naptan.ts).
 * Rows that give only Easting/Northing (British National Grid) are converted (osgb.ts); a row with
 * no usable position at all is an issue naming the file, line and ATCO code. Browser-safe.
 */
import { parseCsv } from '../common/csv';
import type { KnownStop } from './txc';
import { osgbToWgs84 } from '../geo/osgb';

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
