/**
 * Shared time profiles: most trips of a pattern run with the same running and dwell times as some
 * other trip of it, only shifted (a bus route's timetable repeats one set of running times all day).
 * The router reads a trip's times through its profile, a row of the timetable that has the same
 * times shifted by a constant:
 *
 *   board(g, i)  = boardTimes[row(g) + i]  + delta(g)
 *   alight(g, i) = alightTimes[row(g) + i] + delta(g)
 *
 * exactly the trip's own times, so nothing the router decides changes. What changes is where they
 * are read: on the 7k-stop benchmark network 180,424 trips share 458 rows, which stay in cache,
 * where reading each trip's own row (232 bytes, once per trip boarded or probed) missed it. A trip
 * with times of its own is its own row (delta 0), as before. No timetable copy: two ints per trip.
 */
import type { TransitData } from './transit-data';

/**
 * Per trip g of the data: [row, delta] at 2g and 2g + 1, the start in boardTimes/alightTimes of the
 * row whose times, plus delta, are g's (the first trip of the pattern with that profile).
 */
export function timeProfiles(d: TransitData): Int32Array {
  const tripCount = d.tripService.length;
  const out = new Int32Array(2 * tripCount);
  const { boardTimes, alightTimes } = d;
  const byHash = new Map<number, number[]>();
  for (let p = 0; p < d.patternCount; p++) {
    const n = (d.patternStopStart[p + 1] as number) - (d.patternStopStart[p] as number);
    const t0 = d.patternTripStart[p] as number;
    const m = (d.patternTripStart[p + 1] as number) - t0;
    const base = d.patternTimeStart[p] as number;
    byHash.clear();
    for (let j = 0; j < m; j++) {
      const row = base + j * n;
      const zero = boardTimes[row] as number;
      let h = 0;
      for (let i = 0; i < n; i++) {
        h = (Math.imul(h, 31) + (boardTimes[row + i] as number) - zero) | 0;
        h = (Math.imul(h, 31) + (alightTimes[row + i] as number) - zero) | 0;
      }
      const candidates = byHash.get(h);
      let found = -1;
      for (const other of candidates ?? []) {
        if (sameProfile(boardTimes, alightTimes, other, row, n)) {
          found = other;
          break;
        }
      }
      const g = t0 + j;
      if (found < 0) {
        if (candidates) candidates.push(row);
        else byHash.set(h, [row]);
        found = row;
      }
      out[2 * g] = found;
      out[2 * g + 1] = zero - (boardTimes[found] as number);
    }
  }
  return out;
}

/** Whether rows a and b (n stops) have the same times up to one shift. */
function sameProfile(board: Int32Array, alight: Int32Array, a: number, b: number, n: number): boolean {
  const shift = (board[b] as number) - (board[a] as number);
  for (let i = 0; i < n; i++) {
    if ((board[b + i] as number) - (board[a + i] as number) !== shift) return false;
    if ((alight[b + i] as number) - (alight[a + i] as number) !== shift) return false;
  }
  return true;
}
