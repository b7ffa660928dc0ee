/** Random single earliest-arrival queries over a timetable, shared by the paired transit benches. */
import type { Timetable } from '../../../src/planner/timetable/model';

export interface StopQuery {
  from: number;
  to: number;
  /** Seconds on the service day. */
  time: number;
}

/**
 * n queries between random routed stops (seeded), at times that follow the timetable's own busy
 * hours: a random scheduled departure, minus up to 30 minutes.
 */
export function randomStopQueries(tt: Timetable, n: number, seed: number): StopQuery[] {
  const routed = new Uint8Array(tt.stopCount);
  for (const s of tt.patternStops) routed[s] = 1;
  const stops = [...Array(tt.stopCount).keys()].filter((s) => routed[s] === 1);
  let state = seed;
  const rnd = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 4294967296;
  const queries: StopQuery[] = [];
  while (queries.length < n) {
    const from = stops[Math.floor(rnd() * stops.length)] as number;
    const to = stops[Math.floor(rnd() * stops.length)] as number;
    const scheduled = tt.departures[Math.floor(rnd() * tt.departures.length)] as number;
    const time = Math.max(0, (scheduled % 86_400) - Math.floor(rnd() * 1800));
    if (from !== to) queries.push({ from, to, time });
  }
  return queries;
}
