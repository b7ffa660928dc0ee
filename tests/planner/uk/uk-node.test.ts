/**
 * TransXChange read from disk as Traveline publishes it (a zip of documents), one document at a
 * time: a damaged entry is named and skipped while the others import, and with `keep` only the
 * journeys touching the region stay (a national dataset clipped to the councils).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseDay } from '../../../src/planner/timetable/gtfs-time';
import { openTxcFeed, readNaptanFiles, txcDocuments } from '../../../src/planner/uk/uk-node';
import { SHARED_DATA } from '../transit/helpers';

const TXC = resolve(SHARED_DATA, 'north-east/txc');
const dir = mkdtempSync(join(tmpdir(), 'drover-txc-'));
const today = new Date(parseDay('2026-11-25') * 86_400_000);

function zipOf(name: string, damage: boolean): string {
  const files: Record<string, Uint8Array> = {
    'S/SVRABAO421.xml': new Uint8Array(readFileSync(join(TXC, 'SVRABAO421.xml'))),
    'S/SVRABBN017.xml': new Uint8Array(readFileSync(join(TXC, 'SVRABBN017.xml'))),
  };
  const bytes = zipSync(files);
  if (damage) {
    // The second entry's data starts after its 30-byte local header and name; damage a byte well inside it.
    const view = new DataView(bytes.buffer);
    let p = 0;
    p += 30 + view.getUint16(p + 26, true) + view.getUint16(p + 28, true) + view.getUint32(p + 18, true);
    const dataStart = p + 30 + view.getUint16(p + 26, true);
    bytes[dataStart + 200] = (bytes[dataStart + 200] as number) ^ 0x5a;
  }
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

describe('txcDocuments', () => {
  it('yields a zip entry at a time, and a damaged entry as an error naming its byte position', async () => {
    const docs = [];
    for await (const d of txcDocuments(zipOf('damaged.zip', true))) docs.push(d);
    expect(docs.map((d) => d.name)).toEqual(['damaged.zip/S/SVRABAO421.xml', 'damaged.zip/S/SVRABBN017.xml']);
    expect('text' in docs[0]! && docs[0].text.includes('<TransXChange')).toBe(true);
    expect('error' in docs[1]! && docs[1].error).toMatch(
      /entry S\/SVRABBN017\.xml at byte \d+: .*corrupt.*file skipped/,
    );
  });

  it('names a truncated archive and goes on with the next path', async () => {
    const whole = readFileSync(zipOf('whole.zip', false));
    const cut = join(dir, 'cut.zip');
    writeFileSync(cut, whole.subarray(0, whole.length - 200));
    const naptan = await readNaptanFiles([resolve(SHARED_DATA, 'north-east/naptan/aberdeenshire.csv')]);
    const { feed } = await openTxcFeed([cut, join(TXC, 'SVRABAO421.xml')], 'bus', naptan.stops, today);
    expect(feed.files).toBe(1);
    expect(feed.issues[0]).toMatchObject({ file: 'cut.zip', line: 0 });
    expect(feed.issues[0]!.message).toMatch(/cut\.zip at byte \d+: .*truncated.*archive skipped/);
  });
});

describe('openTxcFeed with a region', () => {
  it('keeps only journeys with a stop inside the region, and only the stops they use', async () => {
    const naptan = await readNaptanFiles(
      ['aberdeenshire.csv', 'aberdeen.csv'].map((f) => resolve(SHARED_DATA, 'north-east/naptan', f)),
    );
    const zip = zipOf('both.zip', false);
    const all = await openTxcFeed([zip], 'bus', naptan.stops, today);
    // West of 2.3W: Inverurie and Alford (route 421), not Aberdeen city (N17).
    const west = await openTxcFeed([zip], 'bus', naptan.stops, today, undefined, (_lat, lon) => lon < -2.3);
    const trips = (f: typeof all) => (f.feed.tables.get('trips.txt')?.length ?? 1) - 1;
    const stops = (f: typeof all) => f.feed.tables.get('stops.txt')!.slice(1);
    expect(trips(all)).toBeGreaterThan(trips(west));
    expect(west.clipped).toBe(trips(all) - trips(west));
    const services = (f: typeof all) =>
      new Set(
        f.feed.tables
          .get('trips.txt')!
          .slice(1)
          .map((r) => r[2]!.split(':')[0]),
      );
    expect([...services(all)].sort()).toEqual(['ABAO421', 'ABBN017']);
    expect([...services(west)]).toEqual(['ABAO421']);
    expect(stops(west).length).toBeLessThan(stops(all).length);
    expect(stops(west).some((s) => Number(s[4]) < -2.3)).toBe(true);
  });
});
