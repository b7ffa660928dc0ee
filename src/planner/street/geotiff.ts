/**
 * GeoTIFF elevation reader (TIFF 6.0 + GeoTIFF 1.1 tags) for single-band north-up rasters in
 * geographic coordinates (WGS 84 / EPSG:4326), as SRTM-derived city DEMs usually are.
 *
 * Supported: little- and big-endian classic TIFF; strips or tiles; no compression, Deflate
 * (8, 32946) or LZW (5), with horizontal (2) or floating-point (3) predictor; 8/16/32-bit
 * unsigned or signed integers and 32/64-bit floats; chunky multi-sample pixels (first sample
 * used); GDAL_NODATA. Anything else (BigTIFF, JPEG/PackBits, projected CRS, rotation) fails
 * with a message naming what is missing.
 *
 * The Porto Alegre test raster is 413 x 403, 8-bit unsigned, uncompressed strips of 19 rows,
 * 1 arc-second pixels, PixelIsArea, WGS 84.
 */
import { unzlibSync } from 'fflate';
import { osgbToWgs84, wgs84ToOsgb } from '../geo/osgb';
import { Raster } from './elevation';

const TAG = {
  width: 256,
  height: 257,
  bitsPerSample: 258,
  compression: 259,
  samplesPerPixel: 277,
  rowsPerStrip: 278,
  stripOffsets: 273,
  stripByteCounts: 279,
  planarConfig: 284,
  predictor: 317,
  tileWidth: 322,
  tileLength: 323,
  tileOffsets: 324,
  tileByteCounts: 325,
  sampleFormat: 339,
  pixelScale: 33550,
  tiepoint: 33922,
  transformation: 34264,
  geoKeys: 34735,
  gdalNoData: 42113,
} as const;

type TagValue = number[] | string;

function fail(msg: string): never {
  throw new Error(`GeoTIFF: ${msg}`);
}

function readIfd(view: DataView, le: boolean): Map<number, TagValue> {
  const tags = new Map<number, TagValue>();
  const ifd = view.getUint32(4, le);
  const count = view.getUint16(ifd, le);
  const sizes: Record<number, number> = {
    1: 1,
    2: 1,
    3: 2,
    4: 4,
    5: 8,
    6: 1,
    7: 1,
    8: 2,
    9: 4,
    10: 8,
    11: 4,
    12: 8,
    16: 8,
    17: 8,
  };
  for (let i = 0; i < count; i++) {
    const e = ifd + 2 + i * 12;
    const tag = view.getUint16(e, le);
    const type = view.getUint16(e + 2, le);
    const n = view.getUint32(e + 4, le);
    const size = sizes[type];
    if (!size) continue;
    const off = n * size <= 4 ? e + 8 : view.getUint32(e + 8, le);
    if (type === 2) {
      let s = '';
      for (let k = 0; k < n; k++) {
        const c = view.getUint8(off + k);
        if (c === 0) break;
        s += String.fromCharCode(c);
      }
      tags.set(tag, s);
      continue;
    }
    const values: number[] = [];
    for (let k = 0; k < n; k++) {
      const p = off + k * size;
      switch (type) {
        case 1:
        case 7:
          values.push(view.getUint8(p));
          break;
        case 6:
          values.push(view.getInt8(p));
          break;
        case 3:
          values.push(view.getUint16(p, le));
          break;
        case 8:
          values.push(view.getInt16(p, le));
          break;
        case 4:
          values.push(view.getUint32(p, le));
          break;
        case 9:
          values.push(view.getInt32(p, le));
          break;
        case 5:
          values.push(view.getUint32(p, le) / view.getUint32(p + 4, le));
          break;
        case 10:
          values.push(view.getInt32(p, le) / view.getInt32(p + 4, le));
          break;
        case 11:
          values.push(view.getFloat32(p, le));
          break;
        case 12:
          values.push(view.getFloat64(p, le));
          break;
        default:
          values.push(Number(view.getBigUint64(p, le)));
      }
    }
    tags.set(tag, values);
  }
  return tags;
}

