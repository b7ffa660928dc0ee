/**
 * Route-pattern networks (a stop sequence with scheduled running times, first and last departures, but
 * no individual departure times: Dundee's buses in data/tayside/dundee-bus, derived from the Bus Open
 * Data Service by BusNet) -> GTFS tables the timetable loader reads, each pattern one trip with a
 * frequencies.txt row of exact_times=0 (a window of service, raptor/frequency.ts) from its first to its
 * last departure, with a waiting allowance estimated from how often the source lists it.
 *
 * Stops are NaPTAN's (ATCO code, name and position): the network joins the stops the region already
 * has, so places, taxi ranks and the pack see one stop. A pattern is skipped, and the import report
 * says why, when: one of its stops is not in NaPTAN; a link runs for zero or negative seconds; it has
 * no links (a route with one stop); its links do not join up; its times are unreadable; it runs about
 * once a day (a single working, often a school or peak trip, whose days the data does not have); or a
 * timetabled feed of the region already runs the same route (its real times win). Nothing else is lost.
 *
 * The allowance (raptor/README.md, "Choosing the allowance"): departures a day are estimated as
 * trips_in_source_feed / listings, where `listings` is how many calendars the operator lists each
 * journey under in the source (by operator, from the manifest; 1 where not given), and the allowance is
 * the span over the gaps between them, rounded up to a minute, never under `minimumAllowance`. A
 * pattern with one estimated departure has the span as its allowance. Browser-safe.
 */
import { TIME_ZONE } from '../../vocabulary/index';
import { parseCsv } from '../common/csv';
import { formatDay, formatGtfsTime, parseGtfsTime } from '../timetable/gtfs-time';
import type { ImportIssue } from '../timetable/report';
import type { KnownStop } from './txc';
import { CALENDAR_HEADER } from '../timetable/table-source';

export interface RoutePatternFiles {
  /** route_patterns.csv: pattern_id, route_short_name, operator, destination, trips_in_source_feed, first_departure, last_departure. */
  patterns: string;
  /** pattern_links.csv: pattern_id, link_order, from_stop_id, to_stop_id, run_seconds. */
  links: string;
  /** walk_links.csv (optional): stop_a, stop_b, walk_minutes: interchange walks between stops. */
  walks?: string;
}

export interface RoutePatternOptions {
  feed: string;
  /** NaPTAN look-up by ATCO code. */
  stops: (atco: string) => KnownStop | undefined;
  /** First and last service day (days since epoch) the windows run on: every day in between (no calendars in the data). */
  days: { first: number; last: number };
  /** Calendars the source lists each journey under, by operator name (default 1). */
  listings?: Readonly<Record<string, number>>;
  /** Shortest allowance, seconds (default 600). */
  minimumAllowance?: number;
  /**
   * Fewest departures a day (estimated) a pattern needs (default 2). One listed journey is a single
   * working whose days the data does not have (a school or peak trip): it is skipped, and said.
   */
  minimumPerDay?: number;
  /** Routes a timetabled feed of the region runs, as routeKey(operator, route): such patterns are skipped. */
  timetabled?: ReadonlySet<string>;
}

export interface RoutePatternFeed {
  tables: Map<string, string[][]>;
  issues: ImportIssue[];
  patterns: { read: number; kept: number };
}

/** The key of a route run by an operator, matched without case or spacing. */
export function routeKey(operator: string, route: string): string {
  const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
  return `${norm(operator)}|${norm(route)}`;
}

/** Estimated departures a day: journeys listed over the calendars each is listed under (at least 1). */
export function departuresPerDay(trips: number, listings: number): number {
  return Math.max(1, Math.round(trips / Math.max(1, listings)));
}

