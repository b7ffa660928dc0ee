/**
 * `npm run bench -- region [--json] [--runs 5]`: the region snapshot for Tayside (no streets) and
 * Porto Alegre (streets, elevation, OSM places). Per region: import time (everything
 * `planner import <manifest>` does, written to a temporary file; the repo's build is left alone), file size by section, and the median
 * of `runs` cold-file loads through loadRegionFromManifest (read, checksum, decode, Region).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildRegionSnapshot, writeRegionSnapshotFile } from '../../src/planner/region/build-node';
import { loadRegionFromManifest, REPO_ROOT, TAYSIDE_MANIFEST } from '../../src/planner/region/load-node';
import { regionSnapshotSections } from '../../src/planner/region/snapshot';

const MANIFESTS: [string, string][] = [
  ['tayside', TAYSIDE_MANIFEST],
  ['porto-alegre', join(REPO_ROOT, 'tests/regions/porto-alegre.json')],
];

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 5;
  const dir = mkdtempSync(join(tmpdir(), 'drover-bench-region-'));
  const out: Record<string, unknown>[] = [];
  for (const [name, source] of MANIFESTS) {
    const t0 = performance.now();
    const snap = await buildRegionSnapshot(source);
    const file = join(dir, `${name}.region.bin`);
    const size = await writeRegionSnapshotFile(file, snap);
    const importMs = performance.now() - t0;
    const loads: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await loadRegionFromManifest(source, { snapshot: file });
      loads.push(performance.now() - t);
    }
    loads.sort((a, b) => a - b);
    out.push({
      region: name,
      importMs: Math.round(importMs),
      bytes: size,
      loadMsMedian: Math.round(loads[loads.length >> 1] as number),
      loadMsMin: Math.round(loads[0] as number),
      sections: Object.fromEntries(regionSnapshotSections(readFileSync(file)).map((s) => [s.name, s.bytes])),
      footpaths: snap.timetable.footTo.length,
      networkFootpaths: snap.report.street?.networkFootpaths ?? 0,
      places: snap.places?.data.ids.length ?? 0,
    });
  }
  if (json) {
    console.log(
      JSON.stringify({ runs, regions: out, peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024) }, null, 2),
    );
    return;
  }
  for (const r of out) {
    const sections = Object.entries(r.sections as Record<string, number>)
      .map(([k, v]) => `${k} ${(v / 1e6).toFixed(2)}`)
      .join(', ');
    console.log(
      `${r.region as string}: import ${r.importMs as number} ms; snapshot ${((r.bytes as number) / 1e6).toFixed(1)} MB (${sections} MB); load median ${r.loadMsMedian as number} ms, min ${r.loadMsMin as number} ms over ${runs}; footpaths ${r.footpaths as number} (${r.networkFootpaths as number} over streets); places ${r.places as number}`,
    );
  }
  console.log(`peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
}
