/**
 * OSM PBF -> StreetGraph, in two streaming passes (as OSRM's extractor does in spirit):
 *   1. ways: keep those some profile may use, with their node refs and per-profile speeds;
 *   2. nodes: coordinates only for the referenced nodes (a node-sorted file stops at the ways).
 * Ways are split at junctions (nodes shared by ways) and at their ends into edges.
 * Tagged nodes that matter (barriers, traffic signals) are few and are kept from pass 1. A barrier
 * inside a way splits it into two vertices joined by a zero-length edge that only the profiles it
 * lets through may use (a bollard: walk and cycle, not car); a barrier where a way ends closes that
 * way's end edge to the profiles it stops. Traffic signals add SIGNAL_DELAY_S for car and cycle.
 * Browser-safe: the caller supplies the bytes (a file stream in Node, a fetched buffer in a worker).
 */
import { densify, emptyBBox, extendBBox, haversine } from '../geo/geo';
import { AmenityCollector } from './amenities';
import type { ElevationSampler } from './elevation';
import { componentMask, refineWithTurns } from './components';
import type { StreetGraph } from './graph';
import { readPbf } from './osm-pbf';
import {
  NODE_BLOCKS_CAR,
  NODE_BLOCKS_CYCLE,
  NODE_BLOCKS_WALK,
  NODE_SIGNALS,
  SIGNAL_DELAY_S,
  classCode,
  ferryDurationSeconds,
  nodeFlags,
  wayProfile,
} from './profiles';
import { nameSidewalks } from './sidewalks';
import { buildGrid } from './spatial';
import { type RawRestriction, TurnTable, parseRestriction, resolveRestrictions } from './turns';
import { Growable } from '../common/growable';

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
  /** type=restriction relations in the file, and the turns they resolved to (via-node ones). */
  restrictionsRead: number;
  turnRestrictions: number;
  /** Pavements (footway=sidewalk) named after the street they run beside. */
  sidewalksNamed: number;
  /** Public toilets, and POIs of the SPEC categories (toilets included), from amenities.ts. */
  toilets: number;
  pois: number;
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

export interface BuildOptions {
  /**
   * Elevation for hills: walking and cycling time grow with the climb along each half-edge
   * (see CLIMB_SECONDS_PER_M); descents are not made faster. Without it the graph is flat.
   */
  elevation?: ElevationSampler | null;
  /**
   * Keep only what lies in this box ([minLng, minLat, maxLng, maxLat], a region's councils plus a
   * margin): ways with a node inside, cut where they leave it. A national extract is read in one
   * more pass (node ids inside the box), so memory follows the region, not the country.
   */
  box?: [number, number, number, number];
  /** A corrupt data block is reported here (with its byte offset) and skipped; without it the build stops. */
  onCorrupt?: (offset: number, message: string) => void;
}

/**
 * Seconds added per metre climbed. Walking: Naismith's rule, an hour per 600 m of ascent (6 s/m).
 * Cycling: lifting rider and bicycle (about 90 kg) at a sustainable ~110 W of climbing power
 * takes 90 x 9.81 / 110 = 8 s per metre.
 */
export const CLIMB_SECONDS_PER_M: [number, number, number] = [6, 8, 0];

