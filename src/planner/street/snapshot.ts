/**
 * Street graph snapshot: the graph's typed arrays back to back (8-byte aligned) behind a small
 * JSON header with the format version, counts and string table. Loading makes views onto the
 * buffer (no copy, no parsing beyond the header), so it takes milliseconds; the region
 * snapshot can embed these bytes as one section.
 *
 * Layout: "DRSTREET" | u32 format version | u32 header length | header JSON | pad to 8 | arrays.
 * Numbers are little-endian (typed arrays on every platform we target).
 */
import type { ToiletMarker } from './types';
import { emptyAmenities } from './amenities';
import type { SpatialGrid, StreetGraph } from './graph';

/** 3: toilets and POIs (amenities.ts) added. */
export const STREET_SNAPSHOT_VERSION = 3;
const MAGIC = 'DRSTREET';

type ArrayName =
  | 'pointLat'
  | 'pointLng'
  | 'edgeFrom'
  | 'edgeTo'
  | 'edgeLength'
  | 'edgeName'
  | 'edgeClass'
  | 'edgeWay'
  | 'shapeOffset'
  | 'shapePoints'
  | 'costWalk'
  | 'costCycle'
  | 'costCar'
  | 'adjOffset'
  | 'adjHalf'
  | 'inComponent'
  | 'gridKeys'
  | 'gridOffsets'
  | 'gridEdges'
  | 'turnVia'
  | 'turnFrom'
  | 'turnTo'
  | 'turnOnly'
  | 'turnProfiles'
  | 'poiLat'
  | 'poiLng'
  | 'poiCategory';

type Typed = Int32Array | Float32Array | Float64Array | Uint8Array;
const CTORS = { Int32Array, Float32Array, Float64Array, Uint8Array } as const;
type CtorName = keyof typeof CTORS;

interface Header {
  version: number;
  vertexCount: number;
  edgeCount: number;
  names: string[];
  bbox: StreetGraph['bbox'];
  maxSpeed: StreetGraph['maxSpeed'];
  grid: Omit<SpatialGrid, 'keys' | 'offsets' | 'edges'>;
  toilets: ToiletMarker[];
  arrays: { name: ArrayName; type: CtorName; length: number }[];
}

function arraysOf(g: StreetGraph): [ArrayName, Typed][] {
  const am = g.amenities ?? emptyAmenities();
  return [
    ['pointLat', g.pointLat],
    ['pointLng', g.pointLng],
    ['edgeFrom', g.edgeFrom],
    ['edgeTo', g.edgeTo],
    ['edgeLength', g.edgeLength],
    ['edgeName', g.edgeName],
    ['edgeClass', g.edgeClass],
    ['edgeWay', g.edgeWay],
    ['shapeOffset', g.shapeOffset],
    ['shapePoints', g.shapePoints],
    ['costWalk', g.cost[0]],
    ['costCycle', g.cost[1]],
    ['costCar', g.cost[2]],
    ['adjOffset', g.adjOffset],
    ['adjHalf', g.adjHalf],
    ['inComponent', g.inComponent],
    ['gridKeys', g.grid.keys],
    ['gridOffsets', g.grid.offsets],
    ['gridEdges', g.grid.edges],
    ['turnVia', g.turnVia],
    ['turnFrom', g.turnFrom],
    ['turnTo', g.turnTo],
    ['turnOnly', g.turnOnly],
    ['turnProfiles', g.turnProfiles],
    ['poiLat', am.poiLat],
    ['poiLng', am.poiLng],
    ['poiCategory', am.poiCategory],
  ];
}

const align8 = (n: number): number => (n + 7) & ~7;

