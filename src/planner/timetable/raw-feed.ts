/** One GTFS feed as read from its files, before merging into the timetable model. */
import type { Growable } from '../common/growable';

export interface RawAgency {
  id: string;
  name: string;
  url: string;
  timezone: string;
  phone: string;
}

export interface RawStop {
  id: string;
  code: string;
  name: string;
  lat: number;
  lon: number;
  /** 0 stop/platform, 1 station, 2 entrance, 3 generic node, 4 boarding area. */
  locationType: number;
  parentId: string;
  /** 0 unknown, 1 accessible, 2 not accessible. */
  wheelchair: number;
  platformCode: string;
  /** zone_id, '' when none. */
  zoneId: string;
}

export interface RawRoute {
  id: string;
  agencyId: string;
  shortName: string;
  longName: string;
  type: number;
  color: string;
  textColor: string;
  /** network_id (Fares v2), '' when none. */
  networkId: string;
}

export interface RawTrip {
  id: string;
  route: number;
  service: string;
  headsign: string;
  shortName: string;
  directionId: number;
  shapeId: string;
  /** 0 unknown, 1 accessible, 2 not accessible. */
  wheelchair: number;
  /** block_id: trips of one vehicle in turn ('' when none). */
  blockId: string;
}

/** transfers.txt between two given trips: 4 stay seated onto the next trip, 5 not (alight and board again). */
export interface RawSeatRule {
  fromTrip: number;
  toTrip: number;
  type: 4 | 5;
}

export interface RawCalendar {
  serviceId: string;
  /** Monday..Sunday flags. */
  days: boolean[];
  start: number;
  end: number;
}

export interface RawCalendarDate {
  serviceId: string;
  day: number;
  /** 1 added, 2 removed. */
  type: number;
}

export interface RawFrequency {
  trip: number;
  start: number;
  end: number;
  headway: number;
  exactTimes: boolean;
  /**
   * exact_times=0: the last departure, when the source knows it (frequencies.txt's optional
   * last_departure_time, which the route-pattern import writes); else the last whole headway before end.
   */
  last?: number;
}

export interface RawTransfer {
  from: number;
  to: number;
  type: number;
  minTime: number;
}

/**
 * transfers.txt types 0-3 naming trips or routes (GTFS "trip-to-trip and route-to-route transfers"),
 * by index into the feed's stops, trips and routes (-1 where the row leaves the field empty).
 */
export interface RawTransferRule {
  fromStop: number;
  toStop: number;
  fromTrip: number;
  toTrip: number;
  fromRoute: number;
  toRoute: number;
  type: number;
  /** Seconds; -1 when the row gives none. */
  minTime: number;
}

/** stop_times in columns (typed arrays) so millions of rows stay compact. */
export interface RawStopTimes {
  trip: Growable<Int32Array>;
  stop: Growable<Int32Array>;
  sequence: Growable<Int32Array>;
  /** Seconds, or -1 when blank (to be interpolated). */
  arrival: Growable<Int32Array>;
  departure: Growable<Int32Array>;
  pickup: Growable<Uint8Array>;
  dropOff: Growable<Uint8Array>;
  /** shape_dist_traveled, NaN when absent. */
  distance: Growable<Float64Array>;
}

export interface RawShape {
  lat: number[];
  lon: number[];
  distance: number[];
}

/** Files kept verbatim for later issues (fares, GTFS-Flex): header plus rows. */
export interface RawTable {
  header: string[];
  rows: string[][];
}

export interface RawFeed {
  name: string;
  agencies: RawAgency[];
  stops: RawStop[];
  routes: RawRoute[];
  trips: RawTrip[];
  calendars: RawCalendar[];
  calendarDates: RawCalendarDate[];
  stopTimes: RawStopTimes;
  frequencies: RawFrequency[];
  transfers: RawTransfer[];
  /** Trip- and route-specific rules (types 0-3). */
  transferRules: RawTransferRule[];
  seatRules: RawSeatRule[];
  /** transfers.txt rows imported, by kind ("trip-to-trip timed", "stop-to-stop minimum time", "in-seat", ...). */
  transferKinds: Record<string, number>;
  shapes: Map<string, RawShape>;
  feedStart: number;
  feedEnd: number;
  extras: Record<string, RawTable>;
  /** locations.geojson (GTFS-Flex) as published. */
  locationsGeoJson?: string;
}
