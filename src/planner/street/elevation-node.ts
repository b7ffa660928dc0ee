/** Node-only: load elevation files (GeoTIFF, SRTM .hgt or zipped .hgt) into an ElevationModel. */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { ElevationModel, type Raster } from './elevation';
import { readGeoTiff } from './geotiff';
import { readHgt } from './hgt';

export async function loadRaster(path: string): Promise<Raster> {
  const bytes = new Uint8Array(await readFile(path));
  if (/\.tiff?$/i.test(path)) return readGeoTiff(bytes);
  if (/\.hgt(\.zip)?$/i.test(path)) return readHgt(bytes, basename(path));
  throw new Error(`elevation: unknown file type ${path} (expected .tif, .hgt or .hgt.zip)`);
}

export async function loadElevation(paths: readonly string[]): Promise<ElevationModel> {
  return new ElevationModel(await Promise.all(paths.map(loadRaster)));
}
