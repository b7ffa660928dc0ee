/**
 * OpenStreetMap .osm.pbf decoding (https://wiki.openstreetmap.org/wiki/PBF_Format), streaming
 * blob by blob: the file is a sequence of [4-byte big-endian length][BlobHeader][Blob], each
 * Blob a zlib-compressed (or raw) OSMHeader or PrimitiveBlock. Dense and plain nodes, ways and
 * relations (members only) are decoded; tags as strings. Browser-safe: inflation by fflate.
 */
import { unzlibSync } from 'fflate';
import { ProtoReader, decodeUtf8 } from './protobuf';

export type Tags = Record<string, string>;

export interface OsmWay {
  id: number;
  refs: number[];
  tags: Tags;
}

export interface OsmRelation {
  id: number;
  tags: Tags;
  members: { type: 'node' | 'way' | 'relation'; ref: number; role: string }[];
}

export interface PbfHandlers {
  /** Every node (dense or plain), coordinates in degrees. */
  node?: (id: number, lat: number, lng: number) => void;
  /** Only nodes that carry tags (POIs, barriers, crossings). */
  taggedNode?: (id: number, lat: number, lng: number, tags: Tags) => void;
  way?: (way: OsmWay) => void;
  relation?: (relation: OsmRelation) => void;
}

/** The features this reader understands; a file requiring anything else is refused clearly. */
const SUPPORTED_FEATURES = new Set(['OsmSchema-V0.6', 'DenseNodes']);

export interface PbfBlob {
  type: string;
  data: Uint8Array;
  /** Byte offset of the blob's header in the file. */
  offset: number;
  /** Set when the blob's data could not be decompressed (then `data` is empty). */
  error?: string;
}

/**
 * Splits a byte stream (any chunking) into decompressed blobs. Only one blob is held at a time,
 * so a whole-country extract streams in bounded memory.
 */
