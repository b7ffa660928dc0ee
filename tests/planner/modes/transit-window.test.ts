/**
 * transitPaths on the Tayside region: the range search's journeys leaving within the 2-hour window,
 * and those leaving after it that no journey within it matches or beats on arrival and changes (the
 * range search's first run, from the first departure after the window, may have replaced options in
 * it with them: raptor/README.md, range queries).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ModeContext } from '../../../src/planner/modes/context';
import { TRANSIT_WINDOW, transitPaths } from '../../../src/planner/modes/transit';
import type { Region } from '../../../src/planner/region/region';
import { loadRegionFromManifest } from '../../../src/planner/region/load-node';
import { parseDay } from '../../../src/planner/timetable/gtfs-time';
import { seeded } from '../transit/helpers';

let region: Region;
beforeAll(async () => {
  region = await loadRegionFromManifest(undefined, { timetable: 'build' });
}, 120_000);

/** Next Tuesday (a weekday inside the feeds' calendars). */
function nextTuesday(): number {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 1);
  while (d.getUTCDay() !== 2) d.setUTCDate(d.getUTCDate() + 1);
  return parseDay(d.toISOString().slice(0, 10));
}

describe('transit options over the departure window', () => {
  it('keep a journey leaving after the window only where none in it matches or beats it', () => {
    const tt = region.timetable;
    const date = nextTuesday();
    const rnd = seeded(3);
    let after = 0;
    let queries = 0;
    for (let q = 0; q < 300 && after < 2; q++) {
      const [a, b] = [0, 1].map(() => region.stops[Math.floor(rnd() * region.stops.length)] as number);
      if (a === b) continue;
      const point = (s: number) => ({ name: String(s), lat: tt.stopLat[s] as number, lng: tt.stopLon[s] as number });
      const time = 6 * 3600 + Math.floor(rnd() * 14 * 3600);
      const ctx: ModeContext = {
        region,
        from: point(a as number),
        to: point(b as number),
        date,
        time,
        arriveBy: false,
        returning: false,
        traveller: {} as ModeContext['traveller'],
        hasCar: false,
        blocked: new Set(),
        routes: new Map(),
      };
      const paths = transitPaths(ctx);
      queries++;
      const within = paths.filter((p) => p.departure <= time + TRANSIT_WINDOW);
      const later = paths.filter((p) => p.departure > time + TRANSIT_WINDOW);
      if (within.length === 0) continue;
      for (const p of later) {
        expect(
          within.some((w) => w.arrival <= p.arrival && w.transfers <= p.transfers),
          `query ${q}`,
        ).toBe(false);
        expect(p.departure).toBeLessThan(86_400);
      }
      if (later.length > 0) after++;
    }
    expect(queries).toBeGreaterThan(0);
    expect(after).toBeGreaterThan(0);
  }, 120_000);
});
