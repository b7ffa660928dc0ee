/** `planner import <manifest>` or `planner import --gtfs <zip|dir> [--gtfs ...] --out <snapshot>`. */
import { buildTimetable, type FeedInput } from '../timetable/build';
import { openGtfs, writeSnapshotFile } from '../timetable/node-io';
import { formatReport, GtfsImportError } from '../timetable/report';
import { encodeSnapshot } from '../timetable/snapshot';
import { flag, parseArgs } from './args';
import { loadManifest } from './manifest';

export async function importCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv, ['json']);
  let inputs: FeedInput[];
  let out: string;
  let options = {};
  const manifestPath = args.positional[0];
  if (manifestPath) {
    const loaded = await loadManifest(manifestPath);
    inputs = loaded.inputs;
    out = flag(args, 'out') ?? loaded.snapshotPath;
    options = loaded.options;
  } else {
    const gtfs = args.flags.get('gtfs') ?? [];
    const target = flag(args, 'out');
    if (gtfs.length === 0 || !target) {
      console.error('usage: planner import <region manifest> | planner import --gtfs <zip|dir> [--gtfs ...] --out <snapshot>');
      return 2;
    }
    inputs = await Promise.all(gtfs.map(async (p) => ({ source: await openGtfs(p) })));
    out = target;
  }
  const started = performance.now();
  try {
    const tt = await buildTimetable(inputs, options);
    const bytes = encodeSnapshot(tt);
    await writeSnapshotFile(out, bytes);
    if (flag(args, 'json')) console.log(JSON.stringify(tt.report, null, 2));
    else console.log(formatReport(tt.report));
    console.log(`snapshot ${out}: ${(bytes.byteLength / 1e6).toFixed(1)} MB, ${tt.stopCount} stops, ${tt.patternCount} patterns, ${tt.tripCount} trips, built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  } catch (err) {
    if (err instanceof GtfsImportError) {
      console.error(`import failed: ${err.message}`);
      return 1;
    }
    throw err;
  }
}
