/**
 * A real feed with some routes turned into headway services: for every `every`-th route, the trips of
 * each (service, direction, shape) group become one template trip plus a frequencies.txt row with
 * exact_times=0 from the group's first departure to its last, the headway its span over its trips
 * (the other trips are dropped). So the frequency model is tested on a real network's stops, running
 * times and spans, mixed with timetabled routes.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { formatGtfsTime, parseGtfsTime } from '../../../src/planner/timetable/gtfs-time';
import { MemorySource, SHARED_DATA } from './helpers';

/** Splits a CSV line whose fields hold no commas (Porto Alegre's trips and stop_times). */
const cells = (line: string) => line.split(',').map((c) => c.replace(/^"|"$/g, ''));

export function frequencyFeedFrom(relative: string, name: string, every: number): MemorySource {
  const zip = unzipSync(new Uint8Array(readFileSync(resolve(SHARED_DATA, relative))));
  const texts: Record<string, string> = {};
  for (const [file, bytes] of Object.entries(zip)) texts[file.split('/').pop() ?? file] = strFromU8(bytes);
  const routeLines = (texts['routes.txt'] ?? '').trim().split('\n');
  const routeCol = cells(routeLines[0] ?? '').indexOf('route_id');
  const chosen = new Set(
    routeLines
      .slice(1)
      .map((l) => cells(l)[routeCol] ?? '')
      .filter((_, i) => i % every === 0),
  );
  const tripLines = (texts['trips.txt'] ?? '').trim().split('\n');
  const th = cells(tripLines[0] ?? '');
  const col = (h: string) => th.indexOf(h);
  const stopLines = (texts['stop_times.txt'] ?? '').trim().split('\n');
  const sh = cells(stopLines[0] ?? '');
  const firstDeparture = new Map<string, { seq: number; dep: number }>();
  for (const line of stopLines.slice(1)) {
    const c = cells(line);
    const trip = c[sh.indexOf('trip_id')] ?? '';
    const seq = Number(c[sh.indexOf('stop_sequence')]);
    const dep = c[sh.indexOf('departure_time')] ?? '';
    const known = firstDeparture.get(trip);
    if (dep && (!known || seq < known.seq)) firstDeparture.set(trip, { seq, dep: parseGtfsTime(dep) });
  }
  const groups = new Map<string, { trip: string; dep: number }[]>();
  for (const line of tripLines.slice(1)) {
    const c = cells(line);
    if (!chosen.has(c[col('route_id')] ?? '')) continue;
    const trip = c[col('trip_id')] ?? '';
    const dep = firstDeparture.get(trip)?.dep;
    if (dep === undefined) continue;
    const key = [c[col('route_id')], c[col('service_id')], c[col('direction_id')], c[col('shape_id')]].join('|');
    groups.set(key, [...(groups.get(key) ?? []), { trip, dep }]);
  }
  const templates = new Set<string>();
  const frequencies = ['trip_id,start_time,end_time,headway_secs,exact_times,last_departure_time'];
  for (const list of groups.values()) {
    const first = list.reduce((a, b) => (b.dep < a.dep ? b : a));
    const last = Math.max(...list.map((x) => x.dep));
    const headway = list.length > 1 ? Math.ceil((last - first.dep) / (list.length - 1)) : 3600;
    templates.add(first.trip);
    const row = [first.trip, formatGtfsTime(first.dep), formatGtfsTime(last), String(headway), '0'];
    frequencies.push([...row, formatGtfsTime(last)].join(','));
  }
  // Timetabled routes' trips, and one template trip per group of the headway routes.
  const kept = [
    tripLines[0] ?? '',
    ...tripLines.slice(1).filter((l) => {
      const c = cells(l);
      return !chosen.has(c[col('route_id')] ?? '') || templates.has(c[col('trip_id')] ?? '');
    }),
  ];
  const keptIds = new Set(kept.slice(1).map((l) => cells(l)[col('trip_id')] ?? ''));
  texts['trips.txt'] = kept.join('\n') + '\n';
  texts['stop_times.txt'] =
    [stopLines[0], ...stopLines.slice(1).filter((l) => keptIds.has(cells(l)[sh.indexOf('trip_id')] ?? ''))].join('\n') +
    '\n';
  texts['frequencies.txt'] = frequencies.join('\n') + '\n';
  return new MemorySource(name, texts, 1 << 16);
}
