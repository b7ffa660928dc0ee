/** Region manifests (data/regions/<region>.json): which feeds make a region's timetable, with what options. */
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { BuildOptions, FeedInput } from '../timetable/build';
import { parseDay } from '../timetable/gtfs-time';
import { openGtfs } from '../timetable/node-io';

export interface RegionManifest {
  name: string;
  /** Paths are relative to the manifest file. */
  snapshot: string;
  feeds: {
    name: string;
    gtfs: string;
    /** Map an expired feed's calendar onto [start + startOffsetDays, + days) by weekday. start: "today" or YYYY-MM-DD. */
    rollForward?: { start: string; startOffsetDays?: number; days: number };
  }[];
  footpaths?: BuildOptions['footpaths'];
}

export interface LoadedManifest {
  manifest: RegionManifest;
  snapshotPath: string;
  inputs: FeedInput[];
  options: BuildOptions;
}

export async function loadManifest(path: string, today = new Date()): Promise<LoadedManifest> {
  const manifest = JSON.parse(await readFile(path, 'utf8')) as RegionManifest;
  if (!manifest.name || !manifest.snapshot || !Array.isArray(manifest.feeds) || manifest.feeds.length === 0) {
    throw new Error(`${path}: a manifest needs name, snapshot and at least one feed`);
  }
  const base = dirname(resolve(path));
  const inputs: FeedInput[] = [];
  for (const f of manifest.feeds) {
    const input: FeedInput = { source: await openGtfs(resolve(base, f.gtfs), f.name) };
    if (f.rollForward) {
      const start = f.rollForward.start === 'today' ? Math.floor(today.getTime() / 86_400_000) : parseDay(f.rollForward.start);
      if (Number.isNaN(start)) throw new Error(`${path}: feed ${f.name}: rollForward.start must be "today" or YYYY-MM-DD`);
      const first = start + (f.rollForward.startOffsetDays ?? 0);
      input.rollForward = { first, last: first + f.rollForward.days - 1 };
    }
    inputs.push(input);
  }
  return { manifest, snapshotPath: resolve(base, manifest.snapshot), inputs, options: manifest.footpaths ? { footpaths: manifest.footpaths } : {} };
}