export async function* pbfBlobs(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<PbfBlob> {
  let buf = new Uint8Array(0);
  let pos = 0;
  /** File offset of buf[0]. */
  let bufStart = 0;
  const need = async (n: number, it: AsyncIterator<Uint8Array> | Iterator<Uint8Array>): Promise<boolean> => {
    while (buf.length - pos < n) {
      const next = await it.next();
      if (next.done) return false;
      const rest = buf.subarray(pos);
      const merged = new Uint8Array(rest.length + next.value.length);
      merged.set(rest);
      merged.set(next.value, rest.length);
      bufStart += pos;
      buf = merged;
      pos = 0;
    }
    return true;
  };
  const iterator =
    Symbol.asyncIterator in chunks
      ? (chunks as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]()
      : (chunks as Iterable<Uint8Array>)[Symbol.iterator]();
  for (;;) {
    if (!(await need(4, iterator))) {
      if (buf.length - pos > 0)
        throw new Error(`OSM PBF: truncated file (partial blob length at byte ${bufStart + pos})`);
      return;
    }
    const offset = bufStart + pos;
    const headerLen =
      ((buf[pos] as number) << 24) |
      ((buf[pos + 1] as number) << 16) |
      ((buf[pos + 2] as number) << 8) |
      (buf[pos + 3] as number);
    pos += 4;
    if (headerLen <= 0 || headerLen > 64 * 1024)
      throw new Error(`OSM PBF: bad BlobHeader length ${headerLen} at byte ${offset}; is this an .osm.pbf file?`);
    if (!(await need(headerLen, iterator))) throw new Error(`OSM PBF: truncated BlobHeader at byte ${offset}`);
    let type = '';
    let dataSize = 0;
    const h = new ProtoReader(buf, pos, pos + headerLen);
    for (let t = h.tag(); t !== -1; t = h.tag()) {
      if (t === 0x0a) type = decodeUtf8(h.bytes());
      else if (t === 0x18) dataSize = h.varint();
      else h.skip(t & 7);
    }
    pos += headerLen;
    if (!(await need(dataSize, iterator))) throw new Error(`OSM PBF: truncated Blob at byte ${offset}`);
    let data: Uint8Array;
    try {
      data = decodeBlob(buf, pos, pos + dataSize);
    } catch (err) {
      // The framing is intact (the next blob starts after dataSize bytes): report this one and go on.
      pos += dataSize;
      if ((err as Error).message.includes('not supported')) throw err;
      yield { type, data: new Uint8Array(0), offset, error: (err as Error).message };
      continue;
    }
    pos += dataSize;
    yield { type, data, offset };
  }
}

function decodeBlob(buf: Uint8Array, start: number, end: number): Uint8Array {
  const r = new ProtoReader(buf, start, end);
  let rawSize = 0;
  let raw: Uint8Array | null = null;
  let zlib: Uint8Array | null = null;
  for (let t = r.tag(); t !== -1; t = r.tag()) {
    const field = t >>> 3;
    if (field === 1) raw = r.bytes().slice();
    else if (field === 2) rawSize = r.varint();
    else if (field === 3) zlib = r.bytes();
    else if (field === 4 || field === 6 || field === 7) {
      const name = field === 4 ? 'LZMA' : field === 6 ? 'LZ4' : 'ZSTD';
      throw new Error(
        `OSM PBF: ${name}-compressed blobs are not supported (only raw and zlib); re-encode with osmium cat`,
      );
    } else r.skip(t & 7);
  }
  if (raw) return raw;
  if (zlib) return unzlibSync(zlib, rawSize > 0 ? { out: new Uint8Array(rawSize) } : undefined);
  throw new Error('OSM PBF: blob without data');
}

/** Checks an OSMHeader blob's required features; returns whether the file is sorted by type then id. */
export function checkHeader(data: Uint8Array): { sorted: boolean } {
  const r = new ProtoReader(data);
  let sorted = false;
  for (let t = r.tag(); t !== -1; t = r.tag()) {
    const field = t >>> 3;
    if (field === 4) {
      const feature = decodeUtf8(r.bytes());
      if (!SUPPORTED_FEATURES.has(feature)) throw new Error(`OSM PBF: required feature "${feature}" is not supported`);
    } else if (field === 5) {
      if (decodeUtf8(r.bytes()) === 'Sort.Type_then_ID') sorted = true;
    } else r.skip(t & 7);
  }
  return { sorted };
}

/** Decodes one PrimitiveBlock, calling the handlers. Returns which element kinds it held. */
export function decodePrimitiveBlock(
  data: Uint8Array,
  handlers: PbfHandlers,
): { nodes: boolean; ways: boolean; relations: boolean } {
  const r = new ProtoReader(data);
  const strings: string[] = [];
  const groups: [number, number][] = [];
  let granularity = 100;
  let latOffset = 0;
  let lonOffset = 0;
  for (let t = r.tag(); t !== -1; t = r.tag()) {
    const field = t >>> 3;
    if (field === 1) {
      const [s, e] = r.span();
      const st = new ProtoReader(data, s, e);
      for (let u = st.tag(); u !== -1; u = st.tag()) {
        if (u >>> 3 === 1) strings.push(decodeUtf8(st.bytes()));
        else st.skip(u & 7);
      }
    } else if (field === 2) groups.push(r.span());
    else if (field === 17) granularity = r.varint();
    else if (field === 19) latOffset = r.int();
    else if (field === 20) lonOffset = r.int();
    else r.skip(t & 7);
  }
  const kinds = { nodes: false, ways: false, relations: false };
  const coord = (offset: number, value: number): number => (offset + granularity * value) * 1e-9;
  for (const [gs, ge] of groups) {
    const g = new ProtoReader(data, gs, ge);
    for (let t = g.tag(); t !== -1; t = g.tag()) {
      const field = t >>> 3;
      if (field === 1) {
        kinds.nodes = true;
        const [s, e] = g.span();
        if (handlers.node || handlers.taggedNode)
          decodeNode(data, s, e, strings, coord, latOffset, lonOffset, handlers);
      } else if (field === 2) {
        kinds.nodes = true;
        const [s, e] = g.span();
        if (handlers.node || handlers.taggedNode)
          decodeDense(data, s, e, strings, coord, latOffset, lonOffset, handlers);
      } else if (field === 3) {
        kinds.ways = true;
        const [s, e] = g.span();
        if (handlers.way) handlers.way(decodeWay(data, s, e, strings));
      } else if (field === 4) {
        kinds.relations = true;
        const [s, e] = g.span();
        if (handlers.relation) handlers.relation(decodeRelation(data, s, e, strings));
      } else g.skip(t & 7);
    }
  }
  return kinds;
}

type Coord = (offset: number, value: number) => number;

function packedTags(
  data: Uint8Array,
  keys: [number, number] | null,
  vals: [number, number] | null,
  strings: string[],
): Tags {
  const tags: Tags = {};
  if (!keys || !vals) return tags;
  const k = new ProtoReader(data, keys[0], keys[1]);
  const v = new ProtoReader(data, vals[0], vals[1]);
  while (k.pos < k.end && v.pos < v.end) tags[strings[k.varint()] ?? ''] = strings[v.varint()] ?? '';
  return tags;
}

function decodeNode(
  data: Uint8Array,
  s: number,
  e: number,
  strings: string[],
  coord: Coord,
  latOff: number,
  lonOff: number,
  h: PbfHandlers,
): void {
  const r = new ProtoReader(data, s, e);
  let id = 0;
  let lat = 0;
  let lon = 0;
  let keys: [number, number] | null = null;
  let vals: [number, number] | null = null;
  for (let t = r.tag(); t !== -1; t = r.tag()) {
    const field = t >>> 3;
    if (field === 1) id = r.svarint();
    else if (field === 2) keys = r.span();
    else if (field === 3) vals = r.span();
    else if (field === 8) lat = r.svarint();
    else if (field === 9) lon = r.svarint();
    else r.skip(t & 7);
  }
  const la = coord(latOff, lat);
  const lo = coord(lonOff, lon);
  h.node?.(id, la, lo);
  if (h.taggedNode && keys && keys[1] > keys[0]) h.taggedNode(id, la, lo, packedTags(data, keys, vals, strings));
}

function decodeDense(
  data: Uint8Array,
  s: number,
  e: number,
  strings: string[],
  coord: Coord,
  latOff: number,
  lonOff: number,
  h: PbfHandlers,
): void {
  const r = new ProtoReader(data, s, e);
  let ids: [number, number] | null = null;
  let lats: [number, number] | null = null;
  let lons: [number, number] | null = null;
  let kv: [number, number] | null = null;
  for (let t = r.tag(); t !== -1; t = r.tag()) {
    const field = t >>> 3;
    if (field === 1) ids = r.span();
    else if (field === 8) lats = r.span();
    else if (field === 9) lons = r.span();
    else if (field === 10) kv = r.span();
    else r.skip(t & 7);
  }
  if (!ids || !lats || !lons) return;
  const ri = new ProtoReader(data, ids[0], ids[1]);
  const rl = new ProtoReader(data, lats[0], lats[1]);
  const rn = new ProtoReader(data, lons[0], lons[1]);
  const rk = kv ? new ProtoReader(data, kv[0], kv[1]) : null;
  let id = 0;
  let lat = 0;
  let lon = 0;
  while (ri.pos < ri.end) {
    id += ri.svarint();
    lat += rl.svarint();
    lon += rn.svarint();
    const la = coord(latOff, lat);
    const lo = coord(lonOff, lon);
    h.node?.(id, la, lo);
    if (rk && rk.pos < rk.end) {
      // keys_vals: (key, value)* 0 per node.
      let tags: Tags | null = null;
      for (let k = rk.varint(); k !== 0; k = rk.varint()) {
        const v = rk.varint();
        if (h.taggedNode) (tags ??= {})[strings[k] ?? ''] = strings[v] ?? '';
      }
      if (tags && h.taggedNode) h.taggedNode(id, la, lo, tags);
    }
  }
}

function decodeWay(data: Uint8Array, s: number, e: number, strings: string[]): OsmWay {
  const r = new ProtoReader(data, s, e);
  let id = 0;
  let keys: [number, number] | null = null;
  let vals: [number, number] | null = null;
  const refs: number[] = [];
  for (let t = r.tag(); t !== -1; t = r.tag()) {
    const field = t >>> 3;
    if (field === 1) id = r.varint();
    else if (field === 2) keys = r.span();
    else if (field === 3) vals = r.span();
    else if (field === 8) {
      const [ps, pe] = r.span();
      const p = new ProtoReader(data, ps, pe);
      let ref = 0;
      while (p.pos < pe) refs.push((ref += p.svarint()));
    } else r.skip(t & 7);
  }
  return { id, refs, tags: packedTags(data, keys, vals, strings) };
}

const MEMBER_TYPES = ['node', 'way', 'relation'] as const;

function decodeRelation(data: Uint8Array, s: number, e: number, strings: string[]): OsmRelation {
  const r = new ProtoReader(data, s, e);
  let id = 0;
  let keys: [number, number] | null = null;
  let vals: [number, number] | null = null;
  const roles: number[] = [];
  const memids: number[] = [];
  const types: number[] = [];
  for (let t = r.tag(); t !== -1; t = r.tag()) {
    const field = t >>> 3;
    if (field === 1) id = r.varint();
    else if (field === 2) keys = r.span();
    else if (field === 3) vals = r.span();
    else if (field === 8) {
      const [ps, pe] = r.span();
      const p = new ProtoReader(data, ps, pe);
      while (p.pos < pe) roles.push(p.varint());
    } else if (field === 9) {
      const [ps, pe] = r.span();
      const p = new ProtoReader(data, ps, pe);
      let ref = 0;
      while (p.pos < pe) memids.push((ref += p.svarint()));
    } else if (field === 10) {
      const [ps, pe] = r.span();
      const p = new ProtoReader(data, ps, pe);
      while (p.pos < pe) types.push(p.varint());
    } else r.skip(t & 7);
  }
  return {
    id,
    tags: packedTags(data, keys, vals, strings),
    members: memids.map((ref, i) => ({
      type: MEMBER_TYPES[types[i] ?? 0] ?? 'node',
      ref,
      role: strings[roles[i] ?? 0] ?? '',
    })),
  };
}

/**
 * Reads a whole PBF stream, calling the handlers. `stopAfterNodes` ends early once way blocks
 * start, for a node-only second pass - only when the header declares Sort.Type_then_ID (nodes
 * first, as osmium and Geofabrik write them); otherwise the whole file is read.
 */
export async function readPbf(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  handlers: PbfHandlers,
  options: { stopAfterNodes?: boolean; onCorrupt?: (offset: number, message: string) => void } = {},
): Promise<void> {
  let sorted = false;
  for await (const blob of pbfBlobs(chunks)) {
    if (blob.error !== undefined) {
      const message = `corrupt ${blob.type} block at byte ${blob.offset} (${blob.error}); block skipped`;
      if (!options.onCorrupt || blob.type !== 'OSMData') throw new Error(`OSM PBF: ${message}`);
      options.onCorrupt(blob.offset, message);
      continue;
    }
    if (blob.type === 'OSMHeader') sorted = checkHeader(blob.data).sorted;
    else if (blob.type === 'OSMData') {
      let kinds: ReturnType<typeof decodePrimitiveBlock>;
      try {
        kinds = decodePrimitiveBlock(blob.data, handlers);
      } catch (err) {
        const message = `corrupt OSMData block at byte ${blob.offset} (${(err as Error).message}); block skipped`;
        if (!options.onCorrupt) throw new Error(`OSM PBF: ${message}`);
        options.onCorrupt(blob.offset, message);
        continue;
      }
      if (options.stopAfterNodes && sorted && !kinds.nodes && (kinds.ways || kinds.relations)) return;
    }
  }
}
