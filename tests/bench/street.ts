/**
 * `npm run bench -- street [--json] [--pairs N] [--pbf path]`: street module figures on Porto Alegre.
 * OSM import time, snapshot size/load time, p50/p95 point-to-point routes per profile over random
 * pairs (search only, and the full route: snapping, A*, geometry, directions, elevation), one-to-many
 * walk within 15 minutes to every EPTC bus stop, peak RSS. Times are wall clock, with the process's
 * CPU time beside them: on a shared 2-core machine the wall-clock tail mostly measures other load.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import type { LatLng } from '../../src/planner/geo/geo';
import { loadElevation } from '../../src/planner/street/elevation-node';
import { pointOf } from '../../src/planner/street/graph';
import { buildStreetGraphFromFile } from '../../src/planner/street/osm-node';
import { PROFILES } from '../../src/planner/street/profiles';
import { deserializeStreetGraph, serializeStreetGraph } from '../../src/planner/street/snapshot';
import { StreetPlanner } from '../../src/planner/street/street';
import { pct, seeded } from './lib/figures';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DATA = resolve(REPO, 'data/test/porto-alegre');

function stopsOf(zipPath: string): LatLng[] {
  const files = unzipSync(new Uint8Array(readFileSync(zipPath)), { filter: (f) => f.name === 'stops.txt' });
  const text = new TextDecoder().decode(files['stops.txt']);
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const head = (lines[0] as string)
    .replace(/^\uFEFF/, '')
    .split(',')
    .map((h) => h.trim().replace(/"/g, ''));
  const iLat = head.indexOf('stop_lat');
  const iLon = head.indexOf('stop_lon');
  return lines
    .slice(1)
    .map((l) => {
      const cells = l.split(',').map((c) => c.replace(/"/g, ''));
      return { lat: Number(cells[iLat]), lng: Number(cells[iLon]) };
    })
    .filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lng));
}

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const pairsArg = args.indexOf('--pairs');
  const pairCount = pairsArg >= 0 ? Number(args[pairsArg + 1]) : 500;
  const pbfArg = args.indexOf('--pbf');
  const pbf = pbfArg >= 0 ? resolve(args[pbfArg + 1] as string) : resolve(DATA, 'streets.osm.pbf');

  const t0 = performance.now();
  const { graph, stats } = await buildStreetGraphFromFile(pbf);
  const importMs = performance.now() - t0;

  // The same import with hills (climb costs from the elevation raster), as a region build does.
  let hillsMs = NaN;
  if (pbfArg < 0) {
    const th = performance.now();
    await buildStreetGraphFromFile(pbf, { elevation: await loadElevation([resolve(DATA, 'elevation.tif')]) });
    hillsMs = performance.now() - th;
  }

  const t1 = performance.now();
  const bytes = serializeStreetGraph(graph);
  const serializeMs = performance.now() - t1;
  const loads: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    deserializeStreetGraph(bytes);
    loads.push(performance.now() - t);
  }
  loads.sort((a, b) => a - b);
  const loaded = deserializeStreetGraph(bytes);

  const elevation = pbfArg >= 0 ? null : await loadElevation([resolve(DATA, 'elevation.tif')]);
  const planner = new StreetPlanner(loaded, { elevation });

  const verts: number[] = [];
  for (let v = 0; v < loaded.vertexCount; v++) if ((loaded.inComponent[v] as number) & 1) verts.push(v);
  const rnd = seeded(20240601);
  const pairs: [LatLng, LatLng][] = Array.from({ length: pairCount }, () => [
    pointOf(loaded, verts[Math.floor(rnd() * verts.length)] as number),
    pointOf(loaded, verts[Math.floor(rnd() * verts.length)] as number),
  ]);

  const routes: Record<
    string,
    {
      search: number[];
      full: number[];
      searchCpu: number[];
      fullCpu: number[];
      settled: number;
      routed: number;
      offGraph: number;
      km: number;
    }
  > = {};
  for (const profile of PROFILES) {
    // Warm-up so the JIT has compiled the hot loops.
    for (const [a, b] of pairs.slice(0, 20)) planner.route(a, b, profile);
    const r = {
      search: [] as number[],
      full: [] as number[],
      searchCpu: [] as number[],
      fullCpu: [] as number[],
      settled: 0,
      routed: 0,
      offGraph: 0,
      km: 0,
    };
    for (const [a, b] of pairs) {
      const sa = planner.snap(a, profile);
      const sb = planner.snap(b, profile);
      if (!sa || !sb) {
        r.offGraph++;
        continue;
      }
      let t = performance.now();
      const cpu = process.cpuUsage();
      const path = planner.path(sa, sb, profile);
      r.search.push(performance.now() - t);
      const used = process.cpuUsage(cpu);
      r.searchCpu.push((used.user + used.system) / 1000);
      if (!path) continue;
      r.settled += path.settled;
      t = performance.now();
      const cpu2 = process.cpuUsage();
      const route = planner.routeOnGraph(a, b, profile);
      r.full.push(performance.now() - t);
      const used2 = process.cpuUsage(cpu2);
      r.fullCpu.push((used2.user + used2.system) / 1000);
      if (route) {
        r.routed++;
        r.km += route.distance / 1000;
      }
    }
    for (const list of [r.search, r.full, r.searchCpu, r.fullCpu]) list.sort((x, y) => x - y);
    routes[profile] = r;
  }

  // One-to-many: walk 15 minutes from random origins to every bus stop (stops snapped once).
  // Porto Alegre's real bus stops; for another file, 4,000 random junctions stand in for stops.
  const stops =
    pbfArg < 0
      ? stopsOf(resolve(DATA, 'gtfs-eptc-bus.zip'))
      : Array.from({ length: 4000 }, () => pointOf(loaded, verts[Math.floor(rnd() * verts.length)] as number));
  let t = performance.now();
  const stopSnaps = stops.map((s) => planner.snap(s, 'walk'));
  const snapStopsMs = performance.now() - t;
  const many: number[] = [];
  const manyCpu: number[] = [];
  let reachedTotal = 0;
  const origins = pairs.slice(0, 200).map(([a]) => a);
  for (const o of origins.slice(0, 10)) planner.reach(o, stops, 'walk', 900, { targetSnaps: stopSnaps });
  for (const o of origins) {
    t = performance.now();
    const cpu = process.cpuUsage();
    const reach = planner.reach(o, stops, 'walk', 900, { targetSnaps: stopSnaps });
    many.push(performance.now() - t);
    const used = process.cpuUsage(cpu);
    manyCpu.push((used.user + used.system) / 1000);
    for (const d of reach.duration) if (!Number.isNaN(d)) reachedTotal++;
  }
  many.sort((a, b) => a - b);
  manyCpu.sort((a, b) => a - b);

  const rssMb = process.resourceUsage().maxRSS / 1024;
  const figures = {
    pbf,
    import: { ms: Math.round(importMs), withHillsMs: Math.round(hillsMs), ...stats },
    snapshot: { bytes: bytes.length, serializeMs: +serializeMs.toFixed(1), loadMsMedian: +pct(loads, 0.5).toFixed(2) },
    routes: Object.fromEntries(
      Object.entries(routes).map(([profile, r]) => [
        profile,
        {
          pairs: pairCount,
          offGraph: r.offGraph,
          routed: r.routed,
          searchP50Ms: +pct(r.search, 0.5).toFixed(2),
          searchP95Ms: +pct(r.search, 0.95).toFixed(2),
          fullP50Ms: +pct(r.full, 0.5).toFixed(2),
          fullP95Ms: +pct(r.full, 0.95).toFixed(2),
          fullCpuP50Ms: +pct(r.fullCpu, 0.5).toFixed(2),
          fullCpuP95Ms: +pct(r.fullCpu, 0.95).toFixed(2),
          meanSettled: Math.round(r.settled / Math.max(1, r.search.length)),
          meanKm: +(r.km / Math.max(1, r.routed)).toFixed(2),
        },
      ]),
    ),
    oneToMany: {
      profile: 'walk',
      budgetS: 900,
      targets: stops.length,
      snapTargetsMs: Math.round(snapStopsMs),
      origins: origins.length,
      p50Ms: +pct(many, 0.5).toFixed(2),
      p95Ms: +pct(many, 0.95).toFixed(2),
      cpuP50Ms: +pct(manyCpu, 0.5).toFixed(2),
      cpuP95Ms: +pct(manyCpu, 0.95).toFixed(2),
      meanReached: Math.round(reachedTotal / origins.length),
    },
    peakRssMb: Math.round(rssMb),
  };
  if (json) {
    console.log(JSON.stringify(figures, null, 2));
    return;
  }
  const rows: [string, string][] = [
    ['OSM file', pbf.replace(`${REPO}/`, '')],
    [
      'OSM import',
      `${figures.import.ms} ms (${stats.osmNodesRead} nodes, ${stats.osmWaysRead} ways read; ${stats.vertices} vertices, ${stats.edges} edges)`,
    ],
    [
      'OSM import with hills',
      Number.isNaN(hillsMs) ? 'n/a' : `${Math.round(hillsMs)} ms (climb costs from elevation.tif)`,
    ],
    ['snapshot size', `${(bytes.length / 1024 / 1024).toFixed(2)} MiB`],
    ['snapshot load', `${figures.snapshot.loadMsMedian} ms (serialise ${figures.snapshot.serializeMs} ms)`],
  ];
  for (const [profile, r] of Object.entries(figures.routes)) {
    rows.push([
      `${profile} route (${r.routed}/${pairCount} pairs)`,
      `search p50 ${r.searchP50Ms} ms, p95 ${r.searchP95Ms} ms; full route p50 ${r.fullP50Ms} ms, p95 ${r.fullP95Ms} ms (CPU p50 ${r.fullCpuP50Ms}, p95 ${r.fullCpuP95Ms}); ${r.meanSettled} vertices settled, mean ${r.meanKm} km`,
    ]);
  }
  const m = figures.oneToMany;
  rows.push([
    `one-to-many walk 15 min`,
    `${m.targets} ${pbfArg < 0 ? 'EPTC bus stops' : 'random junctions'} (snapped once in ${m.snapTargetsMs} ms); p50 ${m.p50Ms} ms, p95 ${m.p95Ms} ms (CPU p50 ${m.cpuP50Ms}, p95 ${m.cpuP95Ms}) over ${m.origins} origins; ${m.meanReached} stops reached on average`,
  ]);
  rows.push(['peak RSS', `${figures.peakRssMb} MB`]);
  const w = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`${k.padEnd(w)}  ${v}`);
}
