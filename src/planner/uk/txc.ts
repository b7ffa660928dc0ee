/**
 * TransXChange (schema 2.1-2.5, as Traveline Scotland and the Bus Open Data Service publish it)
 * -> GTFS tables, so a bus timetable joins the same timetable model, import report and roll-forward
 * as a GTFS feed (timetable/table-source.ts serves the tables to timetable/load-feed.ts).
 *
 * Read: Operators, Services/Lines (line names, Mode, Description, OperatingPeriod, service-level
 * OperatingProfile), StopPoints (AnnotatedStopPointRef or StopPoint with a Location),
 * JourneyPatternSections (timing links with RunTime, From/To WaitTime and Activity),
 * JourneyPatterns, VehicleJourneys (DepartureTime, DepartureDayShift, VehicleJourneyRef,
 * VehicleJourneyTimingLink overrides, Frequency) and ServicedOrganisations. Calendars:
 * txc-calendar.ts. A file that is not TransXChange or not well-formed XML, a journey pattern
 * naming a stop the file does not list, and similar defects are issues in the import report; the
 * rest of the file (and the other files) still imports.
 */
import type { ImportIssue } from '../timetable/report';
import { formatDay, formatGtfsTime, parseDay, weekdayOf } from '../timetable/gtfs-time';
import { operatingDays, servicedOrganisations, type Period, type ServicedOrganisation } from './txc-calendar';
import { child, childrenNamed, lineAt, parseXml, textOf, XmlError, type XmlElement } from './xml';
import { osgbToWgs84 } from '../geo/osgb';
import { TIME_ZONE } from '../../vocabulary/index';
import { CALENDAR_HEADER } from '../timetable/table-source';

/** A stop as NaPTAN knows it: its display name and WGS84 position. */
export interface KnownStop {
  name: string;
  lat: number;
  lon: number;
}

export interface TxcOptions {
  /** Feed name (ids are namespaced by it in the timetable, and it names the feed in the report). */
  feed: string;
  /** NaPTAN by ATCO code: names and coordinates for stops the file gives no position for. */
  stops?: (atco: string) => KnownStop | undefined;
  /** Today (days since epoch): an OperatingPeriod with no EndDate runs to today + 400 days. */
  today?: number;
  /**
   * The region: a journey is kept only when one of its stops lies where keep(lat, lon) is true
   * (a national dataset clipped to the councils); then stops no kept journey calls at are left out.
   */
  keep?: (lat: number, lon: number) => boolean;
}

export interface TxcFeed {
  /** GTFS file name -> rows, the first row the header. */
  tables: Map<string, string[][]>;
  issues: ImportIssue[];
  /** Files that imported (not skipped as unreadable). */
  files: number;
  /** The union of the imported services' OperatingPeriods (null when none imported). */
  period: Period | null;
}

interface Link {
  id: string;
  from: StopUse;
  to: StopUse;
  run: number;
}

interface StopUse {
  stop: string;
  wait: number;
  activity: string;
}

const MODE_ROUTE_TYPE: Record<string, number> = {
  bus: 3,
  coach: 200,
  tram: 0,
  metro: 1,
  underground: 1,
  rail: 2,
  ferry: 4,
  trolleyBus: 11,
  telecabine: 6,
  cableCar: 5,
};
const OPEN_ENDED_DAYS = 400;

/** ISO 8601 duration (PT1H2M3S, P0D) -> seconds; NaN when malformed. */
export function parseDuration(text: string): number {
  const m = /^-?P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(text.trim());
  if (!m || text.trim() === 'P' || text.trim() === 'PT') return Number.NaN;
  return Math.round(Number(m[1] ?? 0) * 86_400 + Number(m[2] ?? 0) * 3600 + Number(m[3] ?? 0) * 60 + Number(m[4] ?? 0));
}

/** "HH:MM[:SS]" -> seconds; NaN when malformed. */
function clock(text: string): number {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3] ?? 0) : Number.NaN;
}