export function serializeStreetGraph(g: StreetGraph): Uint8Array {
  const arrays = arraysOf(g);
  const header: Header = {
    version: STREET_SNAPSHOT_VERSION,
    vertexCount: g.vertexCount,
    edgeCount: g.edgeCount,
    names: g.names,
    bbox: g.bbox,
    maxSpeed: g.maxSpeed,
    grid: {
      cellSize: g.grid.cellSize,
      originLat: g.grid.originLat,
      originLng: g.grid.originLng,
      mPerDegLng: g.grid.mPerDegLng,
    },
    toilets: g.amenities?.toilets ?? [],
    arrays: arrays.map(([name, a]) => ({ name, type: a.constructor.name as CtorName, length: a.length })),
  };
  const json = new TextEncoder().encode(JSON.stringify(header));
  let size = align8(16 + json.length);
  for (const [, a] of arrays) size += align8(a.byteLength);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  for (let i = 0; i < MAGIC.length; i++) out[i] = MAGIC.charCodeAt(i);
  view.setUint32(8, STREET_SNAPSHOT_VERSION, true);
  view.setUint32(12, json.length, true);
  out.set(json, 16);
  let pos = align8(16 + json.length);
  for (const [, a] of arrays) {
    out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), pos);
    pos += align8(a.byteLength);
  }
  return out;
}

export function deserializeStreetGraph(bytes: Uint8Array): StreetGraph {
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1)
    throw new Error('street snapshot: big-endian platforms are not supported');
  for (let i = 0; i < MAGIC.length; i++) {
    if (bytes[i] !== MAGIC.charCodeAt(i)) throw new Error('street snapshot: not a Drover street snapshot (bad magic)');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(8, true);
  if (version !== STREET_SNAPSHOT_VERSION)
    throw new Error(
      `street snapshot: format version ${version}, this build reads ${STREET_SNAPSHOT_VERSION}; rebuild the region`,
    );
  const jsonLength = view.getUint32(12, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(16, 16 + jsonLength))) as Header;
  let pos = align8(16 + jsonLength);
  const got = new Map<ArrayName, Typed>();
  for (const { name, type, length } of header.arrays) {
    const Ctor = CTORS[type];
    const byteLength = length * Ctor.BYTES_PER_ELEMENT;
    if (pos + byteLength > bytes.length) throw new Error(`street snapshot: truncated at ${name}`);
    const start = bytes.byteOffset + pos;
    // Views when aligned (the usual case); a copy otherwise.
    const arr =
      start % Ctor.BYTES_PER_ELEMENT === 0
        ? new Ctor(bytes.buffer as ArrayBuffer, start, length)
        : new Ctor(bytes.slice(pos, pos + byteLength).buffer);
    got.set(name, arr);
    pos += align8(byteLength);
  }
  const a = <T extends Typed>(name: ArrayName): T => {
    const v = got.get(name);
    if (!v) throw new Error(`street snapshot: missing ${name}`);
    return v as T;
  };
  return {
    vertexCount: header.vertexCount,
    edgeCount: header.edgeCount,
    pointLat: a<Int32Array>('pointLat'),
    pointLng: a<Int32Array>('pointLng'),
    edgeFrom: a<Int32Array>('edgeFrom'),
    edgeTo: a<Int32Array>('edgeTo'),
    edgeLength: a<Float32Array>('edgeLength'),
    edgeName: a<Int32Array>('edgeName'),
    edgeClass: a<Uint8Array>('edgeClass'),
    edgeWay: a<Float64Array>('edgeWay'),
    shapeOffset: a<Int32Array>('shapeOffset'),
    shapePoints: a<Int32Array>('shapePoints'),
    cost: [a<Float32Array>('costWalk'), a<Float32Array>('costCycle'), a<Float32Array>('costCar')],
    adjOffset: a<Int32Array>('adjOffset'),
    adjHalf: a<Int32Array>('adjHalf'),
    inComponent: a<Uint8Array>('inComponent'),
    turnVia: a<Int32Array>('turnVia'),
    turnFrom: a<Int32Array>('turnFrom'),
    turnTo: a<Int32Array>('turnTo'),
    turnOnly: a<Uint8Array>('turnOnly'),
    turnProfiles: a<Uint8Array>('turnProfiles'),
    names: header.names,
    bbox: header.bbox,
    maxSpeed: header.maxSpeed,
    grid: {
      ...header.grid,
      keys: a<Float64Array>('gridKeys'),
      offsets: a<Int32Array>('gridOffsets'),
      edges: a<Int32Array>('gridEdges'),
    },
    amenities: {
      toilets: header.toilets,
      poiLat: a<Int32Array>('poiLat'),
      poiLng: a<Int32Array>('poiLng'),
      poiCategory: a<Uint8Array>('poiCategory'),
    },
  };
}
