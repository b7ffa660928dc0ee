/**
 * The region snapshot on real data: Porto Alegre (streets, elevation, OSM places, two feeds) and
 * Tayside (no streets; places from the Tayside files; cost files) survive encode/decode unchanged;
 * damaged, truncated and older files are refused with the file named; a manifest whose snapshot
 * was never built, or is older than its sources, still loads (built in memory), and loads from the
 * file once it is current.
 */
import { mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { haversine } from '../../../src/planner/geo/geo';
import { loadRegionCostData } from '../../../src/planner/costs/region-data-node';
import {
  buildRegionSnapshot,
  readRegionSnapshotFile,
  readRegionSnapshotPlaces,
  writeRegionSnapshotFile,
} from '../../../src/planner/region/build-node';
import {
  loadPlacesFromManifest,
  loadRegionFromManifest,
  REPO_ROOT,
  TAYSIDE_MANIFEST,
} from '../../../src/planner/region/load-node';
import {
  crc32,
  decodeRegionSnapshot,
  encodeRegionSnapshot,
  REGION_SNAPSHOT_VERSION,
  regionFromSnapshot,
  type RegionSnapshot,
} from '../../../src/planner/region/snapshot';
import { ElevationModel } from '../../../src/planner/street/elevation';
import type { StreetGraph } from '../../../src/planner/street/graph';
import { buildFootpaths, FOOT_SOURCE, walkSeconds } from '../../../src/planner/timetable/footpaths';
import type { Timetable } from '../../../src/planner/timetable/model';

const PORTO_ALEGRE_MANIFEST = join(REPO_ROOT, 'tests/regions/porto-alegre.json');

/** Every field of a timetable or street graph, typed arrays compared element by element. */
function expectSameRecord(a: object, b: object): void {
  expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
  for (const [key, value] of Object.entries(a)) {
    const other = (b as Record<string, unknown>)[key];
    if (ArrayBuffer.isView(value)) {
      expect(other, key).toBeInstanceOf(value.constructor);
      const x = value as unknown as ArrayLike<number>;
      const y = other as ArrayLike<number>;
      expect(y.length, key).toBe(x.length);
      for (let i = 0; i < x.length; i++)
        if (!Object.is(x[i], y[i])) expect(`${key}[${i}] = ${y[i]}`).toBe(`${key}[${i}] = ${x[i]}`);
    } else if (key === 'grid' || key === 'cost') {
      expectSameRecord(value as object, other as object);
    } else {
      expect(other, key).toEqual(value);
    }
  }
}

describe('Porto Alegre region snapshot (streets, elevation, OSM places)', () => {
  let built: RegionSnapshot;
  let bytes: Uint8Array;
  let decoded: RegionSnapshot;
  beforeAll(async () => {
    built = await buildRegionSnapshot(PORTO_ALEGRE_MANIFEST);
    bytes = encodeRegionSnapshot(built);
    decoded = decodeRegionSnapshot(bytes, 'porto-alegre.region.bin');
  }, 120_000);

  it('round-trips the timetable, street graph, elevation, places, costs and fare tables', () => {
    expectSameRecord(built.timetable, decoded.timetable);
    expect(built.street).not.toBeNull();
    expectSameRecord(built.street as StreetGraph, decoded.street as StreetGraph);
    expect(decoded.elevation.length).toBe(built.elevation.length);
    expect(decoded.elevation.length).toBeGreaterThan(0);
    expectSameRecord(built.places!.data, decoded.places!.data);
    expect(decoded.costs).toEqual(built.costs);
    expect(decoded.fareTables).toEqual(built.fareTables);
    expect(decoded.info).toEqual(built.info);
    expect(decoded.report).toEqual(built.report);
    expect(decoded.info.currency).toBe('BRL');
  });

  it('samples the same elevation and answers the same place and street queries after decoding', () => {
    const before = new ElevationModel(built.elevation);
    const after = new ElevationModel(decoded.elevation);
    const box = built.street!.bbox;
    let known = 0;
    for (let i = 0; i < 200; i++) {
      const lat = box.minLat + ((box.maxLat - box.minLat) * i) / 199;
      const lng = box.minLng + ((box.maxLng - box.minLng) * ((i * 37) % 200)) / 199;
      expect(after.elevationAt(lat, lng)).toBe(before.elevationAt(lat, lng));
      if (before.elevationAt(lat, lng) !== null) known++;
    }
    expect(known).toBeGreaterThan(100);
    const region = regionFromSnapshot(decoded);
    expect(region.places!.search('avenida ipiranga')[0]).toMatchObject({ label: 'Avenida Ipiranga', type: 'street' });
    const a = { lat: -30.0277, lng: -51.2287 };
    const b = { lat: -30.0346, lng: -51.2177 };
    const route = region.street.route(a, b, 'walk')!;
    expect(route.estimated).toBe(false);
    expect(route).toEqual(regionFromSnapshot(built).street.route(a, b, 'walk'));
    expect(route.elevationHighest).not.toBeNull();
  });

  it('takes footpaths between stops on the street network from walking times over it', () => {
    const tt: Timetable = decoded.timetable;
    const street = regionFromSnapshot(decoded).street;
    let network = 0;
    let checked = 0;
    const onStreets = Array.from(
      { length: tt.stopCount },
      (_, s) => street.snap({ lat: tt.stopLat[s]!, lng: tt.stopLon[s]! }, 'walk') !== null,
    );
    for (let s = 0; s < tt.stopCount; s++) {
      for (let e = tt.footStart[s]!; e < tt.footStart[s + 1]!; e++) {
        const t = tt.footTo[e]!;
        const from = { lat: tt.stopLat[s]!, lng: tt.stopLon[s]! };
        const to = { lat: tt.stopLat[t]!, lng: tt.stopLon[t]! };
        // Between two stops on the network nothing is a straight-line estimate.
        if (onStreets[s] && onStreets[t]) expect(tt.footSource[e], `${tt.stopIds[s]} -> ${tt.stopIds[t]}`).not.toBe(0);
        if (tt.footSource[e] !== 2) continue;
        network++;
        // Every 25th: the walk over the network, searched afresh from the stop.
        if (network % 25 !== 0) continue;
        checked++;
        const reach = street.reach(from, [to], 'walk', 3600);
        expect(reach.estimated).toBe(false);
        expect(tt.footDuration[e]).toBe(Math.ceil(reach.duration[0]!));
      }
    }
    expect(network).toBe(built.report.street!.networkFootpaths);
    expect(network).toBeGreaterThan(10_000);
    expect(checked).toBeGreaterThan(400);
  });

  it('refuses damaged, truncated, older and foreign files, naming the file', () => {
    const label = '/data/build/porto-alegre.region.bin';
    const damaged = bytes.slice();
    damaged[damaged.length - 1000] = (damaged[damaged.length - 1000]! + 1) & 0xff;
    expect(() => decodeRegionSnapshot(damaged, label)).toThrow(/porto-alegre\.region\.bin: section \w+ is damaged/);
    expect(() => decodeRegionSnapshot(bytes.subarray(0, bytes.length - 5000), label)).toThrow(
      /porto-alegre\.region\.bin: truncated/,
    );
    expect(() => decodeRegionSnapshot(bytes.subarray(0, 12), label)).toThrow(
      /porto-alegre\.region\.bin: truncated header/,
    );
    const older = bytes.slice();
    new DataView(older.buffer).setUint32(8, REGION_SNAPSHOT_VERSION + 1, true);
    expect(() => decodeRegionSnapshot(older, label)).toThrow(
      new RegExp(
        `porto-alegre\\.region\\.bin: format version ${REGION_SNAPSHOT_VERSION + 1}, this build reads version ${REGION_SNAPSHOT_VERSION}`,
      ),
    );
    expect(() => decodeRegionSnapshot(new TextEncoder().encode('stop_id,stop_name\n1,a'), label)).toThrow(
      /porto-alegre\.region\.bin: not a Drover region snapshot/,
    );
    expect(() => decodeRegionSnapshot(new Uint8Array(0), label)).toThrow(/not a Drover region snapshot/);
  });

  it('loads through loadRegionFromManifest, whose errors name the snapshot file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drover-snap-'));
    const file = join(dir, 'pa.region.bin');
    await writeRegionSnapshotFile(file, built);
    const region = await loadRegionFromManifest(PORTO_ALEGRE_MANIFEST, { snapshot: file });
    expect(region.street.graph?.edgeCount).toBe(built.street!.edgeCount);
    expect(region.places?.data.ids.length).toBe(built.places!.data.ids.length);
    expect(region.currency).toBe('BRL');
    writeFileSync(file, bytes.subarray(0, bytes.length >> 1));
    await expect(loadRegionFromManifest(PORTO_ALEGRE_MANIFEST, { snapshot: file })).rejects.toThrow(
      `${file}: truncated`,
    );
  });
});