/** Collects rows per GTFS table, with de-duplicated ids across files. */
class Tables {
  readonly agencies = new Map<string, string[]>();
  readonly stops = new Map<string, string[]>();
  readonly routes = new Map<string, string[]>();
  readonly trips: string[][] = [];
  readonly stopTimes: string[][] = [];
  readonly frequencies: string[][] = [];
  readonly calendars = new Map<string, string[]>();
  readonly calendarDates: string[][] = [];
  readonly tripIds = new Set<string>();
  private readonly inRegion = new Map<string, boolean>();

  /** Whether a stop (already in `stops`) lies in the region; remembered per stop. */
  stopInRegion(id: string, keep: (lat: number, lon: number) => boolean): boolean {
    let known = this.inRegion.get(id);
    if (known === undefined) {
      const row = this.stops.get(id);
      const lat = Number(row?.[3] || Number.NaN);
      const lon = Number(row?.[4] || Number.NaN);
      known = Number.isFinite(lat) && Number.isFinite(lon) && keep(lat, lon);
      this.inRegion.set(id, known);
    }
    return known;
  }

  /** A service id for a day list: calendar.txt over its weekdays plus calendar_dates.txt exceptions. */
  service(weekdays: boolean[], days: number[]): string {
    const first = days[0] as number;
    const last = days[days.length - 1] as number;
    const set = new Set(days);
    const added: number[] = [];
    const removed: number[] = [];
    for (let d = first; d <= last; d++) {
      const regular = weekdays[weekdayOf(d)] as boolean;
      if (regular && !set.has(d)) removed.push(d);
      if (!regular && set.has(d)) added.push(d);
    }
    const key = `${weekdays.map(Number).join('')}|${first}|${last}|${added.join(',')}|${removed.join(',')}`;
    const existing = this.calendars.get(key);
    if (existing) return existing[0] as string;
    const id = `s${this.calendars.size + 1}`;
    const ymd = (d: number) => formatDay(d).replaceAll('-', '');
    this.calendars.set(key, [id, ...weekdays.map((w) => (w ? '1' : '0')), ymd(first), ymd(last)]);
    for (const d of added) this.calendarDates.push([id, ymd(d), '1']);
    for (const d of removed) this.calendarDates.push([id, ymd(d), '2']);
    return id;
  }

  /** `usedStopsOnly`: leave out stops no trip calls at (a clipped national dataset lists every stop of every file). */
  build(period: Period | null, usedStopsOnly = false): Map<string, string[][]> {
    const t = new Map<string, string[][]>();
    const used = usedStopsOnly ? new Set(this.stopTimes.map((r) => r[3] as string)) : null;
    const stops = used ? [...this.stops.values()].filter((r) => used.has(r[0] as string)) : [...this.stops.values()];
    t.set('agency.txt', [['agency_id', 'agency_name', 'agency_url', 'agency_timezone'], ...this.agencies.values()]);
    t.set('stops.txt', [['stop_id', 'stop_code', 'stop_name', 'stop_lat', 'stop_lon'], ...stops]);
    t.set('routes.txt', [
      ['route_id', 'agency_id', 'route_short_name', 'route_long_name', 'route_type'],
      ...this.routes.values(),
    ]);
    t.set('trips.txt', [
      ['route_id', 'service_id', 'trip_id', 'trip_headsign', 'direction_id', 'wheelchair_accessible'],
      ...this.trips,
    ]);
    t.set('stop_times.txt', [
      [
        'trip_id',
        'arrival_time',
        'departure_time',
        'stop_id',
        'stop_sequence',
        'pickup_type',
        'drop_off_type',
        'timepoint',
      ],
      ...this.stopTimes,
    ]);
    t.set('calendar.txt', [CALENDAR_HEADER, ...this.calendars.values()]);
    t.set('calendar_dates.txt', [['service_id', 'date', 'exception_type'], ...this.calendarDates]);
    if (this.frequencies.length)
      t.set('frequencies.txt', [
        ['trip_id', 'start_time', 'end_time', 'headway_secs', 'exact_times'],
        ...this.frequencies,
      ]);
    if (period) {
      const ymd = (d: number) => formatDay(d).replaceAll('-', '');
      t.set('feed_info.txt', [
        ['feed_publisher_name', 'feed_publisher_url', 'feed_lang', 'feed_start_date', 'feed_end_date'],
        ['TransXChange', '', 'en', ymd(period.first), ymd(period.last)],
      ]);
    }
    return t;
  }
}

