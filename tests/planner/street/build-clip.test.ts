/**
 * Reading an OSM extract for a region: with a box (the councils plus a margin) only the ways that
 * reach into it are kept, cut at its edge; a corrupt data block is named with its byte offset and
 * skipped while the other blocks still build.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildStreetGraph } from '../../../src/planner/street/build';
import { pointOf } from '../../../src/planner/street/graph';
import { SHARED_DATA } from '../transit/helpers';

const PORTO = new Uint8Array(readFileSync(resolve(SHARED_DATA, 'test/porto-alegre/streets.osm.pbf')));
// Two node blocks, then ways, then relations.
const COBB = new Uint8Array(readFileSync(resolve(SHARED_DATA, 'test/flex/cobb-county.osm.pbf')));
const chunks = (bytes: Uint8Array) => () => [bytes];

/** Byte offsets of each blob (4-byte length, BlobHeader, Blob) and where its data starts and ends. */
function blobs(bytes: Uint8Array): { offset: number; dataStart: number; dataEnd: number }[] {
  const out = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let p = 0; p < bytes.length;) {
    const headerLen = view.getUint32(p);
    // datasize is the BlobHeader's field 3 (varint), the last field in practice.
    let q = p + 4;
    let size = 0;
    for (const end = p + 4 + headerLen; q < end;) {
      const tag = bytes[q++]!;
      if (tag === 0x18) {
        let shift = 0;
        for (let b = 0x80; b & 0x80; shift += 7) size += ((b = bytes[q++]!) & 0x7f) * 2 ** shift;
      } else if ((tag & 7) === 2) {
        const len = bytes[q++]!;
        q += len;
      } else throw new Error('unexpected BlobHeader field');
    }
    out.push({ offset: p, dataStart: p + 4 + headerLen, dataEnd: p + 4 + headerLen + size });
    p += 4 + headerLen + size;
  }
  return out;
}

describe('buildStreetGraph on part of an extract', () => {
  it('keeps only ways reaching into the box, cut at its edge', async () => {
    const whole = await buildStreetGraph(chunks(PORTO));
    const box: [number, number, number, number] = [-51.24, -30.06, -51.2, -30.02];
    const part = await buildStreetGraph(chunks(PORTO), { box });
    expect(part.stats.waysKept).toBeLessThan(whole.stats.waysKept / 2);
    expect(part.stats.waysKept).toBeGreaterThan(100);
    const g = part.graph;
    for (let v = 0; v < g.vertexCount; v++) {
      const { lat, lng } = pointOf(g, v);
      expect(lng >= box[0] && lng <= box[2] && lat >= box[1] && lat <= box[3]).toBe(true);
    }
  }, 60_000);

  it('names a corrupt block by byte offset, skips it and builds from the rest', async () => {
    const bytes = COBB.slice();
    // The second node block.
    const bad = blobs(bytes)[2]!;
    for (let i = bad.dataStart + 20; i < bad.dataStart + 60; i++) bytes[i] = bytes[i]! ^ 0x55;
    await expect(buildStreetGraph(chunks(bytes))).rejects.toThrow(`corrupt OSMData block at byte ${bad.offset}`);
    const seen: string[] = [];
    const built = await buildStreetGraph(chunks(bytes), { onCorrupt: (_o, m) => seen.push(m) });
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen[0]).toMatch(new RegExp(`^corrupt OSMData block at byte ${bad.offset} .*; block skipped$`));
    const whole = await buildStreetGraph(chunks(COBB));
    expect(built.stats.edges).toBeGreaterThan(0);
    expect(built.stats.nodesMissing).toBeGreaterThan(whole.stats.nodesMissing);
  }, 60_000);
});
