/** Test data paths (data/ in the repository) and a per-worker cache of built graphs. */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StreetGraph } from '../../../src/planner/street/graph';
import { buildStreetGraphFromFile } from '../../../src/planner/street/osm-node';
import type { BuildStats } from '../../../src/planner/street/build';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const DATA = resolve(REPO, 'data');
export const PORTO_ALEGRE_PBF = resolve(DATA, 'test/porto-alegre/streets.osm.pbf');
export const PORTO_ALEGRE_TIF = resolve(DATA, 'test/porto-alegre/elevation.tif');
export const LONDON_PBF = resolve(DATA, 'test/osm/london-moorgate.osm.pbf');
export const COBB_PBF = resolve(DATA, 'test/flex/cobb-county.osm.pbf');
export const SRTM_ZIP = resolve(DATA, 'test/elevation/srtm3-N55W003.hgt.zip');

export function requireData(path: string): string {
  if (!existsSync(path)) throw new Error(`test data missing: ${path} (expected in the repository's data/)`);
  return path;
}

const cache = new Map<string, Promise<{ graph: StreetGraph; stats: BuildStats }>>();
export function graphOf(path: string): Promise<{ graph: StreetGraph; stats: BuildStats }> {
  let g = cache.get(path);
  if (!g) {
    g = buildStreetGraphFromFile(requireData(path));
    cache.set(path, g);
  }
  return g;
}

/** Deterministic pseudo-random numbers (LCG), so failures reproduce. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
