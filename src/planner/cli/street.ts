/**
 * Street network tool: build a street snapshot from OSM, or route between two points.
 *
 *   node --import tsx src/planner/cli/street.ts build --osm <file.osm.pbf> --out <file.street> [--elevation <tif|hgt>]... [--json]
 *   node --import tsx src/planner/cli/street.ts route (--osm <pbf> | --snapshot <file.street>)
 *        --from "lat,lng" --to "lat,lng" [--mode walk|cycle|car] [--elevation <tif|hgt|hgt.zip>]... [--json]
 */
import { performance } from 'node:perf_hooks';
import type { ElevationSampler } from '../street/elevation';
import { loadElevation } from '../street/elevation-node';
import type { StreetGraph } from '../street/graph';
import { buildStreetGraphFromFile } from '../street/osm-node';
import { PROFILES, type Profile } from '../street/profiles';
import { readStreetSnapshot, writeStreetSnapshot } from '../street/snapshot-node';
import { StreetPlanner } from '../street/street';
import { flag, parseArgs } from './args';

function latLng(text: string | undefined, name: string): { lat: number; lng: number } {
  const m = text ? /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text) : null;
  if (!m) throw new Error(`--${name} must be "lat,lng"`);
  return { lat: Number(m[1]), lng: Number(m[2]) };
}

async function main(argv: string[]): Promise<void> {
  const args = parseArgs(argv, ['json']);
  const [command] = args.positional;
  const json = flag(args, 'json') === 'true';
  if (command === 'build') {
    const osm = flag(args, 'osm');
    const out = flag(args, 'out');
    if (!osm || !out) throw new Error('build needs --osm <file.osm.pbf> --out <file>');
    const elevationFiles = args.flags.get('elevation') ?? [];
    const t0 = performance.now();
    const elevation = elevationFiles.length > 0 ? await loadElevation(elevationFiles) : null;
    const { graph, stats } = await buildStreetGraphFromFile(osm, { elevation });
    const importMs = Math.round(performance.now() - t0);
    const bytes = await writeStreetSnapshot(out, graph);
    const result = { ...stats, importMs, snapshotBytes: bytes, out };
    console.log(
      json
        ? JSON.stringify(result, null, 2)
        : Object.entries(result)
            .map(([k, v]) => `${k}: ${v}`)
            .join('\n'),
    );
    return;
  }
  if (command === 'route') {
    const snapshot = flag(args, 'snapshot');
    const osm = flag(args, 'osm');
    let graph: StreetGraph | null = null;
    if (snapshot) graph = await readStreetSnapshot(snapshot);
    else if (osm) graph = (await buildStreetGraphFromFile(osm)).graph;
    const elevationFiles = args.flags.get('elevation') ?? [];
    const elevation: ElevationSampler | null = elevationFiles.length > 0 ? await loadElevation(elevationFiles) : null;
    const mode = (flag(args, 'mode') ?? 'walk') as Profile;
    if (!PROFILES.includes(mode)) throw new Error(`--mode must be one of ${PROFILES.join(', ')}`);
    const planner = new StreetPlanner(graph, { elevation });
    const t0 = performance.now();
    const route = planner.route(latLng(flag(args, 'from'), 'from'), latLng(flag(args, 'to'), 'to'), mode);
    const ms = performance.now() - t0;
    if (!route) {
      console.log(
        json
          ? JSON.stringify({ route: null, reason: `no ${mode} route between these points` })
          : `no ${mode} route between these points (both are on the street network, but this mode cannot make the trip)`,
      );
      return;
    }
    if (json) {
      console.log(JSON.stringify({ ...route, points: undefined, ms: +ms.toFixed(2) }, null, 2));
      return;
    }
    console.log(
      `${mode}: ${route.distance} m, ${Math.round(route.duration / 60)} min${route.estimated ? ' (estimated: no street network here)' : ''}; elevation ${route.elevationLowest ?? 'n/a'}-${route.elevationHighest ?? 'n/a'} m; ${ms.toFixed(1)} ms`,
    );
    for (const d of route.directions)
      console.log(`  ${d.html_instructions}${d.distance.text ? ` (${d.distance.text})` : ''}`);
    return;
  }
  throw new Error(
    'usage: street.ts build --osm <pbf> --out <file> | route (--osm <pbf> | --snapshot <file>) --from lat,lng --to lat,lng [--mode walk|cycle|car]',
  );
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
