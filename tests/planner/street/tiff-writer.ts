/** A tiny GeoTIFF writer for tests: exercises the reader's compression, layout and type paths. */
import { zlibSync } from 'fflate';

export interface TiffSpec {
  width: number;
  height: number;
  values: number[];
  type: 'uint8' | 'int16' | 'float32';
  compression: 1 | 5 | 8;
  predictor?: 1 | 2;
  tile?: number;
  rowsPerStrip?: number;
  bigEndian?: boolean;
  west: number;
  north: number;
  pixel: number;
  noData?: string;
  pixelIsPoint?: boolean;
  modelType?: number;
  /** ProjectedCSTypeGeoKey (3072), e.g. 27700 for British National Grid (with modelType 1). */
  projected?: number;
}

/** TIFF LZW encoder (MSB-first, early change), as libtiff writes it. */
export function lzwEncode(data: Uint8Array): Uint8Array {
  const out: number[] = [];
  let acc = 0;
  let accBits = 0;
  let nbits = 9;
  const put = (code: number): void => {
    acc = (acc << nbits) | code;
    accBits += nbits;
    while (accBits >= 8) {
      out.push((acc >>> (accBits - 8)) & 0xff);
      accBits -= 8;
    }
    acc &= (1 << accBits) - 1;
  };
  let dict = new Map<string, number>();
  let next = 258;
  put(256);
  let w = '';
  for (const byte of data) {
    const c = String.fromCharCode(byte);
    const wc = w + c;
    if (w === '' || dict.has(wc)) {
      w = wc;
      continue;
    }
    put(w.length === 1 ? w.charCodeAt(0) : (dict.get(w) as number));
    dict.set(wc, next++);
    if (next >= 1 << nbits && nbits < 12) nbits++;
    if (next >= 4093) {
      put(256);
      dict = new Map();
      next = 258;
      nbits = 9;
    }
    w = c;
  }
  if (w !== '') {
    put(w.length === 1 ? w.charCodeAt(0) : (dict.get(w) as number));
    next++;
    if (next >= 1 << nbits && nbits < 12) nbits++;
  }
  put(257);
  if (accBits > 0) out.push((acc << (8 - accBits)) & 0xff);
  return Uint8Array.from(out);
}

export function writeTiff(spec: TiffSpec): Uint8Array {
  const le = !spec.bigEndian;
  const bps = spec.type === 'uint8' ? 1 : spec.type === 'int16' ? 2 : 4;
  const blockW = spec.tile ?? spec.width;
  const blockH = spec.tile ?? spec.rowsPerStrip ?? spec.height;
  const across = Math.ceil(spec.width / blockW);
  const down = Math.ceil(spec.height / blockH);
  const blocks: Uint8Array[] = [];
  for (let by = 0; by < down; by++) {
    for (let bx = 0; bx < across; bx++) {
      const rows = spec.tile ? blockH : Math.min(blockH, spec.height - by * blockH);
      const raw = new Uint8Array(blockW * rows * bps);
      const v = new DataView(raw.buffer);
      for (let r = 0; r < rows; r++) {
        let prev = 0;
        for (let c = 0; c < blockW; c++) {
          const x = bx * blockW + c;
          const y = by * blockH + r;
          const val = x < spec.width && y < spec.height ? (spec.values[y * spec.width + x] as number) : 0;
          let stored = val;
          if (spec.predictor === 2) {
            stored = c === 0 ? val : val - prev;
            prev = val;
          }
          const p = (r * blockW + c) * bps;
          if (spec.type === 'uint8') v.setUint8(p, stored & 0xff);
          else if (spec.type === 'int16') v.setInt16(p, ((stored + 32768) & 0xffff) - 32768, le);
          else v.setFloat32(p, stored, le);
        }
      }
      blocks.push(spec.compression === 8 ? zlibSync(raw) : spec.compression === 5 ? lzwEncode(raw) : raw);
    }
  }
  const sampleFormat = spec.type === 'float32' ? 3 : spec.type === 'int16' ? 2 : 1;
  type Entry = [tag: number, type: number, values: number[] | string];
  const entries: Entry[] = [
    [256, 3, [spec.width]],
    [257, 3, [spec.height]],
    [258, 3, [bps * 8]],
    [259, 3, [spec.compression]],
    [262, 3, [1]],
    [277, 3, [1]],
    [284, 3, [1]],
    [317, 3, [spec.predictor ?? 1]],
    [339, 3, [sampleFormat]],
    [33550, 12, [spec.pixel, spec.pixel, 0]],
    [33922, 12, [0, 0, 0, spec.west, spec.north, 0]],
    [
      34735,
      3,
      spec.projected
        ? [
            1,
            1,
            0,
            3,
            1024,
            0,
            1,
            spec.modelType ?? 1,
            1025,
            0,
            1,
            spec.pixelIsPoint ? 2 : 1,
            3072,
            0,
            1,
            spec.projected,
          ]
        : [1, 1, 0, 3, 1024, 0, 1, spec.modelType ?? 2, 1025, 0, 1, spec.pixelIsPoint ? 2 : 1, 2048, 0, 1, 4326],
    ],
  ];
  if (spec.noData !== undefined) entries.push([42113, 2, spec.noData]);
  if (spec.tile)
    entries.push(
      [322, 3, [blockW]],
      [323, 3, [blockH]],
      [324, 4, blocks.map(() => 0)],
      [325, 4, blocks.map((b) => b.length)],
    );
  else entries.push([278, 3, [blockH]], [273, 4, blocks.map(() => 0)], [279, 4, blocks.map((b) => b.length)]);
  entries.sort((a, b) => a[0] - b[0]);
  const size = (t: number): number => (t === 3 ? 2 : t === 4 ? 4 : t === 12 ? 8 : 1);
  const count = (e: Entry): number => (typeof e[2] === 'string' ? e[2].length + 1 : e[2].length);
  const ifdSize = 2 + entries.length * 12 + 4;
  let extra = 8 + ifdSize;
  const extraOffsets = entries.map((e) => {
    const bytes = count(e) * size(e[1]);
    if (bytes <= 4) return -1;
    const at = extra;
    extra += bytes + (bytes % 2);
    return at;
  });
  const dataStart = extra;
  const total = dataStart + blocks.reduce((s, b) => s + b.length, 0);
  const out = new Uint8Array(total);
  const v = new DataView(out.buffer);
  out[0] = out[1] = le ? 0x49 : 0x4d;
  v.setUint16(2, 42, le);
  v.setUint32(4, 8, le);
  // Block offsets.
  let pos = dataStart;
  const offsets = blocks.map((b) => {
    const at = pos;
    out.set(b, pos);
    pos += b.length;
    return at;
  });
  for (const e of entries) if (e[0] === 273 || e[0] === 324) e[2] = offsets;
  v.setUint16(8, entries.length, le);
  entries.forEach((e, i) => {
    const at = 10 + i * 12;
    v.setUint16(at, e[0], le);
    v.setUint16(at + 2, e[1], le);
    v.setUint32(at + 4, count(e), le);
    const base = extraOffsets[i] as number;
    const target = base < 0 ? at + 8 : base;
    if (base >= 0) v.setUint32(at + 8, base, le);
    if (typeof e[2] === 'string') {
      for (let k = 0; k < e[2].length; k++) out[target + k] = e[2].charCodeAt(k);
    } else {
      e[2].forEach((val, k) => {
        const p = target + k * size(e[1]);
        if (e[1] === 3) v.setUint16(p, val, le);
        else if (e[1] === 4) v.setUint32(p, val, le);
        else v.setFloat64(p, val, le);
      });
    }
  });
  return out;
}
