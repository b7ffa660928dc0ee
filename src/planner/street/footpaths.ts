/**
 * Walking transfers between stops over the street network, for the timetable's footpaths where a
 * region has a street graph (ARCHITECTURE: "footpaths between stops use network distance where a
 * graph exists"). Each stop searches the walk graph up to maxSeconds towards the stops within
 * reach as the crow flies; stops that cannot be snapped are left to the caller's estimate.
 */
import type { LatLng } from '../geo/geo';
import { haversine } from '../geo/geo';
import { WALK_SPEED } from './profiles';
import type { Snap } from './spatial';
import type { StreetPlanner } from './street';

export interface NetworkFootpaths {
  from: Int32Array;
  to: Int32Array;
  /** Seconds, including the walk from each stop to the street and back. */
  duration: Float64Array;
  /** Metres. */
  distance: Float64Array;
  /** Per stop: 1 when it is on the walk network (its footpaths here are complete). */
  snapped: Uint8Array;
}

export function networkFootpaths(
  planner: StreetPlanner,
  stops: readonly LatLng[],
  maxSeconds: number,
): NetworkFootpaths {
  const snaps: (Snap | null)[] = stops.map((s) => planner.snap(s, 'walk'));
  const radius = maxSeconds * WALK_SPEED;
  // Grid of cells `radius` wide: candidates come from the 3 x 3 block around a stop.
  const cellLat = radius / 111_195;
  const cells = new Map<string, number[]>();
  const cellOf = (p: LatLng): [number, number] => [
    Math.floor(p.lat / cellLat),
    Math.floor(p.lng / (cellLat / Math.max(0.1, Math.cos((p.lat * Math.PI) / 180)))),
  ];
  stops.forEach((s, i) => {
    if (!snaps[i]) return;
    const [r, c] = cellOf(s);
    const key = `${r}:${c}`;
    const list = cells.get(key);
    if (list) list.push(i);
    else cells.set(key, [i]);
  });
  const from: number[] = [];
  const to: number[] = [];
  const duration: number[] = [];
  const distance: number[] = [];
  stops.forEach((s, i) => {
    if (!snaps[i]) return;
    const [r, c] = cellOf(s);
    const candidates: number[] = [];
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        for (const j of cells.get(`${r + dr}:${c + dc}`) ?? []) {
          const t = stops[j] as LatLng;
          if (j !== i && haversine(s.lat, s.lng, t.lat, t.lng) <= radius) candidates.push(j);
        }
      }
    }
    if (candidates.length === 0) return;
    const reach = planner.reach(
      s,
      candidates.map((j) => stops[j] as LatLng),
      'walk',
      maxSeconds,
      { targetSnaps: candidates.map((j) => snaps[j] ?? null) },
    );
    candidates.forEach((j, k) => {
      const d = reach.duration[k] as number;
      if (Number.isNaN(d)) return;
      from.push(i);
      to.push(j);
      duration.push(d);
      distance.push(reach.distance[k] as number);
    });
  });
  return {
    from: Int32Array.from(from),
    to: Int32Array.from(to),
    duration: Float64Array.from(duration),
    distance: Float64Array.from(distance),
    snapped: Uint8Array.from(snaps.map((s) => (s ? 1 : 0))),
  };
}
