/**
 * OSM PBF -> StreetGraph, in two streaming passes (as OSRM's extractor does in spirit):
 *   1. ways: keep those some profile may use, with their node refs and per-profile speeds;
 *   2. nodes: coordinates only for the referenced nodes (a node-sorted file stops at the ways).
 * Ways are split at junctions (nodes shared by ways) and at their ends into edges.
 * Browser-safe: the caller supplies the bytes (a file stream in Node, a fetched buffer in a worker).
 */
import { emptyBBox, extendBBox, haversine } from '../geo/geo';
import { componentMask } from './components';
import type { StreetGraph } from './graph';
import { readPbf } from './osm-pbf';
import { classCode, ferryDurationSeconds, wayProfile } from './profiles';
import { buildGrid } from './spatial';

/** Re-readable byte source: called once per pass. */
export type ChunkSource = () => AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

export interface BuildStats {
  osmWaysRead: number;
  waysKept: number;
  osmNodesRead: number;
  nodesReferenced: number;
  nodesMissing: number;
  vertices: number;
  edges: number;
  points: number;
  names: number;
}

class Grow<T extends Float64Array | Int32Array | Float32Array | Uint8Array> {
  data: T;
  length = 0;
  constructor(private readonly make: (n: number) => T) {
    this.data = make(1024);
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = this.make(this.data.length * 2);
      (next as Float64Array).set(this.data as Float64Array);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  view(): T {
    return this.data.subarray(0, this.length) as T;
  }
  copy(): T {
    return this.data.slice(0, this.length) as T;
  }
}

function lowerBound(arr: Float64Array, value: number): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((arr[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export async function buildStreetGraph(source: ChunkSource): Promise<{ graph: StreetGraph; stats: BuildStats }> {
  // Pass 1: ways.
  const wayRefStart = new Grow((n) => new Int32Array(n));
  const refs = new Grow((n) => new Float64Array(n));
  const wayIds = new Grow((n) => new Float64Array(n));
  const wayClass = new Grow((n) => new Uint8Array(n));
  const wayName = new Grow((n) => new Int32Array(n));
  const waySpeed = new Grow((n) => new Float32Array(n)); // 6 per way: fwd walk, cycle, car, bwd walk, cycle, car
  const wayFerrySeconds = new Grow((n) => new Float32Array(n));
  const names: string[] = [];
  const nameIndex = new Map<string, number>();
  let osmWaysRead = 0;
  await readPbf(source(), {
    way(way) {
      osmWaysRead++;
      if (way.refs.length < 2) return;
      const prof = wayProfile(way.tags);
      if (!prof) return;
      wayRefStart.push(refs.length);
      for (const r of way.refs) refs.push(r);
      wayIds.push(way.id);
      wayClass.push(classCode(prof.cls));
      const name = way.tags.name ?? way.tags.ref ?? null;
      let id = -1;
      if (name) {
        id = nameIndex.get(name) ?? -1;
        if (id < 0) {
          id = names.length;
          names.push(name);
          nameIndex.set(name, id);
        }
      }
      wayName.push(id);
      for (const v of prof.forward) waySpeed.push(v);
      for (const v of prof.backward) waySpeed.push(v);
      wayFerrySeconds.push(prof.ferry ? (ferryDurationSeconds(way.tags) ?? 0) : 0);
    },
  });
  const wayCount = wayIds.length;
  wayRefStart.push(refs.length);
  const refStart = wayRefStart.view();
  const allRefs = refs.view();

  // Unique referenced node ids, sorted; use counts mark junctions.
  const sorted = refs.copy().sort();
  let u = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[u - 1]) sorted[u++] = sorted[i] as number;
  const ids = sorted.slice(0, u);
  const uses = new Uint8Array(u);
  const refIdx = new Int32Array(allRefs.length);
  for (let w = 0; w < wayCount; w++) {
    const s = refStart[w] as number;
    const e = refStart[w + 1] as number;
    for (let i = s; i < e; i++) {
      const k = lowerBound(ids, allRefs[i] as number);
      refIdx[i] = k;
      const add = i === s || i === e - 1 ? 2 : 1;
      uses[k] = Math.min(2, (uses[k] as number) + add);
    }
  }

  // Pass 2: coordinates of referenced nodes.
  const lat = new Float64Array(u);
  const lng = new Float64Array(u);
  const have = new Uint8Array(u);
  let osmNodesRead = 0;
  let cursor = 0;
  let lastId = -Infinity;
  await readPbf(
    source(),
    {
      node(id, la, lo) {
        osmNodesRead++;
        // Files are sorted by id: walk a cursor; fall back to binary search otherwise.
        if (id < lastId) cursor = lowerBound(ids, id);
        lastId = id;
        while (cursor < u && (ids[cursor] as number) < id) cursor++;
        if (cursor < u && ids[cursor] === id) {
          lat[cursor] = la;
          lng[cursor] = lo;
          have[cursor] = 1;
        }
      },
    },
    { stopAfterNodes: true },
  );
  let nodesMissing = 0;
  for (let i = 0; i < u; i++) if (!have[i]) nodesMissing++;

  // Ways cut by missing nodes: the neighbours of a gap become way ends, hence vertices.
  if (nodesMissing > 0) {
    for (let i = 0; i < allRefs.length; i++) {
      if (have[refIdx[i] as number]) continue;
      if (i > 0) uses[refIdx[i - 1] as number] = 2;
      if (i + 1 < allRefs.length) uses[refIdx[i + 1] as number] = 2;
    }
  }

  // Vertices first, then shape points as met.
  const vertexOf = new Int32Array(u).fill(-1);
  const pointLat = new Grow((n) => new Int32Array(n));
  const pointLng = new Grow((n) => new Int32Array(n));
  const bbox = emptyBBox();
  for (let i = 0; i < u; i++) {
    if (!have[i] || (uses[i] as number) < 2) continue;
    vertexOf[i] = pointLat.length;
    pointLat.push(Math.round((lat[i] as number) * 1e7));
    pointLng.push(Math.round((lng[i] as number) * 1e7));
    extendBBox(bbox, lat[i] as number, lng[i] as number);
  }
  const vertexCount = pointLat.length;

  const edgeFrom = new Grow((n) => new Int32Array(n));
  const edgeTo = new Grow((n) => new Int32Array(n));
  const edgeLength = new Grow((n) => new Float32Array(n));
  const edgeName = new Grow((n) => new Int32Array(n));
  const edgeClass = new Grow((n) => new Uint8Array(n));
  const edgeWay = new Grow((n) => new Float64Array(n));
  const edgeSpeedWay = new Grow((n) => new Int32Array(n));
  const shapeOffset = new Grow((n) => new Int32Array(n));
  const shapePoints = new Grow((n) => new Int32Array(n));
  const wayLength = new Float64Array(wayCount);
  for (let w = 0; w < wayCount; w++) {
    const s = refStart[w] as number;
    const e = refStart[w + 1] as number;
    let start = -1;
    let len = 0;
    let prevIdx = -1;
    let interiorStart = shapePoints.length;
    for (let i = s; i < e; i++) {
      const k = refIdx[i] as number;
      if (!have[k]) {
        start = -1;
        shapePoints.length = interiorStart;
        continue;
      }
      if (start < 0) {
        start = vertexOf[k] as number;
        prevIdx = k;
        len = 0;
        interiorStart = shapePoints.length;
        continue;
      }
      const d = haversine(lat[prevIdx] as number, lng[prevIdx] as number, lat[k] as number, lng[k] as number);
      len += d;
      wayLength[w] = (wayLength[w] as number) + d;
      prevIdx = k;
      const v = vertexOf[k] as number;
      if (v >= 0) {
        if (!(v === start && shapePoints.length === interiorStart)) {
          shapeOffset.push(interiorStart);
          edgeFrom.push(start);
          edgeTo.push(v);
          edgeLength.push(len);
          edgeName.push(wayName.data[w] as number);
          edgeClass.push(wayClass.data[w] as number);
          edgeWay.push(wayIds.data[w] as number);
          edgeSpeedWay.push(w);
        }
        start = v;
        len = 0;
        interiorStart = shapePoints.length;
      } else {
        const p = pointLat.length;
        pointLat.push(Math.round((lat[k] as number) * 1e7));
        pointLng.push(Math.round((lng[k] as number) * 1e7));
        extendBBox(bbox, lat[k] as number, lng[k] as number);
        shapePoints.push(p);
      }
    }
    // Shape points after the last vertex of a cut way belong to no edge.
    shapePoints.length = interiorStart;
  }
  const edgeCount = edgeFrom.length;
  shapeOffset.push(shapePoints.length);

  // Per-profile half-edge costs (seconds).
  const cost: [Float32Array, Float32Array, Float32Array] = [new Float32Array(2 * edgeCount), new Float32Array(2 * edgeCount), new Float32Array(2 * edgeCount)];
  const maxSpeed: [number, number, number] = [0, 0, 0];
  const lengths = edgeLength.view();
  for (let e = 0; e < edgeCount; e++) {
    const w = edgeSpeedWay.data[e] as number;
    const ferrySeconds = wayFerrySeconds.data[w] as number;
    const L = lengths[e] as number;
    for (let p = 0; p < 3; p++) {
      for (let dir = 0; dir < 2; dir++) {
        let speed = waySpeed.data[w * 6 + dir * 3 + p] as number;
        if (speed > 0 && ferrySeconds > 0) speed = (wayLength[w] as number) / ferrySeconds;
        cost[p as 0 | 1 | 2][2 * e + dir] = speed > 0 ? L / speed : Infinity;
        if (speed > (maxSpeed[p] as number)) maxSpeed[p] = speed;
      }
    }
  }

  // CSR adjacency of outgoing half-edges.
  const adjOffset = new Int32Array(vertexCount + 1);
  const from = edgeFrom.copy();
  const to = edgeTo.copy();
  for (let e = 0; e < edgeCount; e++) {
    const a = (from[e] as number) + 1;
    const b = (to[e] as number) + 1;
    adjOffset[a] = (adjOffset[a] as number) + 1;
    adjOffset[b] = (adjOffset[b] as number) + 1;
  }
  for (let v = 0; v < vertexCount; v++) adjOffset[v + 1] = (adjOffset[v + 1] as number) + (adjOffset[v] as number);
  const fill = adjOffset.slice(0, vertexCount);
  const adjHalf = new Int32Array(2 * edgeCount);
  for (let e = 0; e < edgeCount; e++) {
    const a = from[e] as number;
    const b = to[e] as number;
    adjHalf[fill[a] as number] = 2 * e;
    fill[a] = (fill[a] as number) + 1;
    adjHalf[fill[b] as number] = 2 * e + 1;
    fill[b] = (fill[b] as number) + 1;
  }

  const partial = {
    vertexCount,
    edgeCount,
    pointLat: pointLat.copy(),
    pointLng: pointLng.copy(),
    edgeFrom: from,
    edgeTo: to,
    edgeLength: edgeLength.copy(),
    edgeName: edgeName.copy(),
    edgeClass: edgeClass.copy(),
    edgeWay: edgeWay.copy(),
    shapeOffset: shapeOffset.copy(),
    shapePoints: shapePoints.copy(),
    cost,
    adjOffset,
    adjHalf,
    names,
    bbox,
    maxSpeed,
  };
  const inComponent = componentMask(partial);
  const grid = buildGrid(partial);
  const graph: StreetGraph = { ...partial, inComponent, grid };
  return {
    graph,
    stats: {
      osmWaysRead,
      waysKept: wayCount,
      osmNodesRead,
      nodesReferenced: u,
      nodesMissing,
      vertices: vertexCount,
      edges: edgeCount,
      points: graph.pointLat.length,
      names: names.length,
    },
  };
}
