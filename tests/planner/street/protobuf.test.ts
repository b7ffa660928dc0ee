import { describe, expect, it } from 'vitest';
import { ProtoReader } from '../../../src/planner/street/protobuf';

/** Encodes a non-negative integer (< 2^53) as a varint. */
function varint(n: number): number[] {
  const out: number[] = [];
  let v = n;
  while (v >= 128) {
    out.push((v % 128) | 128);
    v = Math.floor(v / 128);
  }
  out.push(v);
  return out;
}

describe('protobuf reader', () => {
  it('reads varints beyond 32 bits exactly (OSM ids above 2^32)', () => {
    for (const n of [0, 1, 127, 128, 300, 2 ** 31, 2 ** 32 + 5, 12_345_678_901, 2 ** 52 + 3]) {
      expect(new ProtoReader(Uint8Array.from(varint(n))).varint()).toBe(n);
    }
  });

  it('decodes zigzag sint64 and negative int64', () => {
    const zigzag = (n: number): number => (n >= 0 ? 2 * n : -2 * n - 1);
    for (const n of [0, -1, 1, -64, 5_000_000_000, -5_000_000_000])
      expect(new ProtoReader(Uint8Array.from(varint(zigzag(n)))).svarint()).toBe(n);
    // int64 -5 is the 10-byte two's complement varint.
    const minusFive = [0xfb, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01];
    expect(new ProtoReader(Uint8Array.from(minusFive)).int()).toBe(-5);
    expect(new ProtoReader(Uint8Array.from(varint(1234))).int()).toBe(1234);
  });

  it('skips fields of every wire type', () => {
    // field 1 varint 150, field 2 fixed64, field 3 bytes "hi", field 4 fixed32, field 5 varint 7
    const bytes = Uint8Array.from([
      0x08, 0x96, 0x01, 0x11, 1, 2, 3, 4, 5, 6, 7, 8, 0x1a, 2, 0x68, 0x69, 0x25, 1, 2, 3, 4, 0x28, 7,
    ]);
    const r = new ProtoReader(bytes);
    const seen: number[] = [];
    for (let t = r.tag(); t !== -1; t = r.tag()) {
      seen.push(t >>> 3);
      if (t >>> 3 === 5) expect(r.varint()).toBe(7);
      else r.skip(t & 7);
    }
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });
});
