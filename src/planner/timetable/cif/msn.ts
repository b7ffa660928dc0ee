/**
 * CIF .MSN (Master Station Names): a station's name, TIPLOCs, CRS code, grid reference and
 * minimum connection time. "A" records only; the grid reference is in units of 100 m with 10000
 * added to the easting and 60000 to the northing (OSGB36, converted to WGS84 here).
 */
import { osgbToWgs84 } from '../../geo/osgb';

export interface CifStation {
  /** The TIPLOC of the station's record: the stop id (as GTFS converted from CIF uses). */
  tiploc: string;
  crs: string;
  name: string;
  lat: number;
  lon: number;
  /** Minimum connection time at the station, seconds. */
  minChange: number;
  /** True when the grid reference is marked as estimated. */
  estimated: boolean;
}

export interface CifStations {
  /** By TIPLOC: every MSN station record is a stop (the high and low level of one station are two). */
  stations: Map<string, CifStation>;
  /** Every TIPLOC the MSN lists -> its station's TIPLOC (itself). */
  byTiploc: Map<string, string>;
  /** CRS -> the TIPLOC of its principal (not subsidiary) record. */
  byCrs: Map<string, string>;
}

/** "ABERDEEN" -> "Aberdeen", "HAYMARKET (EDINBURGH)" -> "Haymarket (Edinburgh)". */
export function stationName(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/(^|[\s(\-/&'.])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase())
    .replace(/\b(And|Of|On|In|Upon|The)\b(?!$)/g, (w, _x, at: number) => (at === 0 ? w : w.toLowerCase()));
}

export function newCifStations(): CifStations {
  return { stations: new Map(), byTiploc: new Map(), byCrs: new Map() };
}

/** Reads one MSN line into `into`; returns an issue message, or '' when the line is fine (or not a station). */
export function readMsnLine(line: string, into: CifStations): string {
  if (!line.startsWith('A    ') || line.includes('FILE-SPEC=')) return '';
  if (line.length < 66) return `station record of ${line.length} characters (MSN station records are 82); skipped`;
  const name = line.slice(5, 35);
  const cate = line.slice(35, 36);
  const tiploc = line.slice(36, 43).trim();
  const crs = line.slice(49, 52).trim();
  const e = Number(line.slice(52, 57));
  const n = Number(line.slice(58, 63));
  const minChange = Number(line.slice(63, 66)) * 60;
  if (!tiploc || !crs) return `station record without a TIPLOC or CRS code; skipped`;
  if (!(Number.isFinite(e) && Number.isFinite(n)) || e < 10000 || n < 60000)
    return `station '${crs}' ('${tiploc}') has no usable grid reference '${line.slice(52, 63)}'; skipped`;
  const { lat, lon } = osgbToWgs84((e - 10000) * 100, (n - 60000) * 100);
  into.stations.set(tiploc, {
    tiploc,
    crs,
    name: stationName(name),
    lat,
    lon,
    minChange: Number.isFinite(minChange) ? minChange : 0,
    estimated: line.slice(57, 58) === 'E',
  });
  into.byTiploc.set(tiploc, tiploc);
  // The CRS names the station's principal record; a subsidiary one (category 9, such as Glasgow Queen
  // Street Low Level beside the High Level) is a stop of its own but not the one a CRS code means.
  if (cate !== '9' || !into.byCrs.has(crs)) into.byCrs.set(crs, tiploc);
  return '';
}
