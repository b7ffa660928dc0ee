/**
 * The timetable model: flat typed arrays plus string tables, built by the
 * import (build.ts) and stored as-is in the snapshot (snapshot.ts).
 *
 * Times are seconds since the service day's midnight (so 25:10:00 = 90600).
 * Dates are days since 1970-01-01. Index spaces:
 *  - stop s in [0, stopCount); pattern p in [0, patternCount); trip t in [0, tripCount)
 *  - a pattern is a route's stop sequence with its pickup/drop-off rules; its trips
 *    are contiguous (patternTripStart[p]..patternTripStart[p+1]) and sorted by
 *    departure, never overtaking one another (so every stop's departures are sorted too)
 *  - trip t of pattern p at position i: arrivals[patternTimeStart[p] + (t - patternTripStart[p]) * n + i]
 */
import type { ImportReport } from './report';

export const PICKUP = 1;
export const DROP_OFF = 2;
/**
 * stopMinTransfer of a stop where transfers.txt forbids changing (type 3, from_stop = to_stop): a change
 * time no journey can wait out (the router's "never reached", raptor/state INF), small enough that a
 * time plus it stays in 32 bits.
 */
export const NO_CHANGE = 0x3fffffff;

export interface AgencyInfo {
  id: string;
  name: string;
  url: string;
  timezone: string;
  phone: string;
}

export interface FeedInfo {
  name: string;
  firstDay: number;
  lastDay: number;
  /** Present when the calendar was rolled forward: the days of the original feed. */
  sourceFirstDay?: number;
  sourceLastDay?: number;
}

export interface Timetable {
  feeds: FeedInfo[];
  report: ImportReport;
  /**
   * IANA time zone of the timetable (the first agency's): service days start at noon minus 12 hours
   * there, so trips on the days clocks change are placed exactly. Absent in snapshots from before it
   * was kept: times are then taken as wall-clock seconds from midnight.
   */
  timezone?: string;

  // Calendar: one bitset of `serviceWords` words per service, bit d = day calendarStart + d.
  calendarStart: number;
  calendarDays: number;
  serviceWords: number;
  serviceBits: Uint32Array;
  serviceIds: string[];

  // Stops.
  stopCount: number;
  /** Namespaced "feed:id". */
  stopIds: string[];
  /** As the feed spells it, with the feed prefix only where two feeds share the id. */
  stopDisplayIds: string[];
  stopNames: string[];
  stopLat: Float64Array;
  stopLon: Float64Array;
  /** Parent station index or -1. */
  stopParent: Int32Array;
  stopLocationType: Uint8Array;
  stopWheelchair: Uint8Array;
  /** stops.txt zone_id ('' when none), for fare rules by zone. Absent in older snapshots. */
  stopZones?: string[];
  stopFeed: Uint16Array;
  /** Seconds needed to change vehicles at the stop (transfers.txt from_stop = to_stop); NO_CHANGE where changing there is forbidden. */
  stopMinTransfer: Int32Array;

  // Footpaths, CSR by origin stop: durations in seconds, already including any transfer time.
  footStart: Int32Array;
  footTo: Int32Array;
  footDuration: Int32Array;
  /** 0 generated (straight line x detour), 1 from transfers.txt, 2 street network walk, 3 same-station default (FOOT_SOURCE). */
  footSource: Uint8Array;

  agencies: AgencyInfo[];

  // Routes.
  routeCount: number;
  routeIds: string[];
  routeShortNames: string[];
  routeLongNames: string[];
  routeColors: string[];
  routeTextColors: string[];
  routeType: Int32Array;
  routeAgency: Int32Array;

  // Patterns.
  patternCount: number;
  patternRoute: Int32Array;
  patternStopStart: Int32Array;
  patternStops: Int32Array;
  /** Per pattern stop: PICKUP | DROP_OFF bits. */
  patternStopFlags: Uint8Array;
  patternTripStart: Int32Array;
  patternTimeStart: Int32Array;
  arrivals: Int32Array;
  departures: Int32Array;

