/**
 * The small interface the router reads (its SPI, as in OpenTripPlanner's raptor
 * module). It knows stops, patterns, trips and footpaths as integers and times
 * as seconds - nothing of GTFS. The timetable provides one view for forward
 * searches and a time-reversed one for arrive-by searches.
 */
export const CAN_BOARD = 1;
export const CAN_ALIGHT = 2;

export interface TransitData {
  stopCount: number;
  patternCount: number;
  /** CSR: stops of pattern p are patternStops[patternStopStart[p] .. patternStopStart[p+1]). */
  patternStopStart: Int32Array;
  patternStops: Int32Array;
  /** CAN_BOARD | CAN_ALIGHT per pattern stop. */
  patternStopFlags: Uint8Array;
  /** Trips of pattern p are patternTripStart[p] .. patternTripStart[p+1], sorted, never overtaking. */
  patternTripStart: Int32Array;
  /** Trip j (0-based within p) at position i: boardTimes[patternTimeStart[p] + j * n + i]. */
  patternTimeStart: Int32Array;
  boardTimes: Int32Array;
  alightTimes: Int32Array;
  /** Service index of each trip, for the per-day active masks. */
  tripService: Int32Array;
  /** CSR: patterns through stop s, with the position in each (a stop may appear twice). */
  stopPatternStart: Int32Array;
  stopPatterns: Int32Array;
  stopPatternPos: Int32Array;
  /** CSR footpaths in search direction, durations in seconds. */
  footStart: Int32Array;
  footTo: Int32Array;
  footDuration: Int32Array;
  /** Seconds to change vehicles at a stop. */
  stopMinTransfer: Int32Array;
  /**
   * CSR by trip: trips one may stay seated onto after riding a trip to its last stop (the next trip
   * of the same vehicle, boarded at its first stop, same service day). Optional: none when absent.
   */
  seatStart?: Int32Array;
  seatTo?: Int32Array;
  /**
   * Frequency patterns (frequency.ts): services known by their stops, running times and span but not
   * by their departure times. 1 marks such a pattern (a pattern holds one kind of trip only); each of
   * its trips is a window of service whose stored times are those of its first departure. Optional:
   * none when absent.
   */
  patternFrequency?: Uint8Array;
  /** Per trip of a frequency pattern: seconds from its first departure (its stored times) to its last. */
  tripSpan?: Int32Array;
  /** Per trip of a frequency pattern: the waiting allowance in seconds (a vehicle leaves within it). */
  tripWait?: Int32Array;
  /** Trip- and route-specific transfer rules (GTFS transfers.txt types 0-3), in search direction. Optional. */
  rules?: TransferRules;
}

/** GTFS transfer types the router reads in TransferRules.type. */
export const RULE_TIMED = 1;
export const RULE_MIN_TIME = 2;
export const RULE_FORBIDDEN = 3;

/**
 * Transfer rules naming trips or routes, as the router meets them: a traveller who got off trip `other`
 * (or any trip of route `other`, or any trip) at `otherStop` and boards trip `board` (or any trip of
 * route `board`, or any trip) at the rule's boarding stop. In the forward view the other side is GTFS's
 * "from" side; in the reversed view, its "to" side. Where several rules match, the first listed (the
 * most specific, GTFS ranking) applies; where none does, the stop's own change time and footpaths do.
 */
export interface TransferRules {
  /** CSR by boarding stop: the rules boarded at stop s are boardStart[s] .. boardStart[s+1], most specific first. */
  boardStart: Int32Array;
  boardStop: Int32Array;
  otherStop: Int32Array;
  /** A trip key (tripKey below) or -1 for any. */
  otherTrip: Int32Array;
  /** A route (tripRoute below) or -1 for any. */
  otherRoute: Int32Array;
  boardTrip: Int32Array;
  boardRoute: Int32Array;
  /** 0 recommended, 1 timed (the vehicle waits: board at any time not before the arrival), 2 minimum time, 3 forbidden. */
  type: Uint8Array;
  /** Seconds, -1 when none given (the stop's own change time or footpath then applies). */
  minTime: Int32Array;
  /** CSR by the stop the traveller gets off at: rule indexes whose otherStop it is. */
  sourceStart: Int32Array;
  sourceRules: Int32Array;
  /** Per trip of the view: the trip rules name it by (a GTFS trip may be several trips of the view), and its route. */
  tripKey: Int32Array;
  tripRoute: Int32Array;
}

/** One service day the search may use: its trips' times are shifted by `shift` seconds. */
export interface DaySlot {
  shift: number;
  /** Per service: 1 when it runs on that day. */
  active: Uint8Array;
}

export interface StopTime {
  stop: number;
  /** Seconds of walking (or other access/egress) between the place and the stop. */
  duration: number;
}

export interface RaptorRequest {
  access: StopTime[];
  egress: StopTime[];
  /** Earliest departure from the origin place, seconds relative to the search day's midnight. */
  departure: number;
  /** Latest departure for a range search (default: departure, a single search). */
  departureEnd?: number;
  days: DaySlot[];
  maxTransfers: number;
  /** Range searches run once per this many seconds of window (default 60; 1 = every departure). */
  rangeStep?: number;
  /** Optional filters: 1 = usable. */
  tripAllowed?: Uint8Array;
  patternAllowed?: Uint8Array;
}

export type PathLeg =
  | { kind: 'access'; stop: number; duration: number; start: number; end: number }
  | {
      kind: 'transit';
      pattern: number;
      trip: number;
      day: number;
      boardPos: number;
      alightPos: number;
      start: number;
      end: number;
      staySeated?: true;
      /** A frequency trip's window at the boarding stop and when the traveller is there (frequency.ts settle). */
      frequency?: { ready: number; first: number; last: number; allowance: number };
    }
  | { kind: 'transfer'; from: number; to: number; duration: number; start: number; end: number }
  | { kind: 'egress'; stop: number; duration: number; start: number; end: number };

export interface RaptorPath {
  departure: number;
  arrival: number;
  transfers: number;
  legs: PathLeg[];
}
