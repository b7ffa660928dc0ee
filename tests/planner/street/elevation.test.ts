import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ElevationModel, elevationRange } from '../../../src/planner/street/elevation';
import { loadElevation, loadRaster } from '../../../src/planner/street/elevation-node';
import { lzwDecode, readGeoTiff } from '../../../src/planner/street/geotiff';
import { readHgt } from '../../../src/planner/street/hgt';
import { osgbToWgs84, wgs84ToOsgb } from '../../../src/planner/geo/osgb';
import { PORTO_ALEGRE_TIF, SRTM_ZIP, requireData } from './fixtures';
import { lzwEncode, writeTiff } from './tiff-writer';

describe('SRTM .hgt (zipped, 3 arc-second, N55W003)', () => {
  it('reads the tile and gives plausible heights across East Lothian and the Borders', async () => {
    const tile = await loadRaster(requireData(SRTM_ZIP));
    expect(tile.width).toBe(1201);
    expect(tile.height).toBe(1201);
    // Belhaven Bay by Dunbar, on the coast: near sea level; the open sea off St Abb's Head: 0.
    const belhaven = tile.at(55.995, -2.545)!;
    expect(belhaven).toBeGreaterThanOrEqual(-5);
    expect(belhaven).toBeLessThan(25);
    expect(tile.at(55.9, -2.1)).toBe(0);
    // Lammer Law in the Lammermuir Hills (527 m): well up.
    expect(tile.at(55.8425, -2.7825)!).toBeGreaterThan(300);
    // Traprain Law (221 m) rises well above the plain around it.
    const traprain = tile.at(55.9636, -2.6724)!;
    expect(traprain).toBeGreaterThan(150);
    expect(traprain).toBeLessThan(240);
    // The Cheviot (815 m) is the highest ground in the tile.
    let max = -Infinity;
    for (const v of tile.values) if (!Number.isNaN(v) && v > max) max = v;
    expect(max).toBeGreaterThan(780);
    expect(max).toBeLessThan(830);
    // Outside 55-56N 3-2W: not available.
    expect(tile.at(56.05, -2.7)).toBeNull();
    expect(tile.at(55.5, -3.2)).toBeNull();
  });

  it('treats -32768 as void and reads raw .hgt bytes with the corner from the name', () => {
    const side = 3;
    const bytes = new Uint8Array(side * side * 2);
    const v = new DataView(bytes.buffer);
    [10, 20, 30, 40, -32768, 60, 70, 80, 90].forEach((x, i) => v.setInt16(i * 2, x, false));
    const r = readHgt(bytes, 'N10E020.hgt');
    expect(r.at(11, 20)).toBe(10); // north-west corner sample
    expect(r.at(10, 21)).toBe(90); // south-east corner
    expect(r.at(10.5, 20.5)).not.toBeNaN(); // the void centre is skipped in interpolation
    expect(r.at(10.75, 20.25)).toBeCloseTo((10 + 20 + 40) / 3, 5);
    expect(() => readHgt(bytes, 'tile.hgt')).toThrow(/corner/);
  });
});

describe('GeoTIFF', () => {
  it('reads the Porto Alegre raster: plausible heights inside, null outside', async () => {
    const bytes = new Uint8Array(readFileSync(requireData(PORTO_ALEGRE_TIF)));
    const r = readGeoTiff(bytes);
    expect([r.width, r.height]).toEqual([413, 403]);
    const model = new ElevationModel([r]);
    // City centre (Praça da Matriz) and the Guaíba shore.
    for (const [lat, lng] of [
      [-30.0331, -51.2302],
      [-30.0277, -51.2287],
      [-30.06, -51.17],
      [-30.1, -51.2],
    ] as const) {
      const e = model.elevationAt(lat, lng)!;
      expect(e).toBeGreaterThanOrEqual(0);
      expect(e).toBeLessThanOrEqual(300);
    }
    expect(model.elevationAt(-29.5, -51.2)).toBeNull();
    expect(model.elevationAt(55.95, -3.19)).toBeNull();
    const range = elevationRange(
      [
        { lat: -30.0331, lng: -51.2302 },
        { lat: -30.06, lng: -51.17 },
      ],
      model,
    );
    expect(range.elevationHighest).toBeGreaterThan(range.elevationLowest!);
    expect(elevationRange([{ lat: 56, lng: -3.5 }], model)).toEqual({ elevationHighest: null, elevationLowest: null });
    expect(elevationRange([{ lat: 56, lng: -3.5 }], null)).toEqual({ elevationHighest: null, elevationLowest: null });
  });

  const width = 7;
  const height = 5;
  const values = Array.from({ length: width * height }, (_, i) => 100 + (i % width) * 3 + Math.floor(i / width) * 11);
  const base = { width, height, values, west: -4, north: 57, pixel: 0.01 };

  for (const [label, spec] of [
    ['uncompressed int16 strips', { type: 'int16', compression: 1, rowsPerStrip: 2 }],
    ['deflate uint8 with predictor', { type: 'uint8', compression: 8, predictor: 2 }],
    ['deflate float32 tiles, big-endian', { type: 'float32', compression: 8, tile: 16, bigEndian: true }],
    ['LZW int16 with predictor', { type: 'int16', compression: 5, predictor: 2, rowsPerStrip: 3 }],
  ] as const) {
    it(`decodes ${label}`, () => {
      const r = readGeoTiff(writeTiff({ ...base, ...spec }));
      expect(Array.from(r.values)).toEqual(values);
      // Pixel centres: first pixel centre is half a pixel in from the corner.
      expect(r.at(57 - 0.005, -4 + 0.005)).toBeCloseTo(100, 5);
      expect(r.at(57 - 0.01, -4 + 0.01)).toBeCloseTo((100 + 103 + 111 + 114) / 4, 5);
    });
  }

  it('honours GDAL_NODATA and PixelIsPoint', () => {
    const withVoid = values.slice();
    withVoid[0] = -9999;
    const r = readGeoTiff(
      writeTiff({ ...base, values: withVoid, type: 'int16', compression: 1, noData: '-9999', pixelIsPoint: true }),
    );
    expect(Number.isNaN(r.values[0])).toBe(true);
    expect(r.at(57, -4 + 0.01)).toBeCloseTo(103, 5);
  });

  it('fails clearly on what it cannot read', () => {
    expect(() => readGeoTiff(writeTiff({ ...base, type: 'int16', compression: 1, modelType: 1 }))).toThrow(
      /not geographic/,
    );
    const bad = writeTiff({ ...base, type: 'int16', compression: 1 });
    new DataView(bad.buffer).setUint16(2, 43, true);
    expect(() => readGeoTiff(bad)).toThrow(/BigTIFF/);
    expect(() => readGeoTiff(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]))).toThrow(/not a TIFF/);
  });

  it('LZW round-trips long, repetitive data through code-width changes', () => {
    const data = new Uint8Array(20_000);
    for (let i = 0; i < data.length; i++) data[i] = (i * 7) % 13 === 0 ? 0 : (i >> 4) & 0xff;
    expect(Array.from(lzwDecode(lzwEncode(data), data.length))).toEqual(Array.from(data));
  });
});

