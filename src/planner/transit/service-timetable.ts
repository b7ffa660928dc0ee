/**
 * The day's timetable of the service a leg uses (the SPEC's timetable modal):
 * the leg's stop list against every trip of the same route and direction that
 * runs on that service date, times HH:mm or '-' where a trip does not call: departures, and
 * arrivals beside them (a traveller getting off reads the arrival: Perth arr 09:10, dep 09:12).
 * A frequency-based service has no departure times to list: its windows of service instead.
 */
import { formatGtfsTime } from '../timetable/gtfs-time';
import { isFrequencyTrip, serviceRunsOn, tripTimeBase, type Timetable } from '../timetable/model';
import { modeOfRouteType, type TransitMode } from '../timetable/modes';

export interface ServiceTimetable {
  mode: TransitMode;
  serviceNumber: string;
  stops: { stopId: string; name: string }[];
  columns: { tripId: string; times: string[]; arrivals: string[] }[];
  /**
   * A frequency-based service has no timetable (no columns): the windows it runs in that day instead,
   * first and last departure from its first stop (HH:mm) and the waiting allowance in minutes.
   */
  frequency?: { first: string; last: string; allowanceMinutes: number }[];
}

export function serviceTimetable(tt: Timetable, pattern: number, trip: number, serviceDay: number): ServiceTimetable {
  const route = tt.patternRoute[pattern] as number;
  const direction = tt.tripDirection[trip];
  const stops = Array.from(tt.patternStops.subarray(tt.patternStopStart[pattern], tt.patternStopStart[pattern + 1]));
  if (isFrequencyTrip(tt, trip)) return frequencyWindows(tt, pattern, serviceDay, stops);
  const columns: { first: number; tripId: string; times: string[]; arrivals: string[] }[] = [];
  for (let p = 0; p < tt.patternCount; p++) {
    if (tt.patternRoute[p] !== route) continue;
    const own = Array.from(tt.patternStops.subarray(tt.patternStopStart[p], tt.patternStopStart[p + 1]));
    for (let t = tt.patternTripStart[p] as number; t < (tt.patternTripStart[p + 1] as number); t++) {
      if (tt.tripDirection[t] !== direction || !serviceRunsOn(tt, tt.tripService[t] as number, serviceDay)) continue;
      // A frequency window's stored times are not a departure: it has no column.
      if (isFrequencyTrip(tt, t)) continue;
      const base = tripTimeBase(tt, p, t);
      // Match the leg's stops in order along this trip (a trip may skip some).
      let from = 0;
      let first = Infinity;
      const arrivals: string[] = [];
      const times = stops.map((s) => {
        const i = own.indexOf(s, from);
        if (i < 0) return (arrivals.push('-'), '-');
        from = i + 1;
        const time = tt.departures[base + i] as number;
        first = Math.min(first, time);
        arrivals.push(formatGtfsTime(tt.arrivals[base + i] as number).slice(0, 5));
        return formatGtfsTime(time).slice(0, 5);
      });
      if (times.some((x) => x !== '-'))
        columns.push({ first, tripId: tt.tripDisplayIds[t] as string, times, arrivals });
    }
  }
  columns.sort((a, b) => a.first - b.first);
  return {
    mode: modeOfRouteType(tt.routeType[route] as number),
    serviceNumber: tt.routeShortNames[route] || (tt.routeLongNames[route] as string),
    stops: stops.map((s) => ({ stopId: tt.stopDisplayIds[s] as string, name: tt.stopNames[s] as string })),
    columns: columns.map(({ tripId, times, arrivals }) => ({ tripId, times, arrivals })),
  };
}

/** The windows of a frequency pattern's trips that run on the day, in order (no departure times to list). */
function frequencyWindows(tt: Timetable, pattern: number, serviceDay: number, stops: number[]): ServiceTimetable {
  const route = tt.patternRoute[pattern] as number;
  const windows: { at: number; first: string; last: string; allowanceMinutes: number }[] = [];
  for (let t = tt.patternTripStart[pattern] as number; t < (tt.patternTripStart[pattern + 1] as number); t++) {
    if (!serviceRunsOn(tt, tt.tripService[t] as number, serviceDay)) continue;
    const first = tt.departures[tripTimeBase(tt, pattern, t)] as number;
    windows.push({
      at: first,
      first: formatGtfsTime(first).slice(0, 5),
      last: formatGtfsTime(first + (tt.tripSpan?.[t] as number)).slice(0, 5),
      allowanceMinutes: Math.ceil((tt.tripWait?.[t] as number) / 60),
    });
  }
  windows.sort((a, b) => a.at - b.at);
  return {
    mode: modeOfRouteType(tt.routeType[route] as number),
    serviceNumber: tt.routeShortNames[route] || (tt.routeLongNames[route] as string),
    stops: stops.map((s) => ({ stopId: tt.stopDisplayIds[s] as string, name: tt.stopNames[s] as string })),
    columns: [],
    frequency: windows.map(({ first, last, allowanceMinutes }) => ({ first, last, allowanceMinutes })),
  };
}
