/**
 * Spatial grid over edge segments and snapping of a point to the nearest usable edge.
 * Cells are square in a local equirectangular projection; the grid is sparse (sorted cell keys),
 * so a whole-country graph costs memory only where there are streets.
 */
import { EARTH_RADIUS_M, haversine } from '../geo/geo';
import type { SpatialGrid, StreetGraph } from './graph';
import { E7, snappable } from './graph';

const M_PER_DEG = (EARTH_RADIUS_M * Math.PI) / 180;
const OFFSET = 2 ** 25;
const ROW = 2 ** 26;

function cellKey(row: number, col: number): number {
  return (row + OFFSET) * ROW + (col + OFFSET);
}

type GridInput = Pick<
  StreetGraph,
  'edgeCount' | 'edgeFrom' | 'edgeTo' | 'shapeOffset' | 'shapePoints' | 'pointLat' | 'pointLng' | 'bbox'
>;

export function buildGrid(g: GridInput, cellSize = 100): SpatialGrid {
  const originLat = Number.isFinite(g.bbox.minLat) ? (g.bbox.minLat + g.bbox.maxLat) / 2 : 0;
  const originLng = Number.isFinite(g.bbox.minLng) ? (g.bbox.minLng + g.bbox.maxLng) / 2 : 0;
  const mPerDegLng = M_PER_DEG * Math.cos((originLat * Math.PI) / 180);
  const x = (p: number): number => ((g.pointLng[p] as number) * E7 - originLng) * mPerDegLng;
  const y = (p: number): number => ((g.pointLat[p] as number) * E7 - originLat) * M_PER_DEG;
  // Cell range of the whole graph, so (cell, edge) pairs pack into one sortable double.
  let minRow = Infinity;
  let maxRow = -Infinity;
  let minCol = Infinity;
  let maxCol = -Infinity;
  for (let p = 0; p < g.pointLat.length; p++) {
    const r = Math.floor(y(p) / cellSize);
    const c = Math.floor(x(p) / cellSize);
    if (r < minRow) minRow = r;
    if (r > maxRow) maxRow = r;
    if (c < minCol) minCol = c;
    if (c > maxCol) maxCol = c;
  }
  if (g.edgeCount === 0)
    return {
      cellSize,
      originLat,
      originLng,
      mPerDegLng,
      keys: new Float64Array(0),
      offsets: new Int32Array(1),
      edges: new Int32Array(0),
    };
  const cols = maxCol - minCol + 1;
  const edgeScale = 2 ** Math.ceil(Math.log2(g.edgeCount + 1));
  if ((maxRow - minRow + 1) * cols * edgeScale > 2 ** 53)
    throw new Error('spatial grid: area too large for one graph; raise the cell size');
  let pairs = new Float64Array(Math.max(1024, g.edgeCount * 2));
  let n = 0;
  for (let e = 0; e < g.edgeCount; e++) {
    let prev = g.edgeFrom[e] as number;
    const end = g.shapeOffset[e + 1] as number;
    for (let i = g.shapeOffset[e] as number; i <= end; i++) {
      const cur = i < end ? (g.shapePoints[i] as number) : (g.edgeTo[e] as number);
      const c0 = Math.floor(Math.min(x(prev), x(cur)) / cellSize);
      const c1 = Math.floor(Math.max(x(prev), x(cur)) / cellSize);
      const r0 = Math.floor(Math.min(y(prev), y(cur)) / cellSize);
      const r1 = Math.floor(Math.max(y(prev), y(cur)) / cellSize);
      for (let r = r0; r <= r1; r++) {
        for (let c = c0; c <= c1; c++) {
          if (n === pairs.length) {
            const grown = new Float64Array(pairs.length * 2);
            grown.set(pairs);
            pairs = grown;
          }
          pairs[n++] = ((r - minRow) * cols + (c - minCol)) * edgeScale + e;
        }
      }
      prev = cur;
    }
  }
  const sorted = pairs.subarray(0, n).sort();
  const keys: number[] = [];
  const offsets: number[] = [];
  const edges = new Int32Array(n);
  let m = 0;
  let lastLocal = -1;
  for (let i = 0; i < n; i++) {
    const v = sorted[i] as number;
    if (i > 0 && v === sorted[i - 1]) continue; // the same edge listed twice in a cell
    const local = Math.floor(v / edgeScale);
    if (local !== lastLocal) {
      const r = Math.floor(local / cols) + minRow;
      const c = (local % cols) + minCol;
      keys.push(cellKey(r, c));
      offsets.push(m);
      lastLocal = local;
    }
    edges[m++] = v - local * edgeScale;
  }
  offsets.push(m);
  return {
    cellSize,
    originLat,
    originLng,
    mPerDegLng,
    keys: Float64Array.from(keys),
    offsets: Int32Array.from(offsets),
    edges: edges.slice(0, m),
  };
}

/** Index of the grid cell at (row, col) in grid.keys/offsets, or -1 when no edge crosses it. */
export function findCell(grid: SpatialGrid, row: number, col: number): number {
  const key = cellKey(row, col);
  let lo = 0;
  let hi = grid.keys.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const k = grid.keys[mid] as number;
    if (k < key) lo = mid + 1;
    else if (k > key) hi = mid - 1;
    else return mid;
  }
  return -1;
}

