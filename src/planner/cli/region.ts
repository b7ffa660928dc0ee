/**
 * `npm run region -- build <manifest> [--downloads <dir>] [--today YYYY-MM-DD] [--json]`: a current
 * region from published sources in one command. Any source path in the manifest may be a URL
 * (Traveline Scotland's TransXChange zip, NaPTAN CSVs, the RDG CIF zip, an OSM extract, SRTM
 * tiles, council boundaries): each is downloaded (resumable, progress on stderr, SHA-256 recorded
 * in downloads.json and checked against the manifest's `checksums` when given), then the sources
 * are validated and clipped to the region's councils (`clip`), and the snapshot and the offline
 * pack (the snapshot gzipped, with its SHA-256) are written beside the validation report (JSON and
 * HTML). Local paths need no network. Errors that would make answers wrong fail the build (exit
 * 1) and leave the previous snapshot in place.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildRegionSnapshot, writeRegionSnapshotFile } from '../region/build-node';
import { loadManifest, type RegionManifest } from '../region/manifest-node';
import { validateRegion, type ValidationReport } from '../region/validate';
import { validationHtml } from '../region/validation-html';
import { parseDay } from '../timetable/gtfs-time';
import { GtfsImportError } from '../timetable/report';
import { naptanLookup } from '../uk/naptan';
import { readNaptanFiles } from '../uk/uk-node';
import { flag, parseArgs } from './args';
import { download, isUrl, readDownloadRecords, writeDownloadRecords, type DownloadRecord } from './download';

const USAGE = 'usage: npm run region -- build <manifest> [--downloads <dir>] [--today YYYY-MM-DD] [--json]';

type Manifest = RegionManifest & { checksums?: Record<string, string> };

/** Every source path of a manifest, as [get, set] pairs, so each can be downloaded or made absolute. */
function sourceSlots(m: Manifest): { value: string; set: (v: string) => void }[] {
  const slots: { value: string; set: (v: string) => void }[] = [];
  const one = <T extends object>(o: T | undefined, key: keyof T) => {
    const v = o?.[key];
    if (o && typeof v === 'string') slots.push({ value: v, set: (x) => ((o as Record<keyof T, unknown>)[key] = x) });
  };
  const list = (arr: string[] | undefined) =>
    arr?.forEach((v, i) => slots.push({ value: v, set: (x) => (arr[i] = x) }));
  for (const f of m.feeds) {
    one(f, 'gtfs');
    one(f, 'cif');
    one(f, 'routePatterns');
    if (Array.isArray(f.txc)) list(f.txc);
    else one(f, 'txc');
  }
  list(m.naptan);
  one(m, 'osm');
  list(m.elevation);
  one(m.clip, 'councilAreas');
  for (const k of ['geonames', 'admin2Councils', 'postcodes', 'healthSites', 'parkPlaces'] as const) one(m.places, k);
  one(m.map, 'councilAreas');
  one(m.map, 'railways');
  return slots;
}

export interface RegionBuildResult {
  manifest: string;
  snapshot: string | null;
  pack: { path: string; sha256: string; bytes: number; gzipBytes: number } | null;
  report: ValidationReport;
  reportPaths: { json: string; html: string };
  downloads: DownloadRecord[];
  seconds: number;
  peakRssMB: number;
}

