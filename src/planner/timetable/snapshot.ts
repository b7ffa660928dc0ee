/**
 * Binary snapshot of a Timetable: written by the import, loaded at server start
 * (or in a browser worker). Layout: magic "DRVRTT01", format version (u32),
 * header length (u32), a JSON header (scalars, small objects, the import report,
 * and a table of sections), then each typed array or string list as a section
 * aligned to 8 bytes. Typed arrays load as views on the file's bytes, without copying.
 */
import type { Timetable } from './model';

export const SNAPSHOT_FORMAT_VERSION = 1;
const MAGIC = 'DRVRTT01';

type ArrayKind = 'i32' | 'u32' | 'u16' | 'u8' | 'f32' | 'f64' | 'strings';
interface Section {
  key: string;
  kind: ArrayKind;
  offset: number;
  bytes: number;
  /** Items in a string list (an empty blob may hold one empty string or none). */
  count: number;
}

const CTORS = {
  i32: Int32Array,
  u32: Uint32Array,
  u16: Uint16Array,
  u8: Uint8Array,
  f32: Float32Array,
  f64: Float64Array,
} as const;

function kindOf(value: unknown): ArrayKind | undefined {
  if (value instanceof Int32Array) return 'i32';
  if (value instanceof Uint32Array) return 'u32';
  if (value instanceof Uint16Array) return 'u16';
  if (value instanceof Uint8Array) return 'u8';
  if (value instanceof Float32Array) return 'f32';
  if (value instanceof Float64Array) return 'f64';
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return 'strings';
  return undefined;
}

const align8 = (n: number) => (n + 7) & ~7;

export function encodeSnapshot(tt: Timetable): Uint8Array {
  const encoder = new TextEncoder();
  const meta: Record<string, unknown> = {};
  const payloads: { key: string; kind: ArrayKind; bytes: Uint8Array; count: number }[] = [];
  for (const [key, value] of Object.entries(tt)) {
    const kind = key === 'extras' || key === 'feeds' || key === 'agencies' ? undefined : kindOf(value);
    if (!kind) {
      meta[key] = value;
    } else if (kind === 'strings') {
      // Ids and names never contain NUL, so it separates the list's items.
      payloads.push({
        key,
        kind,
        bytes: encoder.encode((value as string[]).join('\0')),
        count: (value as string[]).length,
      });
    } else {
      const arr = value as Uint8Array;
      payloads.push({
        key,
        kind,
        bytes: new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength),
        count: arr.length,
      });
    }
  }
  const sections: Section[] = [];
  let offset = 0;
  for (const p of payloads) {
    sections.push({ key: p.key, kind: p.kind, offset, bytes: p.bytes.byteLength, count: p.count });
    offset = align8(offset + p.bytes.byteLength);
  }
  const header = encoder.encode(JSON.stringify({ meta, sections }));
  const dataStart = align8(16 + header.byteLength);
  const out = new Uint8Array(dataStart + offset);
  out.set(encoder.encode(MAGIC), 0);
  const view = new DataView(out.buffer);
  view.setUint32(8, SNAPSHOT_FORMAT_VERSION, true);
  view.setUint32(12, header.byteLength, true);
  out.set(header, 16);
  payloads.forEach((p, i) => out.set(p.bytes, dataStart + (sections[i] as Section).offset));
  return out;
}

export function decodeSnapshot(input: Uint8Array): Timetable {
  // Typed-array views need aligned offsets: copy once if the bytes sit at an odd place.
  const bytes = input.byteOffset % 8 === 0 ? input : input.slice();
  const decoder = new TextDecoder();
  if (bytes.byteLength < 16 || decoder.decode(bytes.subarray(0, 8)) !== MAGIC)
    throw new Error('not a Drover timetable snapshot');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(8, true);
  if (version !== SNAPSHOT_FORMAT_VERSION) {
    throw new Error(
      `snapshot format ${version} is not the supported format ${SNAPSHOT_FORMAT_VERSION}; re-run the import`,
    );
  }
  const headerLength = view.getUint32(12, true);
  const header = JSON.parse(decoder.decode(bytes.subarray(16, 16 + headerLength))) as {
    meta: Record<string, unknown>;
    sections: Section[];
  };
  const dataStart = align8(16 + headerLength);
  const out: Record<string, unknown> = { ...header.meta };
  for (const s of header.sections) {
    const start = bytes.byteOffset + dataStart + s.offset;
    if (s.kind === 'strings') {
      out[s.key] =
        s.count === 0
          ? []
          : decoder.decode(bytes.subarray(dataStart + s.offset, dataStart + s.offset + s.bytes)).split('\0');
    } else {
      const ctor = CTORS[s.kind];
      out[s.key] = new ctor(bytes.buffer as ArrayBuffer, start, s.bytes / ctor.BYTES_PER_ELEMENT);
    }
  }
  return out as unknown as Timetable;
}