/** TIFF LZW (MSB-first codes, 9-12 bits, early change). */
export function lzwDecode(input: Uint8Array, expected: number): Uint8Array {
  const out = new Uint8Array(expected);
  let outPos = 0;
  const dictStart = new Int32Array(4096);
  const dictLen = new Int32Array(4096);
  let dictSize = 258;
  let codeLen = 9;
  let bitPos = 0;
  let prev = -1;
  const totalBits = input.length * 8;
  const readCode = (): number => {
    if (bitPos + codeLen > totalBits) return 257;
    let v = 0;
    for (let i = 0; i < codeLen; i++) {
      const bit = ((input[(bitPos + i) >> 3] as number) >> (7 - ((bitPos + i) & 7))) & 1;
      v = (v << 1) | bit;
    }
    bitPos += codeLen;
    return v;
  };
  // Output may grow beyond `expected` only in corrupt data; guard writes.
  const copy = (start: number, len: number): void => {
    for (let i = 0; i < len && outPos < expected; i++) out[outPos++] = out[start + i] as number;
  };
  for (;;) {
    const code = readCode();
    if (code === 257) break;
    if (code === 256) {
      dictSize = 258;
      codeLen = 9;
      prev = -1;
      continue;
    }
    const start = outPos;
    if (code < 256) {
      if (outPos < expected) out[outPos++] = code;
    } else if (code < dictSize) copy(dictStart[code] as number, dictLen[code] as number);
    else if (prev >= 0) {
      // KwKwK: previous string plus its first byte.
      const ps = prev < 256 ? -1 : (dictStart[prev] as number);
      if (prev < 256) {
        if (outPos < expected) out[outPos++] = prev;
        if (outPos < expected) out[outPos++] = prev;
      } else {
        const pl = dictLen[prev] as number;
        copy(ps, pl);
        if (outPos < expected) out[outPos++] = out[ps] as number;
      }
    } else fail('corrupt LZW data');
    if (prev >= 0 && dictSize < 4096) {
      const prevStart = prev < 256 ? start - 1 : start - (dictLen[prev] as number);
      dictStart[dictSize] = prevStart;
      dictLen[dictSize] = (prev < 256 ? 1 : (dictLen[prev] as number)) + 1;
      dictSize++;
    }
    if (dictSize + 1 >= 1 << codeLen && codeLen < 12) codeLen++;
    prev = code;
    if (outPos >= expected) break;
  }
  return out;
}