  // Trips, in pattern order.
  tripCount: number;
  tripIds: string[];
  tripDisplayIds: string[];
  tripHeadsigns: string[];
  tripShortNames: string[];
  tripService: Int32Array;
  tripWheelchair: Uint8Array;
  tripDirection: Uint8Array;
  tripShape: Int32Array;
  /**
   * Stay-seated links: the traveller on trip seatFrom[i] may stay on board onto trip seatTo[i] at the
   * stop where one ends and the other starts (block_id, transfers.txt type 4). Absent in older snapshots.
   */
  seatFrom?: Int32Array;
  seatTo?: Int32Array;
  /**
   * Frequency-based trips (services known by running times and span, not departure times: GTFS
   * frequencies.txt exact_times=0, route-pattern networks; src/planner/raptor/frequency.ts): per trip,
   * seconds from its first departure (its stored times) to its last, or -1 for a timetabled trip. A
   * pattern's trips are all of one kind. Absent in older snapshots (no frequency trips).
   */
  tripSpan?: Int32Array;
  /** Per frequency trip, the waiting allowance in seconds (0 for a timetabled trip). */
  tripWait?: Int32Array;

  /**
   * Trip- and route-specific transfer rules (transfers.txt types 0-3 naming trips or routes; stop-level
   * rules are footpaths and stopMinTransfer), stations already replaced by their stops, most specific
   * first (ruleRank: GTFS specificity x 3 + how many of the two ends are stops rather than stations).
   * Trips are named by tripSource (a GTFS trip, of which frequencies may make several model trips),
   * routes by route index; -1 where the rule does not name one. Absent when a region has none.
   */
  ruleFromStop?: Int32Array;
  ruleToStop?: Int32Array;
  ruleFromTrip?: Int32Array;
  ruleToTrip?: Int32Array;
  ruleFromRoute?: Int32Array;
  ruleToRoute?: Int32Array;
  ruleType?: Uint8Array;
  /** Seconds, -1 when the rule gives none. */
  ruleMinTime?: Int32Array;
  ruleRank?: Uint8Array;
  /** Per model trip, the GTFS trip it comes from (numbered across feeds); with the rules. */
  tripSource?: Int32Array;

  // Shapes, CSR of points.
  shapeStart: Int32Array;
  shapeLat: Float32Array;
  shapeLon: Float32Array;

  /** Fare and GTFS-Flex tables kept verbatim per feed ("feed/file" -> table). */
  extras: Record<string, { header: string[]; rows: string[][] }>;
}

export function serviceRunsOn(tt: Timetable, service: number, day: number): boolean {
  const d = day - tt.calendarStart;
  if (d < 0 || d >= tt.calendarDays) return false;
  const word = tt.serviceBits[service * tt.serviceWords + (d >>> 5)] as number;
  return ((word >>> (d & 31)) & 1) === 1;
}

/** Whether a trip is frequency-based (its times are its first departure's; tripSpan, tripWait). */
export function isFrequencyTrip(tt: Pick<Timetable, 'tripSpan'>, trip: number): boolean {
  return tt.tripSpan !== undefined && (tt.tripSpan[trip] as number) >= 0;
}

/** Index of the trip's first time slot and its pattern's stop count. */
export function tripTimeBase(tt: Timetable, pattern: number, trip: number): number {
  const n = (tt.patternStopStart[pattern + 1] as number) - (tt.patternStopStart[pattern] as number);
  return (tt.patternTimeStart[pattern] as number) + (trip - (tt.patternTripStart[pattern] as number)) * n;
}

/** The pattern a trip belongs to (binary search over patternTripStart). */
export function patternOfTrip(tt: Timetable, trip: number): number {
  let lo = 0;
  let hi = tt.patternCount - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if ((tt.patternTripStart[mid] as number) <= trip) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
