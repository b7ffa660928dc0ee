/** Opens the snapshot a command names, or the Tayside default. */
import { fileURLToPath } from 'node:url';
import type { Timetable } from '../timetable/model';
import { readSnapshotFile } from '../timetable/node-io';
import { decodeSnapshot } from '../timetable/snapshot';

export const DEFAULT_SNAPSHOT = fileURLToPath(new URL('../../../data/build/tayside.timetable.bin', import.meta.url));

export async function loadSnapshot(path = DEFAULT_SNAPSHOT): Promise<Timetable> {
  try {
    return decodeSnapshot(await readSnapshotFile(path));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`no snapshot at ${path}: run \`npm run planner -- import data/regions/tayside.json\` first`);
    }
    throw err;
  }
}