export function readGeoTiff(bytes: Uint8Array): Raster {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const order = view.getUint16(0, false);
  if (order !== 0x4949 && order !== 0x4d4d) fail('not a TIFF file');
  const le = order === 0x4949;
  const magic = view.getUint16(2, le);
  if (magic === 43) fail('BigTIFF is not supported; convert with gdal_translate -co BIGTIFF=NO');
  if (magic !== 42) fail(`bad TIFF magic ${magic}`);
  const tags = readIfd(view, le);
  const num = (t: number, fallback?: number): number => {
    const v = tags.get(t);
    if (Array.isArray(v) && v.length > 0) return v[0] as number;
    if (fallback === undefined) fail(`missing tag ${t}`);
    return fallback;
  };
  const arr = (t: number): number[] => {
    const v = tags.get(t);
    return Array.isArray(v) ? v : [];
  };
  const width = num(TAG.width);
  const height = num(TAG.height);
  const bits = num(TAG.bitsPerSample, 1);
  const samplesPerPixel = num(TAG.samplesPerPixel, 1);
  const compression = num(TAG.compression, 1);
  const predictor = num(TAG.predictor, 1);
  const sampleFormat = num(TAG.sampleFormat, 1);
  if (samplesPerPixel > 1 && num(TAG.planarConfig, 1) !== 1)
    fail('planar (separate) multi-band layout is not supported');
  if (![1, 5, 8, 32946].includes(compression))
    fail(`compression ${compression} is not supported (only none, LZW and Deflate)`);
  if (![1, 2, 3].includes(predictor)) fail(`predictor ${predictor} is not supported`);
  if (![8, 16, 32, 64].includes(bits) || (sampleFormat === 3 && bits < 32) || sampleFormat > 3)
    fail(`${bits}-bit samples of format ${sampleFormat} are not supported`);

  // Georeferencing: pixel scale + tie point, or an unrotated transformation matrix.
  let west: number;
  let north: number;
  let dLng: number;
  let dLat: number;
  const scale = arr(TAG.pixelScale);
  const tie = arr(TAG.tiepoint);
  const matrix = arr(TAG.transformation);
  if (scale.length >= 2 && tie.length >= 6) {
    dLng = scale[0] as number;
    dLat = scale[1] as number;
    west = (tie[3] as number) - (tie[0] as number) * dLng;
    north = (tie[4] as number) + (tie[1] as number) * dLat;
  } else if (matrix.length >= 16) {
    if (matrix[1] !== 0 || matrix[4] !== 0) fail('rotated rasters are not supported');
    dLng = matrix[0] as number;
    dLat = -(matrix[5] as number);
    west = matrix[3] as number;
    north = matrix[7] as number;
  } else fail('no georeferencing (ModelPixelScale/ModelTiepoint or ModelTransformation)');
  // GeoKeys: model type (1024) must be geographic (2); raster type (1025) area (1) or point (2).
  const keys = arr(TAG.geoKeys);
  let pixelIsArea = true;
  // British National Grid (EPSG:27700, model type 1 projected), as OS Terrain 50 is published, is read too.
  let bng = false;
  for (let i = 4; i + 3 < keys.length; i += 4) if (keys[i] === 3072 && keys[i + 3] === 27700) bng = true;
  for (let i = 4; i + 3 < keys.length; i += 4) {
    const id = keys[i] as number;
    const value = keys[i + 3] as number;
    if (id === 1024 && value !== 2 && !(value === 1 && bng))
      fail(
        `model type ${value} is not geographic or British National Grid; reproject to EPSG:4326 (gdalwarp -t_srs EPSG:4326)`,
      );
    if (id === 1025) pixelIsArea = value !== 2;
    if (id === 2048 && value !== 4326 && value !== 32767)
      fail(`geographic CRS EPSG:${value} is not supported; use WGS 84 (EPSG:4326)`);
  }
  if (!(dLng > 0 && dLat > 0)) fail('unexpected pixel scale');

  const noDataText = tags.get(TAG.gdalNoData);
  const noData = typeof noDataText === 'string' && noDataText.trim() !== '' ? Number(noDataText.trim()) : NaN;

  const tiled = tags.has(TAG.tileOffsets);
  const blockW = tiled ? num(TAG.tileWidth) : width;
  const blockH = tiled ? num(TAG.tileLength) : Math.min(num(TAG.rowsPerStrip, height), height);
  const offsets = arr(tiled ? TAG.tileOffsets : TAG.stripOffsets);
  const counts = arr(tiled ? TAG.tileByteCounts : TAG.stripByteCounts);
  const across = Math.ceil(width / blockW);
  const bytesPerSample = bits / 8;
  const pixelBytes = bytesPerSample * samplesPerPixel;
  const values = new Float32Array(width * height);

  offsets.forEach((offset, b) => {
    const bx = (b % across) * blockW;
    const by = Math.floor(b / across) * blockH;
    const rows = tiled ? blockH : Math.min(blockH, height - by);
    const expected = blockW * rows * pixelBytes;
    const raw = bytes.subarray(offset, offset + (counts[b] ?? 0));
    let block: Uint8Array;
    if (compression === 1) block = raw;
    else if (compression === 5) block = lzwDecode(raw, expected);
    else block = unzlibSync(raw);
    if (block.length < expected) fail(`block ${b} holds ${block.length} bytes, expected ${expected}`);
    if (predictor === 2)
      block = undoHorizontal(block.slice(0, expected), blockW, rows, samplesPerPixel, bytesPerSample, le);
    else if (predictor === 3)
      block = undoFloatPredictor(block.slice(0, expected), blockW, rows, samplesPerPixel, bytesPerSample, le);
    const bv = new DataView(block.buffer, block.byteOffset, block.byteLength);
    for (let r = 0; r < rows; r++) {
      const y = by + r;
      if (y >= height) break;
      for (let c = 0; c < blockW; c++) {
        const x = bx + c;
        if (x >= width) break;
        const p = (r * blockW + c) * pixelBytes;
        const v = sample(bv, p, bits, sampleFormat, predictor === 3 ? false : le);
        values[y * width + x] = v === noData || !Number.isFinite(v) ? NaN : v;
      }
    }
  });
  if (bng) return fromBritishNationalGrid(width, height, values, north, west, dLat, pixelIsArea);
  return Raster.fromCorner(width, height, values, north, west, dLat, dLng, pixelIsArea);
}

