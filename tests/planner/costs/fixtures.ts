/** Paths and loaders for the cost tests: real region data (data/regions/tayside) and the facts and feeds in data/. */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { localDateTime, parseIsoDateTime, type LocalDateTime } from '../../../src/planner/common/local-time';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const SHARED = resolve(REPO, 'data');
export const REGION_DIR = resolve(REPO, 'data/regions/tayside');

export function regionJson(file: string): unknown {
  return JSON.parse(readFileSync(resolve(REGION_DIR, file), 'utf8')) as unknown;
}

/** A departure as the modes pass it to costs (service date and seconds), from ISO text like 2026-03-10T08:00. */
export function at(iso: string): LocalDateTime {
  const wall = parseIsoDateTime(iso);
  return localDateTime(wall.date, wall.time);
}
