/**
 * A minimal protocol-buffers reader, enough for OSM PBF (varints, zigzag, packed fields,
 * length-delimited bytes). 64-bit integers are read into doubles, exact up to 2^53, which
 * covers OSM ids and coordinates.
 */
export class ProtoReader {
  pos: number;
  readonly end: number;

  constructor(
    readonly buf: Uint8Array,
    start = 0,
    end = buf.length,
  ) {
    this.pos = start;
    this.end = end;
  }

  /** Next field header as (field << 3 | wireType), or -1 at the end. */
  tag(): number {
    return this.pos < this.end ? this.varint() : -1;
  }

  varint(): number {
    const buf = this.buf;
    let b = buf[this.pos++] as number;
    let result = b & 0x7f;
    if (b < 0x80) return result;
    b = buf[this.pos++] as number;
    result |= (b & 0x7f) << 7;
    if (b < 0x80) return result;
    b = buf[this.pos++] as number;
    result |= (b & 0x7f) << 14;
    if (b < 0x80) return result;
    b = buf[this.pos++] as number;
    result |= (b & 0x7f) << 21;
    if (b < 0x80) return result >>> 0;
    // Beyond 28 bits: continue in floating point (exact up to 2^53).
    let value = result >>> 0;
    let factor = 2 ** 28;
    do {
      b = buf[this.pos++] as number;
      value += (b & 0x7f) * factor;
      factor *= 128;
    } while (b >= 0x80);
    return value;
  }

  /** Zigzag-decoded signed varint (sint32/sint64). */
  svarint(): number {
    const v = this.varint();
    return v % 2 === 1 ? -(v + 1) / 2 : v / 2;
  }

  /** int32/int64 that may be negative (two's complement, up to a 10-byte varint). */
  int(): number {
    const buf = this.buf;
    let lo = 0;
    let hi = 0;
    let shift = 0;
    let b: number;
    do {
      b = buf[this.pos++] as number;
      if (shift < 28) lo |= (b & 0x7f) << shift;
      else if (shift === 28) {
        lo |= (b & 0x0f) << 28;
        hi |= (b & 0x7f) >> 4;
      } else hi |= (b & 0x7f) << (shift - 32);
      shift += 7;
    } while (b >= 0x80);
    if (hi & 0x80000000) return -((~hi >>> 0) * 2 ** 32 + (~lo >>> 0) + 1);
    return (hi >>> 0) * 2 ** 32 + (lo >>> 0);
  }

  /** Length of a length-delimited field; the caller reads bytes [pos, pos + len). */
  bytes(): Uint8Array {
    const len = this.varint();
    const start = this.pos;
    this.pos += len;
    return this.buf.subarray(start, start + len);
  }

  /** Start/end of a length-delimited field, advancing past it. */
  span(): [number, number] {
    const len = this.varint();
    const start = this.pos;
    this.pos += len;
    return [start, start + len];
  }

  skip(wireType: number): void {
    switch (wireType) {
      case 0:
        while ((this.buf[this.pos++] as number) >= 0x80);
        break;
      case 1:
        this.pos += 8;
        break;
      case 2: {
        const len = this.varint();
        this.pos += len;
        break;
      }
      case 5:
        this.pos += 4;
        break;
      default:
        throw new Error(`protobuf: unsupported wire type ${wireType} at byte ${this.pos}`);
    }
  }
}

/** Calls `each` for every varint of a packed field. */
export function forPacked(buf: Uint8Array, start: number, end: number, each: (v: number) => void): void {
  const r = new ProtoReader(buf, start, end);
  while (r.pos < end) each(r.varint());
}

const utf8 = new TextDecoder('utf-8');
export function decodeUtf8(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}