function sample(v: DataView, p: number, bits: number, format: number, le: boolean): number {
  if (format === 3) return bits === 32 ? v.getFloat32(p, le) : v.getFloat64(p, le);
  const signed = format === 2;
  switch (bits) {
    case 8:
      return signed ? v.getInt8(p) : v.getUint8(p);
    case 16:
      return signed ? v.getInt16(p, le) : v.getUint16(p, le);
    case 32:
      return signed ? v.getInt32(p, le) : v.getUint32(p, le);
    default:
      return Number(signed ? v.getBigInt64(p, le) : v.getBigUint64(p, le));
  }
}

/** Horizontal differencing (predictor 2): each sample is stored minus its left neighbour. */
function undoHorizontal(block: Uint8Array, w: number, rows: number, spp: number, bps: number, le: boolean): Uint8Array {
  const v = new DataView(block.buffer, block.byteOffset, block.byteLength);
  for (let r = 0; r < rows; r++) {
    for (let c = 1; c < w; c++) {
      for (let s = 0; s < spp; s++) {
        const p = ((r * w + c) * spp + s) * bps;
        const q = p - spp * bps;
        if (bps === 1) block[p] = ((block[p] as number) + (block[q] as number)) & 0xff;
        else if (bps === 2) v.setUint16(p, (v.getUint16(p, le) + v.getUint16(q, le)) & 0xffff, le);
        else if (bps === 4) v.setUint32(p, (v.getUint32(p, le) + v.getUint32(q, le)) >>> 0, le);
        else fail('horizontal predictor on 64-bit samples is not supported');
      }
    }
  }
  return block;
}

/**
 * Floating-point predictor (3): bytes of each row are split into planes (most significant
 * first) and byte-differenced; undo both. The result is big-endian per sample.
 */
function undoFloatPredictor(
  block: Uint8Array,
  w: number,
  rows: number,
  spp: number,
  bps: number,
  _le: boolean,
): Uint8Array {
  const rowBytes = w * spp * bps;
  const out = new Uint8Array(block.length);
  for (let r = 0; r < rows; r++) {
    const row = block.subarray(r * rowBytes, (r + 1) * rowBytes);
    for (let i = 1; i < rowBytes; i++) row[i] = ((row[i] as number) + (row[i - 1] as number)) & 0xff;
    const n = w * spp;
    for (let k = 0; k < n; k++) {
      for (let b = 0; b < bps; b++) out[r * rowBytes + k * bps + b] = row[b * n + k] as number;
    }
  }
  return out;
}

/**
 * A British National Grid raster (north, west and cell size in metres) resampled bilinearly onto a
 * WGS84 grid over the same ground at about the same spacing, so the elevation model and the region
 * snapshot keep one kind of raster.
 */
function fromBritishNationalGrid(
  width: number,
  height: number,
  values: Float32Array,
  north: number,
  west: number,
  cell: number,
  pixelIsArea: boolean,
): Raster {
  const half = pixelIsArea ? 0.5 : 0;
  const source = new Raster(width, height, values, north - half * cell, west + half * cell, cell, cell);
  const corners = [
    [west, north],
    [west + width * cell, north],
    [west, north - height * cell],
    [west + width * cell, north - height * cell],
  ].map(([e, n]) => osgbToWgs84(e as number, n as number));
  const top = Math.max(...corners.map((c) => c.lat));
  const bottom = Math.min(...corners.map((c) => c.lat));
  const left = Math.min(...corners.map((c) => c.lon));
  const right = Math.max(...corners.map((c) => c.lon));
  const dLat = cell / 111_320;
  const dLng = cell / (111_320 * Math.cos((((top + bottom) / 2) * Math.PI) / 180));
  const w = Math.max(1, Math.ceil((right - left) / dLng));
  const h = Math.max(1, Math.ceil((top - bottom) / dLat));
  const out = new Float32Array(w * h);
  for (let r = 0; r < h; r++)
    for (let c = 0; c < w; c++) {
      const { easting, northing } = wgs84ToOsgb(top - (r + 0.5) * dLat, left + (c + 0.5) * dLng);
      // The source raster's "lat/lng" axes are northing/easting here.
      out[r * w + c] = source.at(northing, easting) ?? Number.NaN;
    }
  return Raster.fromCorner(w, h, out, top, left, dLat, dLng, true);
}
