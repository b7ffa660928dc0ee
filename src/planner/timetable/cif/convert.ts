/**
 * CIF schedules, stations and fixed links -> one feed's GTFS tables, so rail from the RDG
 * timetable joins the same timetable model, import report and roll-forward as a GTFS feed
 * (table-source.ts serves the tables to load-feed.ts). Ids follow the GTFS converted from the
 * same format (UK2GTFS): stop_id the station's TIPLOC, stop_code its CRS.
 *
 * Short-term planning: a permanent (P) schedule does not run on a day for which its train UID has
 * an overlay (O), a new schedule (N) or a cancellation (C); an overlay or new schedule does not
 * run on a day with a cancellation. Each schedule is a calendar over its dates and days with those
 * days removed (calendar_dates exception 2). Bank holiday running codes are not applied (listed
 * in the report as a count).
 */
import { formatDay, formatGtfsTime, weekdayOf } from '../gtfs-time';
import type { ImportIssue } from '../report';
import { TIME_ZONE } from '../../../vocabulary/index';
import type { CifLink } from './alf';
import { isPublicCall, type CifSchedule } from './mca';
import type { CifStations } from './msn';
import { CALENDAR_HEADER } from '../table-source';

/** ATOC business codes as the RDG publishes them, for agency names. */
const ATOC_NAMES: Record<string, string> = {
  AW: 'Transport for Wales',
  CC: 'c2c',
  CH: 'Chiltern Railways',
  CS: 'Caledonian Sleeper',
  EM: 'East Midlands Railway',
  ES: 'Eurostar',
  GC: 'Grand Central',
  GN: 'Great Northern',
  GR: 'LNER',
  GW: 'Great Western Railway',
  GX: 'Gatwick Express',
  HC: 'Heathrow Connect',
  HT: 'Hull Trains',
  HX: 'Heathrow Express',
  IL: 'Island Line',
  LE: 'Greater Anglia',
  LM: 'West Midlands Trains',
  LO: 'London Overground',
  LT: 'London Underground',
  ME: 'Merseyrail',
  NT: 'Northern',
  SE: 'Southeastern',
  SN: 'Southern',
  SR: 'ScotRail',
  SW: 'South Western Railway',
  TL: 'Thameslink',
  TP: 'TransPennine Express',
  VT: 'Avanti West Coast',
  XC: 'CrossCountry',
  XR: 'Elizabeth line',
  ZZ: 'Other operator',
};

/** Train status -> GTFS route type: bus and ship services the timetable carries as such. */
const ROUTE_TYPE: Record<string, number> = { P: 2, '1': 2, B: 3, '5': 3, S: 4, '4': 4 };

export interface CifCounts {
  schedules: number;
  cancellations: number;
  /** Schedules that became trips (with two or more public calls at known stations). */
  trips: number;
  calls: number;
  /** Freight, trip and empty workings (status or no public calls). */
  notPassenger: number;
  /** Left out by `keep` (no public call inside the region). */
  outsideRegion: number;
  /** Public calls at TIPLOCs the MSN does not list (left out of their trips). */
  unknownLocations: number;
  /** Schedules with a bank holiday running code (not applied). */
  bankHolidayCodes: number;
}

export interface CifConvertOptions {
  feed: string;
  /** Keep a schedule only when one of its public calls lies where keep(lat, lon) is true. */
  keep?: (lat: number, lon: number) => boolean;
}

interface Kept {
  s: CifSchedule;
  tripId: string;
  route: string;
}