describe('checksum', () => {
  it('is the standard CRC-32 (zip, PNG) at every length', () => {
    const enc = new TextEncoder();
    expect(crc32(enc.encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
    const text = 'The quick brown fox jumps over the lazy dog';
    expect(crc32(enc.encode(text))).toBe(0x414fa339);
    // Lengths around the 8-byte step agree with a byte-at-a-time CRC.
    const slow = (b: Uint8Array) => {
      let c = -1;
      for (const x of b) {
        c ^= x;
        for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      }
      return (c ^ -1) >>> 0;
    };
    for (let n = 1; n <= 40; n++) {
      const b = enc.encode(text.repeat(2).slice(0, n));
      expect(crc32(b), `length ${n}`).toBe(slow(b));
    }
  });
});

describe('footpath sources', () => {
  it('keeps transfers.txt first, network walks between stops on the streets, estimates for the rest', () => {
    // Three stops 100 m apart along a meridian; stop 2 is off the street network.
    const lat = Float64Array.from([56.46, 56.46 + 100 / 111_195, 56.46 + 200 / 111_195]);
    const lon = Float64Array.from([-2.97, -2.97, -2.97]);
    const used = Uint8Array.from([1, 1, 1]);
    const network = {
      from: Int32Array.from([0, 1]),
      to: Int32Array.from([1, 0]),
      duration: [140.2, 150],
      snapped: Uint8Array.from([1, 1, 0]),
    };
    const listed = [{ from: 1, to: 0, minTime: 60, type: 2 }];
    const o = { maxDistance: 400, detourFactor: 1.3, walkSpeed: 1.3 };
    const fp = buildFootpaths(lat, lon, used, new Uint16Array(3), new Set(), listed, o, network);
    const edges = new Map<string, [number, number]>();
    for (let s = 0; s < 3; s++)
      for (let e = fp.start[s]!; e < fp.start[s + 1]!; e++)
        edges.set(`${s}-${fp.to[e]}`, [fp.duration[e]!, fp.source[e]!]);
    expect(edges.get('0-1')).toEqual([141, FOOT_SOURCE.network]);
    expect(edges.get('1-0')).toEqual([60, FOOT_SOURCE.transfers]);
    expect(edges.get('0-2')).toEqual([
      walkSeconds(haversine(lat[0]!, lon[0]!, lat[2]!, lon[2]!), o),
      FOOT_SOURCE.generated,
    ]);
    expect(edges.get('2-1')?.[1]).toBe(FOOT_SOURCE.generated);
    // Without a network the same pair is an estimate.
    const plain = buildFootpaths(lat, lon, used, new Uint16Array(3), new Set(), [], o);
    expect(plain.source.every((x) => x === FOOT_SOURCE.generated)).toBe(true);
  });
});

describe('Tayside region snapshot (no streets)', () => {
  let built: RegionSnapshot;
  beforeAll(async () => {
    built = await buildRegionSnapshot(TAYSIDE_MANIFEST);
  }, 120_000);

  it('imports the manifest: no street section, places from the Tayside files, the cost files', async () => {
    const decoded = decodeRegionSnapshot(encodeRegionSnapshot(built), 'tayside.region.bin');
    expect(decoded.street).toBeNull();
    expect(decoded.elevation).toEqual([]);
    expect(decoded.costs).toEqual(await loadRegionCostData(join(REPO_ROOT, 'data/regions/tayside')));
    expectSameRecord(built.timetable, decoded.timetable);
    expect(decoded.timetable.feeds.find((f) => f.name === 'rail')?.sourceFirstDay).toBeDefined();
    // Without a street graph every generated footpath is a straight-line estimate.
    expect([...decoded.timetable.footSource].every((s) => s !== 2)).toBe(true);
    const region = regionFromSnapshot(decoded);
    expect(region.places!.search('dundee station')[0]).toMatchObject({ type: 'station' });
    expect(region.places!.search('DD1 4HN')[0]).toMatchObject({ label: 'DD1 4HN' });
    expect(region.places!.attributions.map((a) => a.key)).toEqual(
      expect.arrayContaining(['geonames', 'gtfs-rail', 'gtfs-ember']),
    );
    expect(region.street.graph).toBeNull();
    expect(region.fareIndexes.size).toBeGreaterThan(0);
  });

  it('builds in memory when the snapshot was never built, and reads the file once it exists', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drover-snap-'));
    const file = join(dir, 'never-built.region.bin');
    const fresh = await loadRegionFromManifest(TAYSIDE_MANIFEST, { snapshot: file });
    expect(fresh.places).not.toBeNull();
    expect(fresh.timetable.stopIds).toEqual(built.timetable.stopIds);
    await writeRegionSnapshotFile(file, built);
    const snap = await readRegionSnapshotFile(file);
    expect(snap.info.builtAt).toBe(built.info.builtAt);
    const loaded = await loadRegionFromManifest(TAYSIDE_MANIFEST, { snapshot: file });
    expect(loaded.timetable.report.importedAt).toBe(built.timetable.report.importedAt);
    expect(loaded.places?.data.ids).toEqual(built.places!.data.ids);
    // Older than the manifest's files (e.g. after a cost file was edited): built afresh instead.
    utimesSync(file, new Date('2020-01-01'), new Date('2020-01-01'));
    const rebuilt = await loadRegionFromManifest(TAYSIDE_MANIFEST, { snapshot: file });
    expect(rebuilt.timetable.report.importedAt).not.toBe(built.timetable.report.importedAt);
    expect(rebuilt.timetable.tripIds).toEqual(built.timetable.tripIds);
  });

  it('reads only the places section for place search, builds the places without a current snapshot, and names a damaged file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drover-snap-'));
    const file = join(dir, 'places.region.bin');
    const built1 = await loadPlacesFromManifest(TAYSIDE_MANIFEST, { snapshot: file });
    expect(built1).toMatchObject({ name: 'tayside', from: 'built' });
    expect(built1.places!.data.ids).toEqual(built.places!.data.ids);
    await writeRegionSnapshotFile(file, built);
    const read = await loadPlacesFromManifest(TAYSIDE_MANIFEST, { snapshot: file });
    expect(read.from).toBe(file);
    expectSameRecord(built.places!.data, read.places!.data);
    expect(read.places!.search('DD1 4HN')).toEqual(built.places!.search('DD1 4HN'));
    // No places section: null, not an error.
    const bare = join(dir, 'bare.region.bin');
    await writeRegionSnapshotFile(bare, { ...built, places: null });
    expect(await readRegionSnapshotPlaces(bare)).toBeNull();
    // The places section is the last: damage or cut it and the file is named.
    const bytes = readFileSync(file);
    const damaged = join(dir, 'damaged.region.bin');
    const copy = Uint8Array.from(bytes);
    copy[copy.length - 100] = (copy[copy.length - 100]! + 1) & 0xff;
    writeFileSync(damaged, copy);
    await expect(readRegionSnapshotPlaces(damaged)).rejects.toThrow(
      `${damaged}: section places is damaged (checksum mismatch)`,
    );
    writeFileSync(damaged, bytes.subarray(0, bytes.length - 100));
    await expect(readRegionSnapshotPlaces(damaged)).rejects.toThrow(
      new RegExp(`${damaged}: truncated \\(section places has \\d+ of its \\d+ bytes\\)`),
    );
    writeFileSync(damaged, bytes.subarray(0, 12));
    await expect(readRegionSnapshotPlaces(damaged)).rejects.toThrow(`${damaged}: truncated header`);
    await expect(readRegionSnapshotPlaces(join(dir, 'none.region.bin'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