export async function buildStreetGraph(
  source: ChunkSource,
  options: BuildOptions = {},
): Promise<{ graph: StreetGraph; stats: BuildStats }> {
  // Pass 1: ways.
  const wayRefStart = new Growable(Int32Array);
  const refs = new Growable(Float64Array);
  const wayIds = new Growable(Float64Array);
  const wayClass = new Growable(Uint8Array);
  const wayName = new Growable(Int32Array);
  const waySpeed = new Growable(Float32Array); // 6 per way: fwd walk, cycle, car, bwd walk, cycle, car
  const wayFerrySeconds = new Growable(Float32Array);
  const names: string[] = [];
  const nameIndex = new Map<string, number>();
  let osmWaysRead = 0;
  const flaggedNodes = new Map<number, number>();
  const restrictions: RawRestriction[] = [];
  let restrictionsRead = 0;
  const amenities = new AmenityCollector();
  const box = options.box;
  const inBox = (lat: number, lng: number): boolean =>
    !box || (lng >= box[0] && lng <= box[2] && lat >= box[1] && lat <= box[3]);
  const pbfOptions = options.onCorrupt ? { onCorrupt: options.onCorrupt } : {};
  // Pass 0 (with a box): ids of the nodes inside it, sorted.
  let boxIds: Float64Array | null = null;
  if (box) {
    const inside = new Growable(Float64Array);
    await readPbf(
      source(),
      {
        node(id, la, lo) {
          if (inBox(la, lo)) inside.push(id);
        },
      },
      { stopAfterNodes: true, ...pbfOptions },
    );
    boxIds = inside.copy().sort();
  }
  const touchesBox = (refs: readonly number[]): boolean => {
    if (!boxIds) return true;
    for (const r of refs) {
      const k = lowerBound(boxIds, r);
      if (k < boxIds.length && boxIds[k] === r) return true;
    }
    return false;
  };
  await readPbf(
    source(),
    {
      relation(rel) {
        if (rel.tags.type !== 'restriction') return;
        restrictionsRead++;
        const r = parseRestriction(rel);
        if (r) restrictions.push(r);
      },
      taggedNode(id, lat, lng, tags) {
        if (!inBox(lat, lng)) return;
        const f = nodeFlags(tags);
        if (f) flaggedNodes.set(id, f);
        amenities.taggedNode(lat, lng, tags);
      },
      way(way) {
        osmWaysRead++;
        if (!touchesBox(way.refs)) return;
        amenities.way(way);
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
    },
    pbfOptions,
  );
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

  const flags = new Uint8Array(u);
  for (const [id, f] of flaggedNodes) {
    const k = lowerBound(ids, id);
    if (k < u && ids[k] === id) flags[k] = f;
  }
  const BLOCKS = NODE_BLOCKS_WALK | NODE_BLOCKS_CYCLE | NODE_BLOCKS_CAR;

  // Pass 2: coordinates of referenced nodes.
  const lat = new Float64Array(u);
  const lng = new Float64Array(u);
  const have = new Uint8Array(u);
  let osmNodesRead = 0;
  let cursor = 0;
  let lastId = -Infinity;
  const amenityNodes = amenities.wanted.size > 0;
  await readPbf(
    source(),
    {
      node(id, la, lo) {
        osmNodesRead++;
        if (amenityNodes) amenities.node(id, la, lo);
        // Files are sorted by id: walk a cursor; fall back to binary search otherwise.
        if (id < lastId) cursor = lowerBound(ids, id);
        lastId = id;
        while (cursor < u && (ids[cursor] as number) < id) cursor++;
        if (cursor < u && ids[cursor] === id && inBox(la, lo)) {
          lat[cursor] = la;
          lng[cursor] = lo;
          have[cursor] = 1;
        }
      },
    },
    { stopAfterNodes: true, ...pbfOptions },
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
  // A barrier inside one way (used once) becomes a vertex with a twin on its far side.
  const vertexOf = new Int32Array(u).fill(-1);
  const pointLat = new Growable(Int32Array);
  const pointLng = new Growable(Int32Array);
  const vertexSignal = new Growable(Uint8Array);
  const bbox = emptyBBox();
  for (let i = 0; i < u; i++) {
    const inner = (uses[i] as number) < 2;
    const barrier = inner && ((flags[i] as number) & BLOCKS) !== 0;
    if (!have[i] || (inner && !barrier)) continue;
    vertexOf[i] = pointLat.length;
    for (let copy = barrier ? 2 : 1; copy > 0; copy--) {
      pointLat.push(Math.round((lat[i] as number) * 1e7));
      pointLng.push(Math.round((lng[i] as number) * 1e7));
      vertexSignal.push((flags[i] as number) & NODE_SIGNALS ? 1 : 0);
    }
    extendBBox(bbox, lat[i] as number, lng[i] as number);
  }
  const vertexCount = pointLat.length;

  const edgeFrom = new Growable(Int32Array);
  const edgeTo = new Growable(Int32Array);
  const edgeLength = new Growable(Float32Array);
  const edgeName = new Growable(Int32Array);
  const edgeClass = new Growable(Uint8Array);
  const edgeWay = new Growable(Float64Array);
  const edgeSpeedWay = new Growable(Int32Array);
  /** Per edge: profiles it is closed to (barrier bits), and traffic signals passed inside it. */
  const edgeBlock = new Growable(Uint8Array);
  const edgeSignals = new Growable(Uint8Array);
  const shapeOffset = new Growable(Int32Array);
  const shapePoints = new Growable(Int32Array);
  const wayLength = new Float64Array(wayCount);
  for (let w = 0; w < wayCount; w++) {
    const s = refStart[w] as number;
    const e = refStart[w + 1] as number;
    let start = -1;
    let startIdx = -1;
    let len = 0;
    let prevIdx = -1;
    let signals = 0;
    let interiorStart = shapePoints.length;
    const emit = (from: number, to: number, length: number, block: number, sig: number, shapeStart: number): void => {
      shapeOffset.push(shapeStart);
      edgeFrom.push(from);
      edgeTo.push(to);
      edgeLength.push(length);
      edgeName.push(wayName.get(w));
      edgeClass.push(wayClass.get(w));
      edgeWay.push(wayIds.get(w));
      edgeSpeedWay.push(w);
      edgeBlock.push(block);
      edgeSignals.push(sig);
    };
    for (let i = s; i < e; i++) {
      const k = refIdx[i] as number;
      if (!have[k]) {
        start = -1;
        shapePoints.length = interiorStart;
        continue;
      }
      if (start < 0) {
        start = vertexOf[k] as number;
        startIdx = k;
        prevIdx = k;
        len = 0;
        signals = 0;
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
          // A barrier where this way starts or ends closes the end edge to what it stops.
          let block = 0;
          if (i === e - 1 && (uses[k] as number) >= 2) block |= (flags[k] as number) & BLOCKS;
          if (startIdx === refIdx[s] && (uses[startIdx] as number) >= 2 && i - 1 >= s)
            block |= (flags[startIdx] as number) & BLOCKS;
          emit(start, v, len, block, signals, interiorStart);
        }
        start = v;
        startIdx = k;
        len = 0;
        signals = 0;
        interiorStart = shapePoints.length;
        if ((uses[k] as number) < 2 && ((flags[k] as number) & BLOCKS) !== 0) {
          // Barrier inside the way: a zero-length edge to its twin carries the restriction.
          emit(v, v + 1, 0, (flags[k] as number) & BLOCKS, 0, shapePoints.length);
          start = v + 1;
        }
      } else {
        if ((flags[k] as number) & NODE_SIGNALS) signals++;
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

  // Climb along each edge, forwards and backwards (metres), when elevation is given.
  const climb = options.elevation ? new Float32Array(2 * edgeCount) : null;
  if (climb && options.elevation) {
    const sampler = options.elevation;
    const pt = (p: number): { lat: number; lng: number } => ({
      lat: pointLat.get(p) * 1e-7,
      lng: pointLng.get(p) * 1e-7,
    });
    for (let e = 0; e < edgeCount; e++) {
      const ids = [edgeFrom.get(e)];
      for (let i = shapeOffset.get(e); i < shapeOffset.get(e + 1); i++) ids.push(shapePoints.get(i));
      ids.push(edgeTo.get(e));
      let up = 0;
      let down = 0;
      let prev: number | null = null;
      for (const p of densify(ids.map(pt), 30)) {
        const z = sampler.elevationAt(p.lat, p.lng);
        if (z === null) continue;
        if (prev !== null) {
          if (z > prev) up += z - prev;
          else down += prev - z;
        }
        prev = z;
      }
      climb[2 * e] = up;
      climb[2 * e + 1] = down;
    }
  }

  // Per-profile half-edge costs (seconds).
  const cost: [Float32Array, Float32Array, Float32Array] = [
    new Float32Array(2 * edgeCount),
    new Float32Array(2 * edgeCount),
    new Float32Array(2 * edgeCount),
  ];
  const maxSpeed: [number, number, number] = [0, 0, 0];
  const lengths = edgeLength.view();
  for (let e = 0; e < edgeCount; e++) {
    const w = edgeSpeedWay.get(e);
    const ferrySeconds = wayFerrySeconds.get(w);
    const L = lengths[e] as number;
    const blockBits = edgeBlock.get(e);
    for (let p = 0; p < 3; p++) {
      for (let dir = 0; dir < 2; dir++) {
        let speed = waySpeed.get(w * 6 + dir * 3 + p);
        if (speed > 0 && ferrySeconds > 0) speed = (wayLength[w] as number) / ferrySeconds;
        if (speed > 0 && blockBits & (1 << p)) speed = 0;
        let seconds = speed > 0 ? L / speed : Infinity;
        if (p > 0 && speed > 0) {
          // Signals inside the edge, and at the vertex the half-edge arrives at.
          const head = (dir === 0 ? edgeTo.get(e) : edgeFrom.get(e)) as number;
          seconds += SIGNAL_DELAY_S * (edgeSignals.get(e) + vertexSignal.get(head));
        }
        if (climb && speed > 0 && ferrySeconds === 0)
          seconds += (CLIMB_SECONDS_PER_M[p] as number) * (climb[2 * e + dir] as number);
        cost[p as 0 | 1 | 2][2 * e + dir] = seconds;
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

  const turns = resolveRestrictions(
    restrictions,
    (id) => {
      const k = lowerBound(ids, id);
      return k < u && ids[k] === id && (uses[k] as number) >= 2 ? (vertexOf[k] as number) : -1;
    },
    { adjOffset, adjHalf, edgeWay: edgeWay.view() },
  );

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
    ...turns,
    names,
    bbox,
    maxSpeed,
  };
  const inComponent = componentMask(partial);
  const turnTable = new TurnTable(turns, vertexCount, adjOffset, adjHalf);
  for (let p = 1; p < 3; p++) refineWithTurns(partial, inComponent, p, turnTable);
  const grid = buildGrid(partial);
  const sidewalksNamed = nameSidewalks(partial, grid);
  const amenityIndex = amenities.finish();
  const graph: StreetGraph = { ...partial, inComponent, grid, amenities: amenityIndex };
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
      restrictionsRead,
      turnRestrictions: turns.turnVia.length,
      sidewalksNamed,
      toilets: amenityIndex.toilets.length,
      pois: amenityIndex.poiCategory.length,
    },
  };
}