/** The whole build; `quiet` keeps the progress bars off (tests). */
export async function buildRegion(
  manifestPath: string,
  options: { downloads?: string; today?: Date; quiet?: boolean } = {},
): Promise<RegionBuildResult> {
  const started = performance.now();
  const today = options.today ?? new Date();
  const base = dirname(resolve(manifestPath));
  const m = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
  if (!m.name || !m.snapshot) throw new Error(`${manifestPath}: a manifest needs name and snapshot`);
  const snapshotPath = resolve(base, m.snapshot);
  const downloadDir = options.downloads ?? join(dirname(snapshotPath), 'downloads', m.name);
  const records = await readDownloadRecords(downloadDir);
  const fetched: DownloadRecord[] = [];
  try {
    for (const slot of sourceSlots(m)) {
      if (!isUrl(slot.value)) {
        slot.set(resolve(base, slot.value));
        continue;
      }
      const expected = m.checksums?.[slot.value];
      const record = await download(slot.value, downloadDir, {
        ...(expected ? { expected } : {}),
        ...(records[slot.value] ? { known: records[slot.value] } : {}),
        ...(options.quiet ? { quiet: true } : {}),
      });
      records[slot.value] = record;
      fetched.push(record);
      slot.set(record.path);
    }
  } finally {
    await writeDownloadRecords(downloadDir, records);
  }
  m.snapshot = snapshotPath;
  m.costs = resolve(base, m.costs ?? m.name);
  const resolvedPath = join(downloadDir, `${m.name}.resolved.json`);
  await mkdir(downloadDir, { recursive: true });
  await writeFile(resolvedPath, `${JSON.stringify(m, null, 2)}\n`);

  const loaded = await loadManifest(resolvedPath, today);
  const snapshot = await buildRegionSnapshot(loaded, today);
  const naptan = loaded.naptanPaths.length
    ? naptanLookup((await readNaptanFiles(loaded.naptanPaths)).stops)
    : undefined;
  const report = validateRegion({
    region: m.name,
    timetable: snapshot.timetable,
    issues: snapshot.timetable.report.warnings,
    suppressed: snapshot.timetable.report.suppressed,
    ...(naptan ? { naptan } : {}),
    ...(loaded.clip ? { inRegion: loaded.clip.keep } : {}),
    sourceCounts: loaded.sourceCounts,
    today: Math.floor(today.getTime() / 86_400_000),
  });
  const reportBase = join(dirname(snapshotPath), `${m.name}.validation`);
  const reportPaths = { json: `${reportBase}.json`, html: `${reportBase}.html` };
  await mkdir(dirname(snapshotPath), { recursive: true });
  await writeFile(reportPaths.json, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(reportPaths.html, validationHtml(report));

  let pack: RegionBuildResult['pack'] = null;
  let written: string | null = null;
  if (report.summary.errors === 0) {
    await writeRegionSnapshotFile(snapshotPath, snapshot);
    written = snapshotPath;
    const bytes = await readFile(snapshotPath);
    const gzip = gzipSync(bytes, { level: 9 });
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const packPath = `${snapshotPath}.gz`;
    await writeFile(packPath, gzip);
    await writeFile(
      `${snapshotPath}.pack.json`,
      `${JSON.stringify({ region: m.name, sha256, bytes: bytes.byteLength, gzip_bytes: gzip.byteLength, built_at: snapshot.info.builtAt }, null, 2)}\n`,
    );
    pack = { path: packPath, sha256, bytes: bytes.byteLength, gzipBytes: gzip.byteLength };
  }
  return {
    manifest: resolvedPath,
    snapshot: written,
    pack,
    report,
    reportPaths,
    downloads: fetched,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
  };
}

export async function regionCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv, ['json', 'quiet']);
  const [command, manifest] = args.positional;
  if (command !== 'build' || !manifest) {
    console.error(USAGE);
    return 2;
  }
  const todayText = flag(args, 'today');
  const today = todayText ? new Date(parseDay(todayText) * 86_400_000) : new Date();
  if (Number.isNaN(today.getTime())) {
    console.error(`--today must be YYYY-MM-DD, not '${todayText}'`);
    return 2;
  }
  let result: RegionBuildResult;
  try {
    result = await buildRegion(manifest, {
      today,
      ...(flag(args, 'downloads') ? { downloads: flag(args, 'downloads')! } : {}),
      ...(flag(args, 'quiet') ? { quiet: true } : {}),
    });
  } catch (err) {
    if (err instanceof GtfsImportError || err instanceof Error) {
      console.error(`region build failed: ${err.message}`);
      return 1;
    }
    throw err;
  }
  const r = result.report;
  if (flag(args, 'json')) console.log(JSON.stringify({ ...result, report: r.summary }, null, 2));
  else {
    for (const d of result.downloads)
      console.log(
        `source ${d.url}: ${(d.bytes / 1e6).toFixed(1)} MB, sha256 ${d.sha256}${d.attempts > 1 ? `, resumed (${d.attempts} connections)` : ''}`,
      );
    for (const [feed, f] of Object.entries(r.feeds))
      console.log(
        `feed ${feed}: ${Object.entries(f)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
      );
    for (const rule of r.rules)
      console.log(
        `${rule.severity} ${rule.code}: ${rule.count}${rule.notices[0] ? ` (first: ${rule.notices[0].file}${rule.notices[0].line ? `:${rule.notices[0].line}` : ''} ${rule.notices[0].message})` : ''}`,
      );
    console.log(`validation report: ${result.reportPaths.html} (${basename(result.reportPaths.json)} beside it)`);
    console.log(
      result.snapshot
        ? `snapshot ${result.snapshot}; offline pack ${result.pack!.path} (${(result.pack!.gzipBytes / 1e6).toFixed(1)} MB, sha256 ${result.pack!.sha256})`
        : `NOT BUILT: ${r.summary.errors} errors would make answers wrong (see the report); the previous snapshot is unchanged`,
    );
    console.log(`built in ${result.seconds} s, peak RSS ${result.peakRssMB} MB`);
  }
  return result.snapshot ? 0 : 1;
}

const invoked = process.argv[1] && /cli[\\/]region\.ts$/.test(process.argv[1]);
if (invoked) process.exitCode = await regionCommand(process.argv.slice(2));