/** Converts TransXChange documents (name and text) into one feed's GTFS tables. */
export function convertTxc(inputs: Iterable<{ name: string; text: string }>, options: TxcOptions): TxcFeed {
  const converter = new TxcConverter(options);
  for (const input of inputs) converter.add(input);
  return converter.finish();
}

/**
 * The same conversion a document at a time: a national dataset (thousands of files) is read,
 * converted and let go file by file, so only the rows kept (with `options.keep`, the journeys
 * touching the region) stay in memory.
 */
export class TxcConverter {
  private readonly tables = new Tables();
  readonly issues: ImportIssue[] = [];
  private files = 0;
  private period: Period | null = null;
  /** Journeys left out by `options.keep` (wholly outside the region). */
  clipped = 0;

  constructor(private readonly options: TxcOptions) {}

  add(input: { name: string; text: string }): void {
    const options = this.options;
    const issue = (message: string, pos = -1): void => {
      this.issues.push({ feed: options.feed, file: input.name, line: pos >= 0 ? lineAt(input.text, pos) : 0, message });
    };
    let root: XmlElement;
    try {
      root = parseXml(input.text);
    } catch (err) {
      if (!(err instanceof XmlError)) throw err;
      this.issues.push({
        feed: options.feed,
        file: input.name,
        line: err.line,
        message: `not well-formed XML (a truncated file?): ${err.message.replace(/^line \d+: /, '')}; file skipped`,
      });
      return;
    }
    if (root.name !== 'TransXChange') {
      issue(`not a TransXChange document (the root element is <${root.name}>); file skipped`, root.pos);
      return;
    }
    const used = convertFile(root, this.tables, options, issue, () => this.clipped++);
    this.files++;
    for (const p of used)
      this.period = this.period
        ? { first: Math.min(this.period.first, p.first), last: Math.max(this.period.last, p.last) }
        : p;
  }

  /** An issue found outside a document's text (an unreadable zip entry). */
  addIssue(file: string, message: string): void {
    this.issues.push({ feed: this.options.feed, file, line: 0, message });
  }

  finish(): TxcFeed {
    return {
      tables: this.tables.build(this.period, !!this.options.keep),
      issues: this.issues,
      files: this.files,
      period: this.period,
    };
  }
}

