/**
 * Binary form of a place index for the region snapshot:
 *   "DRPL" | u32 format version | u32 header length | header (UTF-8 JSON: strings
 *   and counts) | padding to 4 | typed arrays in a fixed order.
 * Little-endian. A reader refuses other versions rather than guessing.
 */
import { PLACE_INDEX_VERSION } from './build';
import type { PlaceIndexData } from './build';

const MAGIC = 0x4c505244; // "DRPL" little-endian

interface Header {
  country: PlaceIndexData['country'];
  attributions: PlaceIndexData['attributions'];
  sourceKeys: string[];
  ids: string[];
  labels: string[];
  secondary: string[];
  tokens: string[];
  postings: number;
}

type Section = Int32Array | Uint32Array | Uint8Array;

function sections(d: PlaceIndexData): Section[] {
  // 4-byte arrays first so every one stays aligned; byte arrays last.
  return [d.lat, d.lng, d.postingStart, d.postings, d.types, d.sources, d.importance, d.labelTokens];
}

export function serializePlaceIndex(d: PlaceIndexData): Uint8Array {
  const header: Header = {
    country: d.country,
    attributions: d.attributions,
    sourceKeys: d.sourceKeys,
    ids: d.ids,
    labels: d.labels,
    secondary: d.secondary,
    tokens: d.tokens,
    postings: d.postings.length,
  };
  const json = new TextEncoder().encode(JSON.stringify(header));
  const start = (12 + json.length + 3) & ~3;
  const parts = sections(d);
  const total = parts.reduce((sum, a) => sum + a.byteLength, start);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, d.version, true);
  view.setUint32(8, json.length, true);
  out.set(json, 12);
  let offset = start;
  for (const a of parts) {
    out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), offset);
    offset += a.byteLength;
  }
  return out;
}

export function deserializePlaceIndex(bytes: Uint8Array): PlaceIndexData {
  if (bytes.byteLength < 12) throw new Error('place index: too short');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC) throw new Error('place index: not a Drover place index');
  const version = view.getUint32(4, true);
  if (version !== PLACE_INDEX_VERSION)
    throw new Error(`place index: format version ${version}, this build reads ${PLACE_INDEX_VERSION}`);
  const jsonLength = view.getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + jsonLength))) as Header;
  const n = header.ids.length;
  const start = (12 + jsonLength + 3) & ~3;
  // Views over the input when 4-byte aligned (a region snapshot's section is, even in shared memory);
  // else a copy into a fresh buffer so the typed views can be made.
  const body = (bytes.byteOffset + start) % 4 === 0 ? bytes.subarray(start) : bytes.slice(start);
  let offset = 0;
  const take = <T extends Section>(
    make: (b: ArrayBuffer, o: number, l: number) => T,
    length: number,
    width: number,
  ): T => {
    if (offset + length * width > body.byteLength) throw new Error('place index: truncated or corrupt');
    const a = make(body.buffer as ArrayBuffer, body.byteOffset + offset, length);
    offset += length * width;
    return a;
  };
  const i32 = (b: ArrayBuffer, o: number, l: number): Int32Array => new Int32Array(b, o, l);
  const u32 = (b: ArrayBuffer, o: number, l: number): Uint32Array => new Uint32Array(b, o, l);
  const u8 = (b: ArrayBuffer, o: number, l: number): Uint8Array => new Uint8Array(b, o, l);
  const lat = take(i32, n, 4);
  const lng = take(i32, n, 4);
  const postingStart = take(u32, header.tokens.length + 1, 4);
  const postings = take(u32, header.postings, 4);
  const types = take(u8, n, 1);
  const sources = take(u8, n, 1);
  const importance = take(u8, n, 1);
  const labelTokens = take(u8, n, 1);
  if (offset !== body.byteLength) throw new Error('place index: truncated or corrupt');
  return {
    version,
    country: header.country,
    attributions: header.attributions,
    sourceKeys: header.sourceKeys,
    ids: header.ids,
    labels: header.labels,
    secondary: header.secondary,
    tokens: header.tokens,
    types,
    sources,
    lat,
    lng,
    importance,
    labelTokens,
    postingStart,
    postings,
  };
}
