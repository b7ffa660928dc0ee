/**
 * Rail rides drawn along the railway (issue 21 item 8). A feed without shapes gives a train
 * step only its calls, so the map drew one straight line from Dundee to Perth, over the Tay.
 * The region ships its railway lines (the fallback map's railways layer, OpenStreetMap): here
 * they become a graph, and each long straight gap between two calls is replaced by the
 * shortest way along the rails between them. A gap the rails cannot explain (a call far from
 * any line, no way between, or a way far longer than the gap) stays straight.
 */
import type { LngLat } from './polyline';

/** A straight gap longer than this between two calls is not a drawn shape. */
export const STRAIGHT_GAP_METRES = 1000;
/** A call this close to a railway vertex is on the line. */
export const CALL_SNAP_METRES = 500;
/** Line ends this close to another line's vertex are joined (OSM lines usually share the node). */
const JOIN_METRES = 25;
/** A way along the rails longer than this many times the gap is not the ride's. */
const DETOUR_LIMIT = 3;

export interface RailGraph {
  nodes: LngLat[];
  /** Per node: [neighbour, metres]. */
  edges: [number, number][][];
}

interface LineFeatures {
  features: { geometry: { type: string; coordinates: unknown } | null }[];
}

const RADIANS = Math.PI / 180;
/** Metres between two points (equirectangular: exact enough over a region). */
export function metres(a: LngLat, b: LngLat): number {
  const x = (b[0] - a[0]) * Math.cos(((a[1] + b[1]) / 2) * RADIANS);
  const y = b[1] - a[1];
  return Math.sqrt(x * x + y * y) * RADIANS * 6_371_000;
}

function lineStrings(geometry: { type: string; coordinates: unknown } | null): LngLat[][] {
  if (geometry?.type === 'LineString') return [geometry.coordinates as LngLat[]];
  if (geometry?.type === 'MultiLineString') return geometry.coordinates as LngLat[][];
  return [];
}

/** Grid cells larger than JOIN_METRES each way in Scotland (0.0005 deg of latitude is 55 m, 0.001 deg of longitude 55-62 m). */
const CELL_LAT = 0.0005;
const CELL_LNG = 0.001;
const cellKey = (lng: number, lat: number, dx = 0, dy = 0) =>
  `${Math.floor(lng / CELL_LNG) + dx},${Math.floor(lat / CELL_LAT) + dy}`;

function nodeGrid(nodes: readonly LngLat[]): Map<string, number[]> {
  const cells = new Map<string, number[]>();
  nodes.forEach(([lng, lat], id) => {
    const key = cellKey(lng, lat);
    const cell = cells.get(key);
    if (cell) cell.push(id);
    else cells.set(key, [id]);
  });
  return cells;
}

export function buildRailGraph(collection: LineFeatures): RailGraph {
  const nodes: LngLat[] = [];
  const edges: [number, number][][] = [];
  const ids = new Map<string, number>();
  const ends: number[] = [];
  const node = (at: LngLat) => {
    const key = `${at[0].toFixed(5)},${at[1].toFixed(5)}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = nodes.push([at[0], at[1]]) - 1;
      edges.push([]);
      ids.set(key, id);
    }
    return id;
  };
  const link = (a: number, b: number) => {
    if (a === b) return;
    const length = metres(nodes[a]!, nodes[b]!);
    edges[a]!.push([b, length]);
    edges[b]!.push([a, length]);
  };
  for (const feature of collection.features) {
    for (const line of lineStrings(feature.geometry)) {
      let previous: number | null = null;
      for (const at of line) {
        const id = node(at);
        if (previous !== null) link(previous, id);
        previous = id;
      }
      if (line.length > 1) ends.push(node(line[0]!), node(line[line.length - 1]!));
    }
  }
  // A line that stops just short of another (a separate OSM way without a shared node) still joins it.
  // Only nodes in the end's grid cell and the eight around it can be that close: comparing each end
  // with every node took a third of a second of a phone's main thread on Tayside's 4,700 nodes.
  const cells = nodeGrid(nodes);
  for (const end of ends) {
    const [lng, lat] = nodes[end]!;
    const near: number[] = [];
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++) near.push(...(cells.get(cellKey(lng, lat, dx, dy)) ?? []));
    near.sort((a, b) => a - b);
    for (const other of near) {
      if (
        other !== end &&
        metres(nodes[end]!, nodes[other]!) <= JOIN_METRES &&
        !edges[end]!.some(([to]) => to === other)
      )
        link(end, other);
    }
  }
  return { nodes, edges };
}

function nearestNode(graph: RailGraph, at: LngLat): number | null {
  let best: number | null = null;
  let bestMetres = CALL_SNAP_METRES;
  graph.nodes.forEach((node, id) => {
    const d = metres(node, at);
    if (d <= bestMetres) {
      best = id;
      bestMetres = d;
    }
  });
  return best;
}

/** Dijkstra from `from` to `to`, giving up past `limit` metres; the nodes on the way, or null. */
function shortestWay(graph: RailGraph, from: number, to: number, limit: number): number[] | null {
  const distance = new Map<number, number>([[from, 0]]);
  const previous = new Map<number, number>();
  const heap: [number, number][] = [[0, from]];
  const push = (item: [number, number]) => {
    heap.push(item);
    for (let i = heap.length - 1; i > 0;) {
      const parent = (i - 1) >> 1;
      if (heap[parent]![0] <= heap[i]![0]) break;
      [heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
      i = parent;
    }
  };
  const pop = (): [number, number] => {
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      for (let i = 0; ;) {
        const [l, r] = [2 * i + 1, 2 * i + 2];
        let smallest = i;
        if (l < heap.length && heap[l]![0] < heap[smallest]![0]) smallest = l;
        if (r < heap.length && heap[r]![0] < heap[smallest]![0]) smallest = r;
        if (smallest === i) break;
        [heap[smallest], heap[i]] = [heap[i]!, heap[smallest]!];
        i = smallest;
      }
    }
    return top;
  };
  while (heap.length > 0) {
    const [d, at] = pop();
    if (at === to) break;
    if (d > (distance.get(at) ?? Infinity) || d > limit) continue;
    for (const [next, length] of graph.edges[at]!) {
      const through = d + length;
      if (through < (distance.get(next) ?? Infinity)) {
        distance.set(next, through);
        previous.set(next, at);
        push([through, next]);
      }
    }
  }
  if (!distance.has(to) || distance.get(to)! > limit) return null;
  const way = [to];
  while (way[way.length - 1] !== from) way.push(previous.get(way[way.length - 1]!)!);
  return way.reverse();
}

/** A rail ride's line with each long straight gap between calls replaced by the way along the rails. */
export function alongRails(graph: RailGraph, line: readonly LngLat[]): LngLat[] {
  const out: LngLat[] = line.length > 0 ? [line[0]!] : [];
  for (let i = 1; i < line.length; i++) {
    const [a, b] = [line[i - 1]!, line[i]!];
    const gap = metres(a, b);
    const [from, to] = gap > STRAIGHT_GAP_METRES ? [nearestNode(graph, a), nearestNode(graph, b)] : [null, null];
    const way = from !== null && to !== null ? shortestWay(graph, from, to, gap * DETOUR_LIMIT) : null;
    if (way) out.push(...way.map((id) => graph.nodes[id]!));
    out.push(b);
  }
  return out;
}