/** One TransXChange document into the tables; returns the OperatingPeriods of its services. */
function convertFile(
  root: XmlElement,
  t: Tables,
  options: TxcOptions,
  issue: (message: string, pos?: number) => void,
  onClipped: () => void,
): Period[] {
  const today = options.today ?? Math.floor(Date.now() / 86_400_000);

  // Stops: the file's own names and positions, else NaPTAN's.
  const stopNames = new Map<string, string>();
  const addStop = (atco: string, name: string, lat: number, lon: number, pos: number): void => {
    if (!atco || stopNames.has(atco)) return;
    const known = options.stops?.(atco);
    const hasOwn = Number.isFinite(lat) && Number.isFinite(lon);
    if (!hasOwn && !known)
      issue(
        `stop '${atco}' ('${name || 'no name'}') has no coordinates in the file and is not in the NaPTAN data loaded`,
        pos,
      );
    const label = known?.name ?? name ?? atco;
    stopNames.set(atco, label);
    if (t.stops.has(atco)) return;
    const [la, lo] = hasOwn ? [lat, lon] : known ? [known.lat, known.lon] : [Number.NaN, Number.NaN];
    t.stops.set(atco, [
      atco,
      atco,
      label,
      Number.isFinite(la) ? la.toFixed(6) : '',
      Number.isFinite(lo) ? lo.toFixed(6) : '',
    ]);
  };
  const stopPoints = child(root, 'StopPoints');
  for (const a of childrenNamed(stopPoints, 'AnnotatedStopPointRef')) {
    const locality = textOf(a, 'LocalityName');
    const common = textOf(a, 'CommonName');
    addStop(
      textOf(a, 'StopPointRef'),
      locality && common ? `${locality}, ${common}` : common,
      Number.NaN,
      Number.NaN,
      a.pos,
    );
  }
  for (const s of childrenNamed(stopPoints, 'StopPoint')) {
    const loc = child(s, 'Place/Location');
    const tr = child(loc, 'Translation') ?? loc;
    let lat = Number(textOf(tr, 'Latitude') || Number.NaN);
    let lon = Number(textOf(tr, 'Longitude') || Number.NaN);
    const e = Number(textOf(loc, 'Easting') || Number.NaN);
    const n = Number(textOf(loc, 'Northing') || Number.NaN);
    if (!(Number.isFinite(lat) && Number.isFinite(lon)) && Number.isFinite(e) && Number.isFinite(n))
      ({ lat, lon } = osgbToWgs84(e, n));
    const locality = textOf(s, 'Place/NptgLocalityRef') ? '' : textOf(s, 'Place/LocalityName');
    const common = textOf(s, 'Descriptor/CommonName');
    addStop(textOf(s, 'AtcoCode'), locality && common ? `${locality}, ${common}` : common, lat, lon, s.pos);
  }

  // Operators: agency ids are national operator codes where given, so files share them.
  const operatorIds = new Map<string, string[]>();
  for (const o of [
    ...childrenNamed(child(root, 'Operators'), 'Operator'),
    ...childrenNamed(child(root, 'Operators'), 'LicensedOperator'),
  ]) {
    const id = textOf(o, 'NationalOperatorCode') || textOf(o, 'OperatorCode') || (o.attrs.id ?? '');
    const name = textOf(o, 'TradingName') || textOf(o, 'OperatorShortName') || textOf(o, 'OperatorNameOnLicence') || id;
    operatorIds.set(o.attrs.id ?? id, [id, name, textOf(o, 'WebSite'), TIME_ZONE]);
  }
  // Only operators that run a journey become agencies.
  const agencyOf = (ref: string): string => {
    const row = operatorIds.get(ref) ?? [ref || 'unknown', ref || 'Unknown operator', '', TIME_ZONE];
    if (!t.agencies.has(row[0] as string)) t.agencies.set(row[0] as string, row);
    return row[0] as string;
  };

  // Journey pattern sections.
  const sections = new Map<string, Link[]>();
  for (const sec of childrenNamed(child(root, 'JourneyPatternSections'), 'JourneyPatternSection')) {
    const use = (el: XmlElement | undefined): StopUse => ({
      stop: textOf(el, 'StopPointRef'),
      wait: parseDuration(textOf(el, 'WaitTime') || 'PT0S') || 0,
      activity: textOf(el, 'Activity'),
    });
    sections.set(
      sec.attrs.id ?? '',
      childrenNamed(sec, 'JourneyPatternTimingLink').map((l) => {
        const run = parseDuration(textOf(l, 'RunTime') || 'PT0S');
        if (!Number.isFinite(run))
          issue(
            `timing link '${l.attrs.id ?? ''}' has an unreadable RunTime '${textOf(l, 'RunTime')}'; read as 0`,
            l.pos,
          );
        return {
          id: l.attrs.id ?? '',
          from: use(child(l, 'From')),
          to: use(child(l, 'To')),
          run: Number.isFinite(run) ? run : 0,
        };
      }),
    );
  }

  // Services, lines and journey patterns.
  interface Pattern {
    links: Link[];
    direction: string;
    destination: string;
    operator: string;
    service: Svc;
    pos: number;
  }
  interface Svc {
    code: string;
    period: Period;
    profile: XmlElement | undefined;
    operator: string;
    mode: string;
    longName: string;
    origin: string;
    destination: string;
    lines: Map<string, string>;
    wheelchair: string;
  }
  const services = new Map<string, Svc>();
  const patterns = new Map<string, Pattern>();
  const periods: Period[] = [];
  for (const s of childrenNamed(child(root, 'Services'), 'Service')) {
    const code = textOf(s, 'ServiceCode');
    const start = parseDay(textOf(s, 'OperatingPeriod/StartDate'));
    const endText = textOf(s, 'OperatingPeriod/EndDate');
    if (!Number.isFinite(start)) {
      issue(`service '${code}' has no readable OperatingPeriod StartDate; service skipped`, s.pos);
      continue;
    }
    const end = endText ? parseDay(endText) : Math.max(start, today) + OPEN_ENDED_DAYS;
    if (!Number.isFinite(end) || end < start) {
      issue(
        `service '${code}' has an unreadable or reversed OperatingPeriod EndDate '${endText}'; service skipped`,
        s.pos,
      );
      continue;
    }
    const std = child(s, 'StandardService');
    const origin = textOf(std, 'Origin');
    const destination = textOf(std, 'Destination');
    const accessible = textOf(s, 'VehicleType/WheelchairAccessible');
    const svc: Svc = {
      code,
      period: { first: start, last: end },
      profile: child(s, 'OperatingProfile'),
      operator: textOf(s, 'RegisteredOperatorRef'),
      mode: textOf(s, 'Mode') || 'bus',
      longName: textOf(s, 'Description') || [origin, destination].filter(Boolean).join(' - '),
      origin,
      destination,
      lines: new Map(childrenNamed(child(s, 'Lines'), 'Line').map((l) => [l.attrs.id ?? '', textOf(l, 'LineName')])),
      wheelchair: accessible === 'true' ? '1' : accessible === 'false' ? '2' : '',
    };
    services.set(code, svc);
    periods.push(svc.period);
    for (const jp of childrenNamed(std, 'JourneyPattern')) {
      const links: Link[] = [];
      for (const ref of childrenNamed(jp, 'JourneyPatternSectionRefs')) {
        const sec = sections.get(ref.text);
        if (sec) links.push(...sec);
        else issue(`journey pattern '${jp.attrs.id ?? ''}' names unknown JourneyPatternSection '${ref.text}'`, ref.pos);
      }
      patterns.set(jp.attrs.id ?? '', {
        links,
        direction: textOf(jp, 'Direction'),
        destination: textOf(jp, 'DestinationDisplay'),
        operator: textOf(jp, 'OperatorRef'),
        service: svc,
        pos: jp.pos,
      });
    }
  }

  // Vehicle journeys -> trips.
  const orgs: Map<string, ServicedOrganisation> = servicedOrganisations(root);
  const journeys = childrenNamed(child(root, 'VehicleJourneys'), 'VehicleJourney');
  const byCode = new Map(journeys.map((vj) => [textOf(vj, 'VehicleJourneyCode'), vj]));
  const unknownStops = new Set<string>();
  const profileNotes = new Set<string>();
  for (const vj of journeys) {
    const code = textOf(vj, 'VehicleJourneyCode');
    let jpRef = textOf(vj, 'JourneyPatternRef');
    for (let via = vj, hops = 0; !jpRef && hops < 10; hops++) {
      const next = byCode.get(textOf(via, 'VehicleJourneyRef'));
      if (!next) break;
      via = next;
      jpRef = textOf(via, 'JourneyPatternRef');
    }
    const jp = patterns.get(jpRef);
    const svc = services.get(textOf(vj, 'ServiceRef')) ?? jp?.service;
    if (!jp || !svc) {
      issue(
        `vehicle journey '${code}' names an unknown ${jp ? 'service' : `journey pattern '${jpRef}'`}; journey skipped`,
        vj.pos,
      );
      continue;
    }
    const start = clock(textOf(vj, 'DepartureTime'));
    if (!Number.isFinite(start)) {
      issue(
        `vehicle journey '${code}' has an unreadable DepartureTime '${textOf(vj, 'DepartureTime')}'; journey skipped`,
        vj.pos,
      );
      continue;
    }
    const cal = operatingDays(child(vj, 'OperatingProfile'), svc.profile, svc.period, orgs);
    for (const note of cal.notes) {
      if (!profileNotes.has(note)) issue(`vehicle journey '${code}': ${note}`, vj.pos);
      profileNotes.add(note);
    }
    if (cal.days.length === 0) {
      issue(`vehicle journey '${code}' runs on no day of its OperatingPeriod; journey skipped`, vj.pos);
      continue;
    }

    // Times along the pattern, with this journey's own run and wait times where it gives them.
    const overrides = new Map(
      childrenNamed(vj, 'VehicleJourneyTimingLink').map((o) => [textOf(o, 'JourneyPatternTimingLinkRef'), o]),
    );
    const calls: { stop: string; arrival: number; departure: number; activity: string }[] = [];
    let time = start + 86_400 * (Number(textOf(vj, 'DepartureDayShift')) || 0);
    jp.links.forEach((link, k) => {
      const o = overrides.get(link.id);
      const fromWait =
        o && textOf(o, 'From/WaitTime') ? parseDuration(textOf(o, 'From/WaitTime')) || 0 : link.from.wait;
      const toWait = o && textOf(o, 'To/WaitTime') ? parseDuration(textOf(o, 'To/WaitTime')) || 0 : link.to.wait;
      const run = o && textOf(o, 'RunTime') ? parseDuration(textOf(o, 'RunTime')) || 0 : link.run;
      if (k === 0)
        calls.push({ stop: link.from.stop, arrival: time, departure: time + fromWait, activity: link.from.activity });
      else {
        const last = calls[calls.length - 1]!;
        last.departure += fromWait;
      }
      time = calls[calls.length - 1]!.departure + run;
      calls.push({ stop: link.to.stop, arrival: time, departure: time + toWait, activity: link.to.activity });
    });
    const kept = calls.filter((c) => {
      if (c.activity === 'pass') return false;
      if (stopNames.has(c.stop)) return true;
      if (!unknownStops.has(`${jpRef}|${c.stop}`))
        issue(
          `journey pattern '${jpRef}' names stop '${c.stop}', which the file's StopPoints do not list; the call is left out`,
          jp.pos,
        );
      unknownStops.add(`${jpRef}|${c.stop}`);
      return false;
    });
    if (kept.length < 2) {
      issue(`vehicle journey '${code}' has fewer than two known stops; journey skipped`, vj.pos);
      continue;
    }
    if (options.keep && !kept.some((c) => t.stopInRegion(c.stop, options.keep!))) {
      onClipped();
      continue;
    }

    const operator = agencyOf(textOf(vj, 'OperatorRef') || jp.operator || svc.operator);
    const lineRef = textOf(vj, 'LineRef');
    const lineName = svc.lines.get(lineRef) ?? [...svc.lines.values()][0] ?? svc.code;
    const routeId = `${svc.code}:${lineRef || '0'}:${operator}`;
    if (!t.routes.has(routeId))
      t.routes.set(routeId, [routeId, operator, lineName, svc.longName, String(MODE_ROUTE_TYPE[svc.mode] ?? 3)]);
    let tripId = `${svc.code}:${code}`;
    for (let k = 2; t.tripIds.has(tripId); k++) tripId = `${svc.code}:${code}#${k}`;
    t.tripIds.add(tripId);
    const outbound = jp.direction !== 'inbound';
    const headsign =
      textOf(vj, 'DestinationDisplay') ||
      jp.destination ||
      (outbound ? svc.destination : svc.origin) ||
      (stopNames.get(kept[kept.length - 1]!.stop) ?? '');
    const accessible = textOf(vj, 'VehicleType/WheelchairAccessible');
    t.trips.push([
      routeId,
      t.service(cal.weekdays, cal.days),
      tripId,
      headsign,
      outbound ? '0' : '1',
      accessible === 'true' ? '1' : accessible === 'false' ? '2' : svc.wheelchair,
    ]);
    kept.forEach((c, i) => {
      const pickup = c.activity === 'setDown' || i === kept.length - 1 ? '1' : '0';
      const dropOff = c.activity === 'pickUp' || i === 0 ? '1' : '0';
      t.stopTimes.push([
        tripId,
        formatGtfsTime(c.arrival),
        formatGtfsTime(c.departure),
        c.stop,
        String(i + 1),
        pickup,
        dropOff,
        '1',
      ]);
    });
    const freq = child(vj, 'Frequency');
    if (freq) {
      const end = clock(textOf(freq, 'EndTime'));
      const every = parseDuration(
        textOf(freq, 'Interval/ScheduledFrequency') || textOf(freq, 'Interval/MinimumFrequency'),
      );
      if (Number.isFinite(end) && every > 0)
        t.frequencies.push([
          tripId,
          formatGtfsTime(start),
          formatGtfsTime(end < start ? end + 86_400 : end),
          String(every),
          '1',
        ]);
      else
        issue(`vehicle journey '${code}' has a Frequency without a readable EndTime and Interval; run once`, freq.pos);
    }
  }
  return periods;
}
