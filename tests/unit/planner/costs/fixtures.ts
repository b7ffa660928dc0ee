/** Paths and loaders for the cost tests: real region data (data/regions/tayside) and the facts and feeds in data/. */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
export const SHARED = resolve(REPO, 'data');
export const REGION_DIR = resolve(REPO, 'data/regions/tayside');

export function regionJson(file: string): unknown {
  return JSON.parse(readFileSync(resolve(REGION_DIR, file), 'utf8')) as unknown;
}
