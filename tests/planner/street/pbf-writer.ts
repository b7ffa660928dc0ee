/** A tiny OSM PBF writer for tests: dense nodes, ways and relations in zlib blobs. */
import { zlibSync } from 'fflate';

class Writer {
  bytes: number[] = [];
  varint(n: number): this {
    let v = n;
    while (v >= 128) {
      this.bytes.push((v % 128) | 128);
      v = Math.floor(v / 128);
    }
    this.bytes.push(v);
    return this;
  }
  tag(field: number, wire: number): this {
    return this.varint(field * 8 + wire);
  }
  uint(field: number, n: number): this {
    return this.tag(field, 0).varint(n);
  }
  bytesField(field: number, data: ArrayLike<number>): this {
    this.tag(field, 2).varint(data.length);
    for (let i = 0; i < data.length; i++) this.bytes.push(data[i] as number);
    return this;
  }
  string(field: number, s: string): this {
    return this.bytesField(field, new TextEncoder().encode(s));
  }
  packed(field: number, values: number[], zigzag = false): this {
    const w = new Writer();
    for (const v of values) w.varint(zigzag ? (v >= 0 ? 2 * v : -2 * v - 1) : v);
    return this.bytesField(field, w.bytes);
  }
}

const delta = (xs: number[]): number[] => xs.map((x, i) => x - (i > 0 ? (xs[i - 1] as number) : 0));

export interface PbfNode {
  id: number;
  lat: number;
  lng: number;
  tags?: Record<string, string>;
}
export interface PbfWay {
  id: number;
  refs: number[];
  tags: Record<string, string>;
}
export interface PbfRelation {
  id: number;
  tags: Record<string, string>;
  members: { type: 0 | 1 | 2; ref: number; role: string }[];
}

function blob(type: string, payload: number[]): number[] {
  const data = Uint8Array.from(payload);
  const b = new Writer().uint(2, data.length).bytesField(3, zlibSync(data));
  const header = new Writer().string(1, type).uint(3, b.bytes.length);
  const len = header.bytes.length;
  return [(len >>> 24) & 255, (len >>> 16) & 255, (len >>> 8) & 255, len & 255, ...header.bytes, ...b.bytes];
}

function block(strings: string[], group: Writer): number[] {
  const st = new Writer();
  for (const s of strings) st.string(1, s);
  return new Writer().bytesField(1, st.bytes).bytesField(2, group.bytes).bytes;
}

/** Encodes an .osm.pbf; `sorted: false` writes ways before nodes and leaves out Sort.Type_then_ID. */
export function writePbf(nodes: PbfNode[], ways: PbfWay[], relations: PbfRelation[] = [], sorted = true): Uint8Array {
  const header = new Writer().string(4, 'OsmSchema-V0.6').string(4, 'DenseNodes');
  if (sorted) header.string(5, 'Sort.Type_then_ID');
  const strings = [''];
  const sid = (s: string): number => {
    let i = strings.indexOf(s);
    if (i < 0) {
      i = strings.length;
      strings.push(s);
    }
    return i;
  };
  const kv: number[] = [];
  for (const n of nodes) {
    for (const [k, v] of Object.entries(n.tags ?? {})) kv.push(sid(k), sid(v));
    kv.push(0);
  }
  const dense = new Writer()
    .packed(1, delta(nodes.map((n) => n.id)), true)
    .packed(8, delta(nodes.map((n) => Math.round(n.lat * 1e7))), true)
    .packed(9, delta(nodes.map((n) => Math.round(n.lng * 1e7))), true)
    .packed(10, kv);
  const nodeBlock = block(strings.slice(), new Writer().bytesField(2, dense.bytes));
  const wayGroup = new Writer();
  for (const w of ways) {
    const way = new Writer()
      .uint(1, w.id)
      .packed(2, Object.keys(w.tags).map(sid))
      .packed(3, Object.values(w.tags).map(sid))
      .packed(8, delta(w.refs), true);
    wayGroup.bytesField(3, way.bytes);
  }
  for (const r of relations) {
    const rel = new Writer()
      .uint(1, r.id)
      .packed(2, Object.keys(r.tags).map(sid))
      .packed(3, Object.values(r.tags).map(sid))
      .packed(
        8,
        r.members.map((m) => sid(m.role)),
      )
      .packed(9, delta(r.members.map((m) => m.ref)), true)
      .packed(
        10,
        r.members.map((m) => m.type),
      );
    wayGroup.bytesField(4, rel.bytes);
  }
  const wayBlock = block(strings, wayGroup);
  const parts = [
    blob('OSMHeader', header.bytes),
    ...(sorted
      ? [blob('OSMData', nodeBlock), blob('OSMData', wayBlock)]
      : [blob('OSMData', wayBlock), blob('OSMData', nodeBlock)]),
  ];
  return Uint8Array.from(parts.flat());
}
