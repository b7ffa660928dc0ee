/**
 * Names for pavements mapped as their own ways (highway=footway + footway=sidewalk): the tag says
 * the way is the sidewalk of a street, so it takes the name of the nearest named road running
 * alongside it (within 25 m, parallel within 30 degrees), as people would say "walk along
 * Moorgate". Pavements with no such road keep no name ("the pavement").
 */
import { EARTH_RADIUS_M } from '../geo/geo';
import type { SpatialGrid, StreetGraph } from './graph';
import { E7 } from './graph';
import { type HighwayClass, classCode } from './profiles';
import { findCell } from './spatial';

const M_PER_DEG = (EARTH_RADIUS_M * Math.PI) / 180;
const MAX_DISTANCE = 25;
const MAX_ANGLE = 30;

type Input = Pick<
  StreetGraph,
  | 'edgeCount'
  | 'edgeFrom'
  | 'edgeTo'
  | 'edgeName'
  | 'edgeClass'
  | 'shapeOffset'
  | 'shapePoints'
  | 'pointLat'
  | 'pointLng'
>;

const ROAD_CODES = new Set(
  [
    'motorway',
    'trunk',
    'primary',
    'secondary',
    'tertiary',
    'unclassified',
    'residential',
    'living_street',
    'service',
    'road',
    'pedestrian',
    'motorway_link',
    'trunk_link',
    'primary_link',
    'secondary_link',
    'tertiary_link',
  ].map((c) => classCode(c as HighwayClass)),
);

function points(g: Input, e: number): number[] {
  const out = [g.edgeFrom[e] as number];
  for (let i = g.shapeOffset[e] as number; i < (g.shapeOffset[e + 1] as number); i++)
    out.push(g.shapePoints[i] as number);
  out.push(g.edgeTo[e] as number);
  return out;
}

/** Returns how many pavements got a name. */
export function nameSidewalks(g: Input, grid: SpatialGrid): number {
  const sidewalk = classCode('sidewalk');
  let named = 0;
  for (let e = 0; e < g.edgeCount; e++) {
    if (g.edgeClass[e] !== sidewalk || (g.edgeName[e] as number) >= 0) continue;
    const pts = points(g, e);
    const votes = new Map<number, number>();
    // Sample each segment's midpoint; the segment's own bearing is compared with the road's.
    for (let i = 1; i < pts.length; i++) {
      const a = pts[i - 1] as number;
      const b = pts[i] as number;
      const lat = (((g.pointLat[a] as number) + (g.pointLat[b] as number)) / 2) * E7;
      const lng = (((g.pointLng[a] as number) + (g.pointLng[b] as number)) / 2) * E7;
      const kx = M_PER_DEG * Math.cos((lat * Math.PI) / 180);
      const sdx = ((g.pointLng[b] as number) - (g.pointLng[a] as number)) * E7 * kx;
      const sdy = ((g.pointLat[b] as number) - (g.pointLat[a] as number)) * E7 * M_PER_DEG;
      const slen = Math.hypot(sdx, sdy);
      if (slen < 1) continue;
      const col = Math.floor(((lng - grid.originLng) * grid.mPerDegLng) / grid.cellSize);
      const row = Math.floor(((lat - grid.originLat) * M_PER_DEG) / grid.cellSize);
      let bestName = -1;
      let bestDist = MAX_DISTANCE;
      for (let r = row - 1; r <= row + 1; r++) {
        for (let c = col - 1; c <= col + 1; c++) {
          const cell = findCell(grid, r, c);
          if (cell < 0) continue;
          for (let k = grid.offsets[cell] as number; k < (grid.offsets[cell + 1] as number); k++) {
            const f = grid.edges[k] as number;
            const name = g.edgeName[f] as number;
            if (name < 0 || !ROAD_CODES.has(g.edgeClass[f] as number)) continue;
            const fp = points(g, f);
            for (let j = 1; j < fp.length; j++) {
              const p = fp[j - 1] as number;
              const q = fp[j] as number;
              const ax = ((g.pointLng[p] as number) * E7 - lng) * kx;
              const ay = ((g.pointLat[p] as number) * E7 - lat) * M_PER_DEG;
              const dx = ((g.pointLng[q] as number) - (g.pointLng[p] as number)) * E7 * kx;
              const dy = ((g.pointLat[q] as number) - (g.pointLat[p] as number)) * E7 * M_PER_DEG;
              const len2 = dx * dx + dy * dy;
              if (len2 < 1) continue;
              const t = Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
              const d = Math.hypot(ax + t * dx, ay + t * dy);
              if (d >= bestDist) continue;
              const cos = Math.abs((sdx * dx + sdy * dy) / (slen * Math.sqrt(len2)));
              if (cos < Math.cos((MAX_ANGLE * Math.PI) / 180)) continue;
              bestDist = d;
              bestName = name;
            }
          }
        }
      }
      if (bestName >= 0) votes.set(bestName, (votes.get(bestName) ?? 0) + slen);
    }
    let winner = -1;
    let weight = 0;
    for (const [name, w] of votes) {
      if (w > weight) {
        winner = name;
        weight = w;
      }
    }
    if (winner >= 0) {
      g.edgeName[e] = winner;
      named++;
    }
  }
  return named;
}