/** The waiting allowance of a pattern, seconds. */
export function patternAllowance(span: number, trips: number, listings: number, minimum: number): number {
  const perDay = departuresPerDay(trips, listings);
  const gap = perDay > 1 ? span / (perDay - 1) : span;
  return Math.max(minimum, Math.ceil(gap / 60) * 60);
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function convertRoutePatterns(files: RoutePatternFiles, options: RoutePatternOptions): RoutePatternFeed {
  const issues: ImportIssue[] = [];
  const issue = (file: string, line: number, message: string, column?: string) =>
    issues.push({ feed: options.feed, file, line, message, ...(column ? { column } : {}) });
  const minimum = options.minimumAllowance ?? 600;

  const linksOf = new Map<string, { line: number; order: number; from: string; to: string; run: number }[]>();
  parseCsv(files.links).forEach((r, i) => {
    const id = r.pattern_id ?? '';
    const list = linksOf.get(id) ?? [];
    list.push({
      line: i + 2,
      order: Number(r.link_order),
      from: (r.from_stop_id ?? '').trim(),
      to: (r.to_stop_id ?? '').trim(),
      run: Number(r.run_seconds),
    });
    linksOf.set(id, list);
  });

  const agencies = new Map<string, string[]>();
  const routes = new Map<string, string[]>();
  const stops = new Map<string, string[]>();
  const trips: string[][] = [];
  const stopTimes: string[][] = [];
  const frequencies: string[][] = [];
  const rows = parseCsv(files.patterns);
  let kept = 0;
  rows.forEach((r, i) => {
    const line = i + 2;
    const id = (r.pattern_id ?? '').trim();
    const route = (r.route_short_name ?? '').trim();
    const operator = (r.operator ?? '').trim();
    const where = `pattern ${id} (route ${route}, ${operator})`;
    const skip = (message: string, file = 'route_patterns.csv', at = line, column?: string) =>
      issue(file, at, `${where}: ${message}; pattern skipped`, column);
    if (!id || !route || !operator) return skip('needs pattern_id, route_short_name and operator');
    if (options.timetabled?.has(routeKey(operator, route)))
      return skip('a timetabled feed of the region runs this route, and its real times win');
    const first = parseGtfsTime(r.first_departure ?? '');
    const last = parseGtfsTime(r.last_departure ?? '');
    if (!(first >= 0) || !(last >= first))
      return skip('first_departure and last_departure must be times, the last not before the first', undefined, line);
    const trips0 = Number(r.trips_in_source_feed);
    if (!(Number.isInteger(trips0) && trips0 > 0)) return skip('trips_in_source_feed must be a whole number above 0');
    const links = (linksOf.get(id) ?? []).sort((a, b) => a.order - b.order);
    if (links.length === 0) return skip('a route with one stop (no links)');
    const bad = links.find((l) => !(Number.isFinite(l.run) && l.run > 0));
    if (bad)
      return skip(
        `link ${bad.order} has a running time of ${bad.run} s (not above 0)`,
        'pattern_links.csv',
        bad.line,
        'run_seconds',
      );
    const broken = links.findIndex((l, k) => k > 0 && links[k - 1]!.to !== l.from);
    if (broken > 0)
      return skip(
        `link ${links[broken]!.order} does not start where the one before ends`,
        'pattern_links.csv',
        links[broken]!.line,
      );
    const sequence = [links[0]!.from, ...links.map((l) => l.to)];
    const missing = sequence.filter((s) => !options.stops(s));
    if (missing.length)
      return skip(
        `stop${missing.length > 1 ? 's' : ''} ${[...new Set(missing)].join(', ')} not in NaPTAN`,
        'pattern_links.csv',
        links[0]!.line,
      );

    const listings = options.listings?.[operator] ?? 1;
    const perDay = departuresPerDay(trips0, listings);
    if (perDay < (options.minimumPerDay ?? 2))
      return skip(
        `about ${perDay} departure a day (${trips0} listed${listings > 1 ? `, each under ${listings} calendars` : ''}): a single working whose days are not in our data`,
      );
    kept++;
    const agencyId = slug(operator) || 'operator';
    if (!agencies.has(agencyId)) agencies.set(agencyId, [agencyId, operator, '', TIME_ZONE]);
    const routeId = `${agencyId}:${route}`;
    if (!routes.has(routeId)) routes.set(routeId, [routeId, agencyId, route, '', '3']);
    for (const s of sequence) {
      if (stops.has(s)) continue;
      const known = options.stops(s)!;
      stops.set(s, [s, known.name, String(known.lat), String(known.lon)]);
    }
    trips.push([routeId, 'daily', id, (r.destination ?? '').trim()]);
    let t = first;
    sequence.forEach((s, k) => {
      if (k > 0) t += links[k - 1]!.run;
      stopTimes.push([id, formatGtfsTime(t), formatGtfsTime(t), s, String(k + 1)]);
    });
    const wait = patternAllowance(last - first, trips0, listings, minimum);
    frequencies.push([id, formatGtfsTime(first), formatGtfsTime(last + wait), String(wait), '0', formatGtfsTime(last)]);
  });

  const transfers: string[][] = [];
  if (files.walks) {
    parseCsv(files.walks).forEach((r) => {
      const a = (r.stop_a ?? '').trim();
      const b = (r.stop_b ?? '').trim();
      const minutes = Number(r.walk_minutes);
      if (!stops.has(a) || !stops.has(b) || !(minutes > 0)) return;
      const secs = String(Math.round(minutes * 60));
      transfers.push([a, b, '2', secs], [b, a, '2', secs]);
    });
  }

  const ymd = (d: number) => formatDay(d).replaceAll('-', '');
  const t = new Map<string, string[][]>();
  t.set('agency.txt', [['agency_id', 'agency_name', 'agency_url', 'agency_timezone'], ...agencies.values()]);
  t.set('stops.txt', [['stop_id', 'stop_name', 'stop_lat', 'stop_lon'], ...stops.values()]);
  t.set('routes.txt', [
    ['route_id', 'agency_id', 'route_short_name', 'route_long_name', 'route_type'],
    ...routes.values(),
  ]);
  t.set('trips.txt', [['route_id', 'service_id', 'trip_id', 'trip_headsign'], ...trips]);
  t.set('stop_times.txt', [['trip_id', 'arrival_time', 'departure_time', 'stop_id', 'stop_sequence'], ...stopTimes]);
  t.set('calendar.txt', [
    CALENDAR_HEADER,
    ['daily', '1', '1', '1', '1', '1', '1', '1', ymd(options.days.first), ymd(options.days.last)],
  ]);
  t.set('frequencies.txt', [
    ['trip_id', 'start_time', 'end_time', 'headway_secs', 'exact_times', 'last_departure_time'],
    ...frequencies,
  ]);
  if (transfers.length)
    t.set('transfers.txt', [['from_stop_id', 'to_stop_id', 'transfer_type', 'min_transfer_time'], ...transfers]);
  return { tables: t, issues, patterns: { read: rows.length, kept } };
}