/** Where a point meets the street graph. */
export interface Snap {
  edge: number;
  /** Metres from edgeFrom along the edge to the snapped point. */
  offset: number;
  /** The snapped point on the edge. */
  lat: number;
  lng: number;
  /** Metres from the query point to the snapped point. */
  distance: number;
}

/**
 * Nearest edge usable by profile p (allowed in some direction and inside p's largest connected
 * component) within maxDistance metres, or null.
 */
export function snapPoint(g: StreetGraph, lat: number, lng: number, p: number, maxDistance = 500): Snap | null {
  const grid = g.grid;
  if (grid.keys.length === 0) return null;
  const px = (lng - grid.originLng) * grid.mPerDegLng;
  const py = (lat - grid.originLat) * M_PER_DEG;
  const col = Math.floor(px / grid.cellSize);
  const row = Math.floor(py / grid.cellSize);
  // Grid metres east-west are scaled at the grid's origin latitude; north of it a grid metre is
  // shorter on the ground, so rings guarantee only `reach` true metres each.
  const reach =
    grid.cellSize * Math.min(1, Math.cos((lat * Math.PI) / 180) / Math.cos((grid.originLat * Math.PI) / 180));
  const rings = Math.ceil(maxDistance / reach) + 1;
  // Local plane around the query point for projection onto segments.
  const kx = M_PER_DEG * Math.cos((lat * Math.PI) / 180);
  type Best = { edge: number; seg: number; t: number; d2: number; qlat: number; qlng: number };
  let best = null as Best | null;
  const checked = new Set<number>();
  for (let ring = 0; ring <= rings; ring++) {
    for (let r = row - ring; r <= row + ring; r++) {
      for (let c = col - ring; c <= col + ring; c++) {
        if (Math.max(Math.abs(r - row), Math.abs(c - col)) !== ring) continue;
        const cell = findCell(grid, r, c);
        if (cell < 0) continue;
        for (let i = grid.offsets[cell] as number; i < (grid.offsets[cell + 1] as number); i++) {
          const e = grid.edges[i] as number;
          if (checked.has(e)) continue;
          checked.add(e);
          if (!snappable(g, e, p)) continue;
          let prev = g.edgeFrom[e] as number;
          const end = g.shapeOffset[e + 1] as number;
          let seg = 0;
          for (let j = g.shapeOffset[e] as number; j <= end; j++, seg++) {
            const cur = j < end ? (g.shapePoints[j] as number) : (g.edgeTo[e] as number);
            const alat = (g.pointLat[prev] as number) * E7;
            const alng = (g.pointLng[prev] as number) * E7;
            const blat = (g.pointLat[cur] as number) * E7;
            const blng = (g.pointLng[cur] as number) * E7;
            const ax = (alng - lng) * kx;
            const ay = (alat - lat) * M_PER_DEG;
            const bx = (blng - lng) * kx;
            const by = (blat - lat) * M_PER_DEG;
            const dx = bx - ax;
            const dy = by - ay;
            const len2 = dx * dx + dy * dy;
            let t = len2 > 0 ? -(ax * dx + ay * dy) / len2 : 0;
            t = t < 0 ? 0 : t > 1 ? 1 : t;
            const qx = ax + t * dx;
            const qy = ay + t * dy;
            const d2 = qx * qx + qy * qy;
            if (!best || d2 < best.d2)
              best = { edge: e, seg, t, d2, qlat: alat + t * (blat - alat), qlng: alng + t * (blng - alng) };
            prev = cur;
          }
        }
      }
    }
    // Anything in a further ring is at least ring * cellSize away.
    if (best && Math.sqrt(best.d2) <= ring * reach) break;
  }
  if (!best) return null;
  const distance = haversine(lat, lng, best.qlat, best.qlng);
  if (distance > maxDistance) return null;
  return {
    edge: best.edge,
    offset: offsetAlong(g, best.edge, best.seg, best.qlat, best.qlng),
    lat: best.qlat,
    lng: best.qlng,
    distance,
  };
}

/** Metres from edgeFrom to a point on segment `seg` of edge e, scaled so offsets sum to the stored length. */
function offsetAlong(g: StreetGraph, e: number, seg: number, lat: number, lng: number): number {
  let prev = g.edgeFrom[e] as number;
  let along = 0;
  let total = 0;
  let at = 0;
  const end = g.shapeOffset[e + 1] as number;
  let s = 0;
  for (let j = g.shapeOffset[e] as number; j <= end; j++, s++) {
    const cur = j < end ? (g.shapePoints[j] as number) : (g.edgeTo[e] as number);
    const alat = (g.pointLat[prev] as number) * E7;
    const alng = (g.pointLng[prev] as number) * E7;
    const d = haversine(alat, alng, (g.pointLat[cur] as number) * E7, (g.pointLng[cur] as number) * E7);
    if (s === seg) at = along + haversine(alat, alng, lat, lng);
    along += d;
    total += d;
    prev = cur;
  }
  const length = g.edgeLength[e] as number;
  return total > 0 ? Math.min(length, (at * length) / total) : 0;
}
