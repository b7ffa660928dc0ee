/**
 * The routable street graph: flat typed arrays, so it serialises as-is into the region snapshot
 * and loads without parsing.
 *
 * - Points: vertices (junctions and way ends) are points 0..vertexCount-1; the other points are
 *   shape points inside edges. Coordinates are int32 degrees x 1e7 (about 1 cm).
 * - Edges: one per stretch of an OSM way between two vertices, with length, name, highway class
 *   and interior shape points. Half-edge h = 2e runs from edgeFrom[e] to edgeTo[e]; h = 2e + 1
 *   runs back.
 * - Costs: per profile, seconds per half-edge; Infinity where the profile may not go that way.
 * - Adjacency: CSR of outgoing half-edges per vertex; the reverse of an outgoing half-edge is an
 *   incoming one, so the same arrays serve backward searches.
 * - inComponent: bit p set when the vertex lies in profile p's largest strongly connected
 *   component; snapping only uses edges inside it, so every snapped pair can be routed.
 */
import type { BBox, LatLng } from '../geo/geo';
import type { AmenityIndex } from './amenities';
import type { Profile } from './profiles';
import { PROFILE_INDEX } from './profiles';

export interface SpatialGrid {
  /** Cell size in metres, projection origin (degrees) and metres per degree of longitude at it. */
  cellSize: number;
  originLat: number;
  originLng: number;
  mPerDegLng: number;
  /** Sorted unique cell keys (row * 2^26 + column) and, per key, a range of edge ids. */
  keys: Float64Array;
  offsets: Int32Array;
  edges: Int32Array;
}

export interface StreetGraph {
  vertexCount: number;
  edgeCount: number;
  pointLat: Int32Array;
  pointLng: Int32Array;
  edgeFrom: Int32Array;
  edgeTo: Int32Array;
  edgeLength: Float32Array;
  /** Index into names, -1 when the way has neither name nor ref. */
  edgeName: Int32Array;
  /** Index into HIGHWAY_CLASSES. */
  edgeClass: Uint8Array;
  /** OSM way id of each edge (for diagnostics and tests). */
  edgeWay: Float64Array;
  /** Interior shape points of edge e: shapePoints[shapeOffset[e] .. shapeOffset[e + 1]). */
  shapeOffset: Int32Array;
  shapePoints: Int32Array;
  /** Seconds per half-edge, one array per profile in PROFILES order. */
  cost: [Float32Array, Float32Array, Float32Array];
  adjOffset: Int32Array;
  adjHalf: Int32Array;
  inComponent: Uint8Array;
  /** Turn restrictions (see turns.ts): at vertex turnVia[i], from half-edge turnFrom[i] to turnTo[i]. */
  turnVia: Int32Array;
  turnFrom: Int32Array;
  turnTo: Int32Array;
  turnOnly: Uint8Array;
  /** Profile bits the restriction binds (1 << profile index). */
  turnProfiles: Uint8Array;
  names: string[];
  bbox: BBox;
  grid: SpatialGrid;
  /** Largest speed (m/s) per profile over the graph, for the A* bound. */
  maxSpeed: [number, number, number];
  /** Toilets and points of interest from the same OSM file (absent in hand-built graphs). */
  amenities?: AmenityIndex;
}

export const E7 = 1e-7;

export function pointOf(g: StreetGraph, p: number): LatLng {
  return { lat: (g.pointLat[p] as number) * E7, lng: (g.pointLng[p] as number) * E7 };
}

/** Vertex a half-edge leaves from / arrives at. */
export function tail(g: StreetGraph, h: number): number {
  const e = h >> 1;
  return (h & 1 ? g.edgeTo[e] : g.edgeFrom[e]) as number;
}
export function head(g: StreetGraph, h: number): number {
  const e = h >> 1;
  return (h & 1 ? g.edgeFrom[e] : g.edgeTo[e]) as number;
}

/** All points of edge e from edgeFrom to edgeTo (point indices). */
export function edgePointIds(g: StreetGraph, e: number): number[] {
  const out = [g.edgeFrom[e] as number];
  for (let i = g.shapeOffset[e] as number; i < (g.shapeOffset[e + 1] as number); i++)
    out.push(g.shapePoints[i] as number);
  out.push(g.edgeTo[e] as number);
  return out;
}

export function edgeGeometry(g: StreetGraph, e: number): LatLng[] {
  return edgePointIds(g, e).map((p) => pointOf(g, p));
}

export function profileIndex(profile: Profile): number {
  return PROFILE_INDEX[profile];
}

export function nameOf(g: StreetGraph, e: number): string | null {
  const n = g.edgeName[e] as number;
  return n >= 0 ? (g.names[n] ?? null) : null;
}

/** Whether profile p may use edge e in at least one direction and the edge is in p's main component. */
export function snappable(g: StreetGraph, e: number, p: number): boolean {
  const c = g.cost[p as 0 | 1 | 2];
  if (!(Number.isFinite(c[2 * e] as number) || Number.isFinite(c[2 * e + 1] as number))) return false;
  const bit = 1 << p;
  return (
    ((g.inComponent[g.edgeFrom[e] as number] as number) & bit) !== 0 &&
    ((g.inComponent[g.edgeTo[e] as number] as number) & bit) !== 0
  );
}