describe('ElevationModel over several tiles', () => {
  it('answers from whichever tile covers the point', async () => {
    const model = await loadElevation([requireData(PORTO_ALEGRE_TIF), requireData(SRTM_ZIP)]);
    expect(model.elevationAt(-30.03, -51.23)).not.toBeNull();
    expect(model.elevationAt(55.96, -2.67)).not.toBeNull();
    expect(model.elevationAt(0, 0)).toBeNull();
  });
});

describe('SRTM tiles wherever one is present', () => {
  it('answers from the north-east tile as well (Bennachie, Aberdeen) and nothing where no tile is loaded', async () => {
    const model = await loadElevation([requireData(SRTM_ZIP), requireData(SRTM_ZIP.replace('N55W003', 'N57W003'))]);
    // Bennachie's tops (Oxen Craig 528 m, Mither Tap 518 m on OS maps): the highest sample on the hill.
    let top = 0;
    for (let lat = 57.27; lat <= 57.31; lat += 0.001)
      for (let lng = -2.64; lng <= -2.48; lng += 0.001) top = Math.max(top, model.elevationAt(lat, lng) ?? 0);
    expect(top).toBeGreaterThan(490);
    expect(top).toBeLessThan(540);
    expect(model.elevationAt(57.1437, -2.0987)).toBeLessThan(40);
    expect(model.elevationAt(55.96, -2.67)).not.toBeNull();
    // Dundee (56-57N): no tile loaded, so no height, and legs there stay flat.
    expect(model.elevationAt(56.46, -2.97)).toBeNull();
  });
});

describe('GeoTIFF in British National Grid (as OS Terrain 50 is published)', () => {
  it('reads a 50 m BNG grid and answers by latitude and longitude', async () => {
    // A 40 x 40 grid of 50 m cells at Dundee whose height is a plane in easting and northing.
    const west = 338_000;
    const north = 731_000;
    const height = (e: number, n: number) => (e - west) / 20 + (north - n) / 40;
    const values: number[] = [];
    for (let r = 0; r < 40; r++)
      for (let c = 0; c < 40; c++) values.push(height(west + (c + 0.5) * 50, north - (r + 0.5) * 50));
    const raster = readGeoTiff(
      writeTiff({
        width: 40,
        height: 40,
        values,
        type: 'float32',
        compression: 8,
        west,
        north,
        pixel: 50,
        projected: 27700,
      }),
    );
    for (const [e, n] of [
      [339_000, 730_000],
      [338_420, 729_630],
      [339_710, 730_880],
    ]) {
      const { lat, lon } = osgbToWgs84(e!, n!);
      expect(raster.at(lat, lon)).toBeCloseTo(height(e!, n!), 0);
    }
    expect(raster.at(56.0, -3.0)).toBeNull();
  });

  it('round-trips WGS84 and the grid to millimetres', () => {
    for (const [e, n] of [
      [339_200, 729_400],
      [651_409.903, 313_177.27],
      [200_000, 800_000],
    ]) {
      const { lat, lon } = osgbToWgs84(e!, n!);
      const back = wgs84ToOsgb(lat, lon);
      expect(Math.abs(back.easting - e!)).toBeLessThan(0.01);
      expect(Math.abs(back.northing - n!)).toBeLessThan(0.01);
    }
  });
});
