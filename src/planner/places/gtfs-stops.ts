/**
 * Adapter: a GTFS feed -> generic StopInput records for the place index, with calls
 * per stop (a service-level hint for ranking). stopsFromRawFeed reads the feed as the
 * timetable import loaded it (the region build: stops.txt read once); stopsFromGtfsZip
 * reads stops.txt and stop_times.txt from a zip's bytes where no import runs.
 * Browser-safe (fflate).
 */
import { strFromU8, unzipSync } from 'fflate';
import { parseCsv, parseCsvRows } from '../common/csv';
import type { RawFeed } from '../timetable/raw-feed';
import type { StopInput, StopKind } from './types';

export interface GtfsStopsOptions {
  /** Feed name, used in ids of non-rail stops ("ember" -> "stop:coach:ember:640014188"). */
  feed: string;
  /** Kind of every stop in the feed; by default from routes.txt's most common route_type. */
  kind?: StopKind;
  operator?: string;
  /** Attribution key for these records. */
  source?: string;
  /** Count calls per stop from stop_times.txt (default true). */
  countCalls?: boolean;
}

/** GTFS route_type (basic and extended) -> stop kind. */
export function kindOfRouteType(routeType: number): StopKind {
  if (routeType === 0 || (routeType >= 900 && routeType < 1000)) return 'tram';
  if (routeType === 1 || (routeType >= 400 && routeType < 500)) return 'subway';
  if (routeType === 2 || (routeType >= 100 && routeType < 200)) return 'rail';
  if (routeType === 4 || (routeType >= 1000 && routeType < 1100) || routeType === 1200) return 'ferry';
  if (routeType >= 200 && routeType < 300) return 'coach';
  if (routeType === 3 || routeType === 11 || (routeType >= 700 && routeType < 900)) return 'bus';
  if (routeType === 5 || routeType === 6 || routeType === 7 || (routeType >= 1300 && routeType < 1500)) return 'cable';
  return 'other';
}

function files(zip: Uint8Array, wanted: string[]): Map<string, Uint8Array> {
  const entries = unzipSync(zip, { filter: (f) => wanted.includes(f.name.split('/').pop() ?? '') });
  const out = new Map<string, Uint8Array>();
  for (const [name, data] of Object.entries(entries)) {
    const base = name.split('/').pop() ?? name;
    if (!out.has(base)) out.set(base, data);
  }
  return out;
}

const NEWLINE = 10;
const COMMA = 44;
const QUOTE = 34;
const utf8 = new TextDecoder();

/** Text of bytes[start, end): ASCII (every stop id seen so far) without a decoder call. */
function textOf(bytes: Uint8Array, start: number, end: number): string {
  let ascii = '';
  for (let i = start; i < end; i++) {
    const b = bytes[i] as number;
    if (b >= 128) return utf8.decode(bytes.subarray(start, end));
    ascii += String.fromCharCode(b);
  }
  return ascii;
}

