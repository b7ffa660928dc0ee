/** Opens the snapshot a command names (a region snapshot or a timetable-only one), or the Tayside default. */
import { fileURLToPath } from 'node:url';
import {
  decodeRegionSnapshot,
  isRegionSnapshot,
  regionSnapshotSections,
  type RegionSnapshot,
} from '../region/snapshot';
import type { Timetable } from '../timetable/model';
import { readSnapshotFile } from '../timetable/node-io';
import { decodeSnapshot } from '../timetable/snapshot';

export const DEFAULT_SNAPSHOT = fileURLToPath(new URL('../../../data/build/tayside.region.bin', import.meta.url));

export interface OpenedSnapshot {
  timetable: Timetable;
  /** The whole region when the file is a region snapshot; null for a timetable-only one. */
  region: RegionSnapshot | null;
  sections: { name: string; bytes: number }[];
}

export async function loadSnapshot(path = DEFAULT_SNAPSHOT): Promise<Timetable> {
  return (await openSnapshot(path)).timetable;
}

export async function openSnapshot(path = DEFAULT_SNAPSHOT): Promise<OpenedSnapshot> {
  let bytes: Uint8Array;
  try {
    bytes = await readSnapshotFile(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`no snapshot at ${path}: run \`npm run planner -- import data/regions/tayside.json\` first`);
    }
    throw err;
  }
  if (isRegionSnapshot(bytes)) {
    const region = decodeRegionSnapshot(bytes, path);
    return { timetable: region.timetable, region, sections: regionSnapshotSections(bytes) };
  }
  try {
    return {
      timetable: decodeSnapshot(bytes),
      region: null,
      sections: [{ name: 'timetable', bytes: bytes.byteLength }],
    };
  } catch (err) {
    throw new Error(`${path}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
