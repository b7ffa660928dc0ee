/** The real Tayside place index, built once per test file. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PlaceIndex } from '../../../src/planner/places/place-index';
import { buildTaysideIndex } from '../../../src/planner/places/sources-node';
import type { RegionPlaces } from '../../../src/planner/places/region';
import type { BiasBox } from '../../../src/planner/places/types';

let cached: { index: PlaceIndex; region: RegionPlaces } | undefined;

export function tayside(): { index: PlaceIndex; region: RegionPlaces } {
  cached ??= buildTaysideIndex();
  return cached;
}

const repo = join(import.meta.dirname, '../../..');

/** A brand's autocomplete bias box as its brand file (or the defaults) says. */
export function brandBias(brand: 'council' | 'default'): BiasBox {
  const path = brand === 'default' ? join(repo, 'brands/default.json') : join(repo, `brands/${brand}/brand.json`);
  const json = JSON.parse(readFileSync(path, 'utf8')) as { region: { autocompleteBias: BiasBox } };
  return json.region.autocompleteBias;
}

export const repoPath = (rel: string): string => join(repo, rel);