/** Calls per stop_id, from stop_times.txt, reading only the stop_id column. */
export function countCalls(stopTimes: string | Uint8Array): Map<string, number> {
  // Scanned as bytes: a loop over a Uint8Array stays fast, where the same loop over a large
  // string's characters was once deoptimised for good and took a minute in a long-lived process.
  const bytes = typeof stopTimes === 'string' ? new TextEncoder().encode(stopTimes) : stopTimes;
  const counts = new Map<string, number>();
  const n = bytes.length;
  const firstLineEnd = bytes.indexOf(NEWLINE);
  if (firstLineEnd < 0) return counts;
  const header = parseCsvRows(utf8.decode(bytes.subarray(0, firstLineEnd)))[0] ?? [];
  const col = header.map((h) => h.trim().replace(/^\uFEFF/, '')).indexOf('stop_id');
  if (col < 0) return counts;
  let pos = firstLineEnd + 1;
  // The next quote at or after pos (-1: none left), found once per quote, not once per line.
  let quote = bytes.indexOf(QUOTE, pos);
  while (pos < n) {
    let end = bytes.indexOf(NEWLINE, pos);
    if (end < 0) end = n;
    let id: string | undefined;
    if (quote >= 0 && quote < pos) quote = bytes.indexOf(QUOTE, pos);
    if (quote >= 0 && quote < end) {
      // Quoted fields are rare in stop_times; use the full parser for such a line.
      id = parseCsvRows(utf8.decode(bytes.subarray(pos, end)))[0]?.[col];
    } else {
      // Skip to the col-th comma without splitting the line.
      let start = pos;
      for (let c = 0; c < col && start >= 0; c++) {
        while (start < end && bytes[start] !== COMMA) start++;
        start = start >= end ? -1 : start + 1;
      }
      if (start >= 0) {
        let stop = start;
        while (stop < end && bytes[stop] !== COMMA) stop++;
        id = textOf(bytes, start, stop);
      }
    }
    pos = end + 1;
    id = id?.trim();
    if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/**
 * The place records of a loaded feed: the same records stopsFromGtfsZip makes from the feed's zip,
 * read from the stops, routes and stop times the timetable import already holds.
 */
export function stopsFromRawFeed(raw: RawFeed, options: GtfsStopsOptions): StopInput[] {
  let kind = options.kind;
  if (!kind) {
    const tally = new Map<StopKind, number>();
    for (const route of raw.routes) {
      const k = kindOfRouteType(route.type);
      tally.set(k, (tally.get(k) ?? 0) + 1);
    }
    kind = [...tally.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'bus';
  }
  const calls = new Int32Array(raw.stops.length);
  if (options.countCalls ?? true) {
    const stops = raw.stopTimes.stop.view();
    for (let i = 0; i < stops.length; i++) (calls[stops[i] as number] as number)++;
  }
  const index = new Map(raw.stops.map((s, i) => [s.id, i]));
  const isStation = (id: string) => raw.stops[index.get(id) ?? -1]?.locationType === 1;
  // Calls at platforms count for their parent station.
  const parentCalls = new Int32Array(raw.stops.length);
  raw.stops.forEach((s, i) => {
    if (s.parentId && isStation(s.parentId))
      (parentCalls[index.get(s.parentId) as number] as number) += calls[i] as number;
  });
  const out: StopInput[] = [];
  raw.stops.forEach((s, i) => {
    // Entrances, nodes and boarding areas are not places; platforms stand in for their station.
    if (!s.id || s.locationType > 1) return;
    if (s.parentId && isStation(s.parentId)) return;
    if (!Number.isFinite(s.lat) || !Number.isFinite(s.lon)) return;
    const id = kind === 'rail' && /^[A-Z]{3}$/.test(s.code) ? s.code : `${options.feed}:${s.id}`;
    out.push({
      id,
      name: s.name,
      lat: s.lat,
      lon: s.lon,
      kind,
      departures: (calls[i] as number) + (parentCalls[i] as number),
      ...(options.operator ? { operator: options.operator } : {}),
      ...(options.source ? { source: options.source } : {}),
    });
  });
  return out;
}

export function stopsFromGtfsZip(zip: Uint8Array, options: GtfsStopsOptions): StopInput[] {
  const countCallsToo = options.countCalls ?? true;
  const raw = files(zip, ['stops.txt', 'routes.txt', ...(countCallsToo ? ['stop_times.txt'] : [])]);
  const text = (name: string) => {
    const bytes = raw.get(name);
    return bytes === undefined ? undefined : strFromU8(bytes);
  };
  const stopsText = text('stops.txt');
  if (stopsText === undefined) return [];
  let kind = options.kind;
  if (!kind) {
    const tally = new Map<StopKind, number>();
    for (const route of parseCsv(text('routes.txt') ?? '')) {
      const k = kindOfRouteType(Number(route.route_type));
      tally.set(k, (tally.get(k) ?? 0) + 1);
    }
    kind = [...tally.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'bus';
  }
  const calls = countCallsToo ? countCalls(raw.get('stop_times.txt') ?? new Uint8Array(0)) : new Map<string, number>();
  const rows = parseCsv(stopsText);
  const stations = new Set(rows.filter((r) => r.location_type === '1').map((r) => r.stop_id));
  // Calls at platforms count for their parent station.
  const parentCalls = new Map<string, number>();
  for (const r of rows) {
    const parent = r.parent_station?.trim();
    if (parent && stations.has(parent))
      parentCalls.set(parent, (parentCalls.get(parent) ?? 0) + (calls.get(r.stop_id ?? '') ?? 0));
  }
  const out: StopInput[] = [];
  for (const r of rows) {
    const stopId = (r.stop_id ?? '').trim();
    const type = (r.location_type ?? '').trim();
    const parent = r.parent_station?.trim();
    // Entrances, nodes and boarding areas are not places; platforms stand in for their station.
    if (!stopId || (type !== '' && type !== '0' && type !== '1')) continue;
    if (parent && stations.has(parent)) continue;
    const lat = Number(r.stop_lat);
    const lon = Number(r.stop_lon);
    if (!r.stop_lat || !r.stop_lon || !Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    const code = (r.stop_code ?? '').trim();
    const id = kind === 'rail' && /^[A-Z]{3}$/.test(code) ? code : `${options.feed}:${stopId}`;
    out.push({
      id,
      name: (r.stop_name ?? '').trim(),
      lat,
      lon,
      kind,
      departures: (calls.get(stopId) ?? 0) + (parentCalls.get(stopId) ?? 0),
      ...(options.operator ? { operator: options.operator } : {}),
      ...(options.source ? { source: options.source } : {}),
    });
  }
  return out;
}
