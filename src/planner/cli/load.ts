/** Opens the snapshot a command names (a region snapshot or a timetable-only one), or the Tayside default. */
import { fileURLToPath } from 'node:url';
import { decodeRegionSnapshot, isRegionSnapshot } from '../journey/region-snapshot';
import type { Timetable } from '../timetable/model';
import { readSnapshotFile } from '../timetable/node-io';
import { decodeSnapshot } from '../timetable/snapshot';

export const DEFAULT_SNAPSHOT = fileURLToPath(new URL('../../../data/build/tayside.region.bin', import.meta.url));

export async function loadSnapshot(path = DEFAULT_SNAPSHOT): Promise<Timetable> {
  let bytes: Uint8Array;
  try {
    bytes = await readSnapshotFile(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`no snapshot at ${path}: run \`npm run planner -- import data/regions/tayside.json\` first`);
    }
    throw err;
  }
  if (isRegionSnapshot(bytes)) return decodeRegionSnapshot(bytes, path).timetable;
  try {
    return decodeSnapshot(bytes);
  } catch (err) {
    throw new Error(`${path}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
