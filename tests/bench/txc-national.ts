/**
 * `npm run bench -- txc-national [--copies 1000] [--json]`: TransXChange at national size, for
 * speed and memory only. Builds (once, in the temp folder) a zip like Traveline's national
 * dataset by repeating the two real Traveline Scotland files under new service codes, then imports
 * it in a fresh process, streamed a document at a time, clipped to a region, and prints the time
 * and that process's peak RSS. Regions: Tayside (no journey kept: the cost of reading the whole
 * dataset) and Aberdeen city (the N17 copies kept); --regions tayside runs one. --copies 7000 makes
 * about 2 GB of XML.
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, renameSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Zip, ZipDeflate } from 'fflate';
import { REPO_ROOT } from '../../src/planner/region/load-node';
import { openTxcFeed, readNaptanFiles } from '../../src/planner/uk/uk-node';

const TXC = join(REPO_ROOT, 'data/north-east/txc');
const NAPTAN = ['aberdeen.csv', 'aberdeenshire.csv'].map((f) => join(REPO_ROOT, 'data/north-east/naptan', f));
const REGIONS: Record<string, (lat: number, lon: number) => boolean> = {
  tayside: (lat, lon) => lat > 56.1 && lat < 56.95 && lon > -4.5 && lon < -2.5,
  'aberdeen-city': (lat, lon) => lat > 57.1 && lat < 57.2 && lon > -2.25 && lon < -2.0,
};

async function buildZip(copies: number): Promise<{ path: string; xmlBytes: number }> {
  const path = join(tmpdir(), `drover-txc-national-${copies}.zip`);
  const sources = ['SVRABAO421.xml', 'SVRABBN017.xml'].map((f) => readFileSync(join(TXC, f), 'utf8'));
  const xmlBytes = copies * sources.reduce((n, s) => n + Buffer.byteLength(s), 0);
  if (existsSync(path)) return { path, xmlBytes };
  const tmp = `${path}.${process.pid}.tmp`;
  const out = createWriteStream(tmp);
  const done = new Promise<void>((ok, fail) => out.on('finish', ok).on('error', fail));
  const zip = new Zip((err, chunk, final) => {
    if (err) throw err;
    out.write(chunk);
    if (final) out.end();
  });
  const enc = new TextEncoder();
  for (let k = 0; k < copies; k++) {
    for (const [i, text] of sources.entries()) {
      const code = i === 0 ? 'ABAO421' : 'ABBN017';
      const file = new ZipDeflate(`S/SVR${code}x${k}.xml`, { level: 6 });
      zip.add(file);
      file.push(enc.encode(text.replaceAll(`>${code}<`, `>${code}x${k}<`)), true);
    }
    // Let the stream drain so memory stays flat while writing.
    if (out.writableLength > 64 << 20) await new Promise<void>((ok) => out.once('drain', () => ok()));
  }
  zip.end();
  await done;
  renameSync(tmp, path);
  return { path, xmlBytes };
}

async function measure(zip: string, region: string): Promise<void> {
  const t0 = performance.now();
  const naptan = await readNaptanFiles(NAPTAN);
  const { feed, clipped } = await openTxcFeed([zip], 'national', naptan.stops, new Date(), undefined, REGIONS[region]);
  console.log(
    JSON.stringify({
      region,
      seconds: Math.round((performance.now() - t0) / 100) / 10,
      files: feed.files,
      tripsKept: (feed.tables.get('trips.txt')?.length ?? 1) - 1,
      stopTimesKept: (feed.tables.get('stop_times.txt')?.length ?? 1) - 1,
      journeysClipped: clipped,
      issues: feed.issues.length,
      peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  );
}

export async function run(args: string[]): Promise<void> {
  if (args[0] === '--measure') return measure(args[1] as string, args[2] as string);
  const copies = args.includes('--copies') ? Number(args[args.indexOf('--copies') + 1]) : 1000;
  const t0 = performance.now();
  const { path, xmlBytes } = await buildZip(copies);
  const built = Math.round((performance.now() - t0) / 100) / 10;
  const only = args.includes('--regions') ? (args[args.indexOf('--regions') + 1] as string).split(',') : null;
  const results = Object.keys(REGIONS)
    .filter((r) => !only || only.includes(r))
    .map((region) => {
      const child = spawnSync(
        process.execPath,
        ['--import', 'tsx', join(REPO_ROOT, 'tests/bench/index.ts'), 'txc-national', '--measure', path, region],
        { encoding: 'utf8', maxBuffer: 1 << 24 },
      );
      if (child.status !== 0) throw new Error(child.stderr);
      return JSON.parse(child.stdout.trim().split('\n').pop() as string) as Record<string, number | string>;
    });
  const summary = {
    copies,
    files: copies * 2,
    xmlMB: Math.round(xmlBytes / 1e6),
    zipMB: Math.round(statSync(path).size / 1e6),
    zipBuiltSeconds: built,
    results,
  };
  if (args.includes('--json')) return console.log(JSON.stringify(summary, null, 2));
  console.log(
    `national-size TransXChange: ${summary.files} files, ${summary.xmlMB} MB of XML in a ${summary.zipMB} MB zip (built in ${built} s)`,
  );
  for (const r of results)
    console.log(
      `  clipped to ${r.region}: ${r.seconds} s, peak RSS ${r.peakRssMB} MB; kept ${r.tripsKept} trips (${r.stopTimesKept} stop times), ${r.journeysClipped} journeys outside the region`,
    );
}