export class CifConverter {
  readonly issues: ImportIssue[] = [];
  readonly counts: CifCounts = {
    schedules: 0,
    cancellations: 0,
    trips: 0,
    calls: 0,
    notPassenger: 0,
    outsideRegion: 0,
    unknownLocations: 0,
    bankHolidayCodes: 0,
  };
  private readonly kept: Kept[] = [];
  private readonly stopTimes: string[][] = [];
  /** Days on which each UID has a short-term schedule (O/N), and cancellations: [start, end, days]. */
  private readonly overrides = new Map<string, { stp: string; start: number; end: number; days: boolean[] }[]>();
  private readonly routes = new Map<string, string[]>();
  private readonly agencies = new Map<string, string[]>();
  private readonly usedStops = new Set<string>();
  private readonly unknown = new Set<string>();
  private readonly tripIds = new Set<string>();
  private first = Number.POSITIVE_INFINITY;
  private last = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly options: CifConvertOptions,
    private readonly stations: CifStations,
  ) {}

  issue(file: string, line: number, message: string): void {
    this.issues.push({ feed: this.options.feed, file, line, message });
  }

  /** One schedule from the MCA, in file order. */
  add(s: CifSchedule, file: string): void {
    this.counts.schedules++;
    if (s.stp !== 'P') {
      const list = this.overrides.get(s.uid) ?? [];
      list.push({ stp: s.stp, start: s.start, end: s.end, days: s.days });
      this.overrides.set(s.uid, list);
    }
    if (s.stp === 'C') {
      this.counts.cancellations++;
      return;
    }
    const routeType = ROUTE_TYPE[s.status];
    const publicCalls = s.calls.filter(isPublicCall);
    if (routeType === undefined || publicCalls.length < 2) {
      this.counts.notPassenger++;
      return;
    }
    const stops: { stop: string; arrival: number; departure: number; pickup: string; dropOff: string }[] = [];
    let previous = -1;
    let offset = 0;
    for (const c of publicCalls) {
      const stop = this.stations.byTiploc.get(c.tiploc);
      if (!stop) {
        this.counts.unknownLocations++;
        if (!this.unknown.has(c.tiploc))
          this.issue(
            file,
            s.line,
            `schedule ${s.uid} calls at '${c.tiploc}', which the MSN does not list; the call is left out`,
          );
        this.unknown.add(c.tiploc);
        continue;
      }
      // Times are on the clock face; past midnight they run on into the next day.
      const fix = (t: number): number => {
        if (Number.isNaN(t)) return t;
        while (t + offset < previous) offset += 86_400;
        previous = t + offset;
        return t + offset;
      };
      const arrival = fix(c.arrival);
      const departure = fix(c.departure);
      const a = c.activities;
      stops.push({
        stop,
        arrival: Number.isNaN(arrival) ? departure : arrival,
        departure: Number.isNaN(departure) ? arrival : departure,
        pickup: a.includes('D') || c.kind === 'T' ? '1' : a.includes('R') ? '3' : '0',
        dropOff: a.includes('U') || c.kind === 'O' ? '1' : a.includes('R') ? '3' : '0',
      });
    }
    if (stops.length < 2) {
      this.counts.notPassenger++;
      return;
    }
    if (this.options.keep) {
      const keep = this.options.keep;
      const inside = stops.some((c) => {
        const st = this.stations.stations.get(c.stop);
        return !!st && keep(st.lat, st.lon);
      });
      if (!inside) {
        this.counts.outsideRegion++;
        return;
      }
    }
    if (s.bankHoliday.trim()) this.counts.bankHolidayCodes++;
    const agency = s.atoc || 'ZZ';
    if (!this.agencies.has(agency))
      this.agencies.set(agency, [agency, ATOC_NAMES[agency] ?? agency, 'https://www.nationalrail.co.uk/', TIME_ZONE]);
    const origin = stops[0]!.stop;
    const destination = stops[stops.length - 1]!.stop;
    const route = `${agency}:${origin}:${destination}:${routeType}`;
    if (!this.routes.has(route)) {
      const name = (t: string) => this.stations.stations.get(t)?.name ?? t;
      this.routes.set(route, [route, agency, '', `${name(origin)} - ${name(destination)}`, String(routeType)]);
    }
    let tripId = `${s.uid}:${s.stp}:${formatDay(s.start).replaceAll('-', '')}`;
    for (let k = 2; this.tripIds.has(tripId); k++)
      tripId = `${s.uid}:${s.stp}:${formatDay(s.start).replaceAll('-', '')}#${k}`;
    this.tripIds.add(tripId);
    this.kept.push({ s, tripId, route });
    stops.forEach((c, i) => {
      this.usedStops.add(c.stop);
      this.stopTimes.push([
        tripId,
        formatGtfsTime(c.arrival),
        formatGtfsTime(c.departure),
        c.stop,
        String(i + 1),
        c.pickup,
        c.dropOff,
      ]);
    });
    this.counts.trips++;
    this.counts.calls += stops.length;
    this.first = Math.min(this.first, s.start);
    this.last = Math.max(this.last, s.end);
  }

  /** The GTFS tables (first row the header), once every schedule has been added. */
  tables(links: readonly CifLink[]): Map<string, string[][]> {
    const ymd = (d: number) => formatDay(d).replaceAll('-', '');
    const calendars: string[][] = [];
    const calendarDates: string[][] = [];
    const trips: string[][] = [];
    for (const { s, tripId, route } of this.kept) {
      const service = tripId;
      calendars.push([service, ...s.days.map((d) => (d ? '1' : '0')), ymd(s.start), ymd(s.end)]);
      // Days taken by a higher-priority schedule of the same train.
      const over = (this.overrides.get(s.uid) ?? []).filter(
        (o) => (s.stp === 'P' || o.stp === 'C') && o.start <= s.end && o.end >= s.start,
      );
      for (let d = s.start; d <= s.end; d++) {
        if (!s.days[weekdayOf(d)]) continue;
        if (over.some((o) => o.start <= d && d <= o.end && o.days[weekdayOf(d)]))
          calendarDates.push([service, ymd(d), '2']);
      }
      const headsign = this.stations.stations.get(this.routes.get(route)![0]!.split(':')[2]!)?.name ?? '';
      trips.push([route, service, tripId, headsign, s.headcode]);
    }
    const stops = [...this.stations.stations.values()]
      .filter((st) => this.usedStops.has(st.tiploc))
      .map((st) => [st.tiploc, st.crs, st.name, st.lat.toFixed(6), st.lon.toFixed(6)]);
    const transfers: string[][] = [];
    for (const st of this.stations.stations.values())
      if (this.usedStops.has(st.tiploc) && st.minChange > 0)
        transfers.push([st.tiploc, st.tiploc, '2', String(st.minChange)]);
    for (const l of links) {
      const from = this.stations.byCrs.get(l.from);
      const to = this.stations.byCrs.get(l.to);
      if (from && to && from !== to && this.usedStops.has(from) && this.usedStops.has(to))
        transfers.push([from, to, '2', String(l.time)]);
    }
    const t = new Map<string, string[][]>();
    t.set('agency.txt', [['agency_id', 'agency_name', 'agency_url', 'agency_timezone'], ...this.agencies.values()]);
    t.set('stops.txt', [['stop_id', 'stop_code', 'stop_name', 'stop_lat', 'stop_lon'], ...stops]);
    t.set('routes.txt', [
      ['route_id', 'agency_id', 'route_short_name', 'route_long_name', 'route_type'],
      ...this.routes.values(),
    ]);
    t.set('trips.txt', [['route_id', 'service_id', 'trip_id', 'trip_headsign', 'trip_short_name'], ...trips]);
    t.set('stop_times.txt', [
      ['trip_id', 'arrival_time', 'departure_time', 'stop_id', 'stop_sequence', 'pickup_type', 'drop_off_type'],
      ...this.stopTimes,
    ]);
    t.set('calendar.txt', [CALENDAR_HEADER, ...calendars]);
    t.set('calendar_dates.txt', [['service_id', 'date', 'exception_type'], ...calendarDates]);
    t.set('transfers.txt', [['from_stop_id', 'to_stop_id', 'transfer_type', 'min_transfer_time'], ...transfers]);
    if (Number.isFinite(this.first))
      t.set('feed_info.txt', [
        ['feed_publisher_name', 'feed_publisher_url', 'feed_lang', 'feed_start_date', 'feed_end_date'],
        ['Rail Delivery Group (CIF)', 'https://www.raildeliverygroup.com/', 'en', ymd(this.first), ymd(this.last)],
      ]);
    return t;
  }
}
