/**
 * The zip reader on disk: real archives read entry by entry exactly as fflate unpacks them whole,
 * a Zip64 archive (as national datasets over 4 GiB or 65,535 files are written), and damaged
 * archives named with the entry and byte position while the other entries still read.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { deflateSync, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { crc32, ZipError } from '../../../src/planner/common/zip';
import { ZipFile } from '../../../src/planner/common/zip-file-node';
import { SHARED_DATA } from '../transit/helpers';

const dir = mkdtempSync(join(tmpdir(), 'drover-zip-'));
const EMBER = resolve(SHARED_DATA, 'tayside/gtfs/ember-e1.zip');

/** A zip written by hand; with zip64, every size and offset goes through the Zip64 extra field and end records. */
function makeZip(files: { name: string; text: string; store?: boolean }[], zip64: boolean): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  const enc = new TextEncoder();
  for (const f of files) {
    const raw = enc.encode(f.text);
    const data = f.store ? raw : deflateSync(raw);
    const name = enc.encode(f.name);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, zip64 ? 45 : 20, true);
    local.setUint16(8, f.store ? 0 : 8, true);
    local.setUint32(14, crc32(raw), true);
    local.setUint32(18, data.length, true);
    local.setUint32(22, raw.length, true);
    local.setUint16(26, name.length, true);
    parts.push(new Uint8Array(local.buffer), name, data);
    const extra = new DataView(new ArrayBuffer(zip64 ? 28 : 0));
    if (zip64) {
      extra.setUint16(0, 1, true);
      extra.setUint16(2, 24, true);
      extra.setBigUint64(4, BigInt(raw.length), true);
      extra.setBigUint64(12, BigInt(data.length), true);
      extra.setBigUint64(20, BigInt(offset), true);
    }
    const c = new DataView(new ArrayBuffer(46));
    c.setUint32(0, 0x02014b50, true);
    c.setUint16(6, zip64 ? 45 : 20, true);
    c.setUint16(10, f.store ? 0 : 8, true);
    c.setUint32(16, crc32(raw), true);
    c.setUint32(20, zip64 ? 0xffffffff : data.length, true);
    c.setUint32(24, zip64 ? 0xffffffff : raw.length, true);
    c.setUint16(28, name.length, true);
    c.setUint16(30, extra.byteLength, true);
    c.setUint32(42, zip64 ? 0xffffffff : offset, true);
    central.push(new Uint8Array(c.buffer), name, new Uint8Array(extra.buffer));
    offset += 30 + name.length + data.length;
  }
  const dirStart = offset;
  const dirSize = central.reduce((n, p) => n + p.length, 0);
  const tail: Uint8Array[] = [];
  if (zip64) {
    const rec = new DataView(new ArrayBuffer(56));
    rec.setUint32(0, 0x06064b50, true);
    rec.setBigUint64(4, 44n, true);
    rec.setBigUint64(24, BigInt(files.length), true);
    rec.setBigUint64(32, BigInt(files.length), true);
    rec.setBigUint64(40, BigInt(dirSize), true);
    rec.setBigUint64(48, BigInt(dirStart), true);
    const loc = new DataView(new ArrayBuffer(20));
    loc.setUint32(0, 0x07064b50, true);
    loc.setBigUint64(8, BigInt(dirStart + dirSize), true);
    loc.setUint32(16, 1, true);
    tail.push(new Uint8Array(rec.buffer), new Uint8Array(loc.buffer));
  }
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, zip64 ? 0xffff : files.length, true);
  end.setUint16(10, zip64 ? 0xffff : files.length, true);
  end.setUint32(12, zip64 ? 0xffffffff : dirSize, true);
  end.setUint32(16, zip64 ? 0xffffffff : dirStart, true);
  tail.push(new Uint8Array(end.buffer));
  const all = [...parts, ...central, ...tail];
  const out = new Uint8Array(all.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of all) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const write = (name: string, bytes: Uint8Array): string => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};

describe('ZipFile', () => {
  it('reads every entry of a real GTFS zip exactly as fflate unpacks it whole', async () => {
    const whole = unzipSync(new Uint8Array(readFileSync(EMBER)));
    const zip = await ZipFile.open(EMBER);
    try {
      expect(zip.entries.map((e) => e.name).sort()).toEqual(Object.keys(whole).sort());
      for (const entry of zip.entries) {
        const pieces: Uint8Array[] = [];
        await zip.read(entry, (b) => pieces.push(b.slice()));
        expect(Buffer.concat(pieces).equals(Buffer.from(whole[entry.name]!))).toBe(true);
      }
    } finally {
      await zip.close();
    }
  });

  it('reads a Zip64 archive (64-bit sizes and offsets in the extra field, Zip64 end records)', async () => {
    const files = [
      { name: 'a/SVR1.xml', text: '<TransXChange>one</TransXChange>'.repeat(1000) },
      { name: 'a/SVR2.xml', text: 'stored entry', store: true },
    ];
    const zip = await ZipFile.open(write('zip64.zip', makeZip(files, true)));
    try {
      expect(zip.entries.map((e) => [e.name, e.size])).toEqual([
        ['a/SVR1.xml', files[0]!.text.length],
        ['a/SVR2.xml', 12],
      ]);
      expect(await zip.text(zip.entries[0]!)).toBe(files[0]!.text);
      expect(await zip.text(zip.entries[1]!)).toBe('stored entry');
    } finally {
      await zip.close();
    }
  });

  it('names a truncated archive as truncated', async () => {
    const bytes = new Uint8Array(readFileSync(EMBER));
    const path = write('cut.zip', bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    await expect(ZipFile.open(path)).rejects.toThrow(/cut\.zip at byte \d+: no end of central directory.*truncated/);
  });

  it('names a corrupt entry with its byte position, and the other entries still read', async () => {
    const files = [
      { name: 'one.txt', text: 'first file '.repeat(500) },
      { name: 'two.txt', text: 'second file '.repeat(500) },
    ];
    const bytes = makeZip(files, false);
    const second = bytes.length - 22 - 2 * (46 + 7) - 20; // inside two.txt's compressed data
    bytes[second] = (bytes[second] as number) ^ 0xff;
    const zip = await ZipFile.open(write('bad.zip', bytes));
    try {
      expect(await zip.text(zip.entries[0]!)).toBe(files[0]!.text);
      const err = await zip.text(zip.entries[1]!).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ZipError);
      expect((err as ZipError).entry).toBe('two.txt');
      expect((err as Error).message).toMatch(/bad\.zip entry two\.txt at byte \d+: .*corrupt/);
    } finally {
      await zip.close();
    }
  });
});

describe('crc32', () => {
  it('matches the published check value', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });
});
