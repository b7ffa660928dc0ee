/**
 * `planner import <manifest> [--out f]`: the region snapshot (timetable, streets, places, costs);
 * `planner import --gtfs <zip|dir> [--gtfs ...] --out <snapshot>`: a timetable-only snapshot of any feeds;
 * `--txc <xml|zip|dir>` (repeatable) adds TransXChange feeds, `--naptan <csv>` (repeatable) their stops' positions;
 * `--cif <zip|dir>` (repeatable) adds a rail timetable in CIF (the RDG ttisf set).
 */
import { openCifFeed } from '../timetable/cif/cif-node';
import { buildRegionSnapshot, writeRegionSnapshotFile } from '../region/build-node';
import { buildTimetable, type FeedInput } from '../timetable/build';
import { feedNameOf, openGtfs, writeSnapshotFile } from '../timetable/node-io';
import { openTxcFeed, readNaptanFiles } from '../uk/uk-node';
import { formatReport, GtfsImportError } from '../timetable/report';
import type { Timetable } from '../timetable/model';
import { encodeSnapshot } from '../timetable/snapshot';
import { flag, parseArgs } from './args';
import { loadManifest } from '../region/manifest-node';

export async function importCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv, ['json']);
  const manifestPath = args.positional[0];
  if (manifestPath) return importRegion(manifestPath, flag(args, 'out'), flag(args, 'json') !== undefined);
  const gtfs = args.flags.get('gtfs') ?? [];
  const txc = args.flags.get('txc') ?? [];
  const cif = args.flags.get('cif') ?? [];
  const out = flag(args, 'out');
  if (gtfs.length + txc.length + cif.length === 0 || !out) {
    console.error(
      'usage: planner import <region manifest> | planner import [--gtfs <zip|dir> ...] [--txc <xml|zip|dir> ... [--naptan <csv> ...]] [--cif <zip|dir> ...] --out <snapshot>',
    );
    return 2;
  }
  const started = performance.now();
  const inputs: FeedInput[] = await Promise.all(gtfs.map(async (p) => ({ source: await openGtfs(p) })));
  // Each TransXChange path is its own feed, so files with different OperatingPeriods roll forward on their own.
  const naptan = await readNaptanFiles(args.flags.get('naptan') ?? []);
  const issues = [...naptan.issues];
  for (const p of txc) {
    const feed = await openTxcFeed([p], feedNameOf(p).replace(/\.xml$/i, ''), naptan.stops);
    inputs.push(feed.input);
    issues.push(...feed.feed.issues);
  }
  for (const p of cif) {
    const feed = await openCifFeed(p, feedNameOf(p));
    inputs.push(feed.input);
    issues.push(...feed.issues);
    const c = feed.counts;
    console.log(
      `cif ${p}: ${c.schedules} schedules (${c.cancellations} cancellations), ${feed.stations.stations.size} stations, ${c.trips} trips with ${c.calls} calls`,
    );
  }
  return reportingImportErrors(async () => {
    const tt = await buildTimetable(inputs, { issues });
    const bytes = encodeSnapshot(tt);
    await writeSnapshotFile(out, bytes);
    if (flag(args, 'json')) console.log(JSON.stringify(tt.report, null, 2));
    else console.log(formatReport(tt.report));
    printSummary(out, bytes.byteLength, tt, started);
  });
}

function printSummary(path: string, size: number, tt: Timetable, started: number): void {
  console.log(
    `snapshot ${path}: ${(size / 1e6).toFixed(1)} MB, ${tt.stopCount} stops, ${tt.patternCount} patterns, ${tt.tripCount} trips, built in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** A feed defect that stops the import is a one-line message and exit code 1. */
async function reportingImportErrors(run: () => Promise<void>): Promise<number> {
  try {
    await run();
    return 0;
  } catch (err) {
    if (err instanceof GtfsImportError) {
      console.error(`import failed: ${err.message}`);
      return 1;
    }
    throw err;
  }
}

async function importRegion(manifestPath: string, out: string | undefined, json: boolean): Promise<number> {
  const started = performance.now();
  const loaded = await loadManifest(manifestPath);
  const target = out ?? loaded.snapshotPath;
  return reportingImportErrors(async () => {
    const snap = await buildRegionSnapshot(loaded);
    const size = await writeRegionSnapshotFile(target, snap);
    if (json) console.log(JSON.stringify(snap.report, null, 2));
    else {
      console.log(formatReport(snap.report.timetable));
      const st = snap.report.street;
      console.log(
        st
          ? `streets: ${st.vertices} vertices, ${st.edges} edges in ${st.seconds} s${st.elevation.length ? ', with elevation' : ''}; ${st.networkFootpaths} footpaths over the street network`
          : 'streets: none (street legs are straight-line estimates)',
      );
      const pl = snap.report.places;
      console.log(
        pl
          ? `places: ${pl.records} (${Object.entries(pl.counts)
              .map(([k, v]) => `${k} ${v}`)
              .join(', ')}), ${pl.skipped} source rows skipped, in ${pl.seconds} s`
          : 'places: none (the manifest lists no place sources)',
      );
    }
    printSummary(target, size, snap.timetable, started);
  });
}
