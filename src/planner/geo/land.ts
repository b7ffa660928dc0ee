/**
 * Land or sea: a point is on land when it lies in a council area, or within LAND_TOLERANCE_M of
 * one (the boundaries are simplified and clipped to the coast: a harbour wall or a beach can fall
 * just outside). A region's land mask holds its own councils and every council around them, with
 * the box it covers: outside that box nothing is known, so nothing is refused as sea.
 */
import { bboxOf, councilAt, type CouncilArea } from './council-areas';

/**
 * Metres from the nearest council boundary beyond which a point is at sea. Measured over the real
 * data (tests/planner/geo/land.test.ts): all 12,299 active NaPTAN stops, live Dundee postcodes and
 * towns inside the masks lie inside a council area; a place on the water's edge the simplified
 * coast clips lies just outside (Arbroath harbour: 15 m); the middle of the Tay at Dundee is
 * 1,034 m from land. 250 m keeps every pier and beach and still refuses the estuary.
 */
export const LAND_TOLERANCE_M = 250;

export interface LandMask {
  /** [minLng, minLat, maxLng, maxLat]: where the mask knows land from sea (every council in it is listed). */
  bbox: [number, number, number, number];
  areas: CouncilArea[];
}

const M_PER_DEG = 111_320;

/** Metres from the point to the nearest edge of the areas' rings (0 inside an area). */
export function distanceToLand(areas: readonly CouncilArea[], lat: number, lng: number): number {
  if (councilAt(areas, lat, lng) !== undefined) return 0;
  const k = Math.cos((lat * Math.PI) / 180) * M_PER_DEG;
  let best = Infinity;
  for (const a of areas) {
    const [minLng, minLat, maxLng, maxLat] = a.bbox ?? bboxOf(a.polygons);
    // A box farther than the best distance so far cannot hold a nearer edge.
    const dx = Math.max(minLng - lng, 0, lng - maxLng) * k;
    const dy = Math.max(minLat - lat, 0, lat - maxLat) * M_PER_DEG;
    if (Math.hypot(dx, dy) >= best) continue;
    for (const polygon of a.polygons)
      for (const ring of polygon)
        for (let i = 1; i < ring.length; i++) {
          const p = ring[i - 1] as [number, number];
          const q = ring[i] as [number, number];
          const x1 = (p[0] - lng) * k;
          const y1 = (p[1] - lat) * M_PER_DEG;
          const x2 = (q[0] - lng) * k;
          const y2 = (q[1] - lat) * M_PER_DEG;
          const ex = x2 - x1;
          const ey = y2 - y1;
          const len = ex * ex + ey * ey;
          const t = len > 0 ? Math.max(0, Math.min(1, -(x1 * ex + y1 * ey) / len)) : 0;
          const d = Math.hypot(x1 + t * ex, y1 + t * ey);
          if (d < best) best = d;
        }
  }
  return best;
}

/** Whether a mask knows this point and finds it at sea (more than LAND_TOLERANCE_M from any council area). */
export function atSea(masks: readonly LandMask[], lat: number, lng: number, toleranceM = LAND_TOLERANCE_M): boolean {
  const covering = masks.filter((m) => lng >= m.bbox[0] && lng <= m.bbox[2] && lat >= m.bbox[1] && lat <= m.bbox[3]);
  if (covering.length === 0) return false;
  return covering.every((m) => distanceToLand(m.areas, lat, lng) > toleranceM);
}
