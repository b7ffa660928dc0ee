/**
 * SRTM .hgt tiles: a square grid of big-endian int16 metres, rows north to south, named after the
 * south-west corner (N55W003 covers 55-56N, 3-2W). 1201 x 1201 samples for 3 arc-seconds,
 * 3601 x 3601 for 1 arc-second; samples sit on exact grid points (edges shared with neighbours);
 * -32768 is void. Accepts the raw .hgt or a zip holding one (as distributed).
 */
import { unzipSync } from 'fflate';
import { Raster } from './elevation';

const VOID = -32768;

/** South-west corner from a name like "N55W003.hgt" or "srtm3-N55W003.hgt.zip". */
export function hgtCorner(name: string): { lat: number; lng: number } {
  const m = /([NS])(\d{1,2})([EW])(\d{1,3})/i.exec(name);
  if (!m) throw new Error(`SRTM: cannot tell the tile's corner from the name "${name}" (expected e.g. N55W003.hgt)`);
  const lat = Number(m[2]) * ((m[1] as string).toUpperCase() === 'S' ? -1 : 1);
  const lng = Number(m[4]) * ((m[3] as string).toUpperCase() === 'W' ? -1 : 1);
  return { lat, lng };
}

export function readHgt(bytes: Uint8Array, name: string): Raster {
  let data = bytes;
  let tileName = name;
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const files = unzipSync(bytes, { filter: (f) => /\.hgt$/i.test(f.name) });
    const entry = Object.entries(files)[0];
    if (!entry) throw new Error(`SRTM: no .hgt file inside the zip "${name}"`);
    tileName = entry[0];
    data = entry[1];
  }
  const samples = data.length / 2;
  const side = Math.round(Math.sqrt(samples));
  if (side * side !== samples || side < 2)
    throw new Error(`SRTM: ${tileName} has ${data.length} bytes, not a square grid of int16`);
  let corner: { lat: number; lng: number };
  try {
    corner = hgtCorner(tileName);
  } catch {
    corner = hgtCorner(name);
  }
  const values = new Float32Array(samples);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let i = 0; i < samples; i++) {
    const v = view.getInt16(i * 2, false);
    values[i] = v === VOID ? NaN : v;
  }
  const step = 1 / (side - 1);
  return Raster.fromCorner(side, side, values, corner.lat + 1, corner.lng, step, step, false);
}
