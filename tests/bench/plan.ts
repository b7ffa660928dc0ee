/**
 * `npm run bench -- plan [--json] [--pairs 500] [--seed 1]`: door-to-door planning on Porto Alegre.
 * The region import as `planner import` does it (GTFS, OSM streets with elevation, network
 * footpaths, OSM places; the OSM part timed on its own), the region snapshot's size (whole and by
 * section) and its load time, then `planAll` on the loaded snapshot for random address pairs
 * (random points on the walk network, 11:00-16:00 on a weekday the sample feed runs; all modes with
 * car access: transit over a 2-hour window, cycle access, walk, cycle, own car, taxi, with costs,
 * emissions, directions, elevation, toilets and POIs), p50/p95/p99 wall clock and process CPU per
 * plan; the direct car route alone (wall and CPU, p50/p95); peak RSS. Targets: plan p50 <= 100 ms,
 * p95 <= 300 ms; car p95 <= 20 ms. Wall clock on a shared machine follows its load; CPU time less so.
 */
import { join } from 'node:path';
import { pointOf } from '../../src/planner/street/graph';
import type { LatLng } from '../../src/planner/geo/geo';
import { haversine } from '../../src/planner/geo/geo';
import { planAll } from '../../src/planner/plan/plan';
import { buildRegionSnapshot } from '../../src/planner/region/build-node';
import { REPO_ROOT } from '../../src/planner/region/load-node';
import {
  decodeRegionSnapshot,
  encodeRegionSnapshot,
  regionFromSnapshot,
  regionSnapshotSections,
} from '../../src/planner/region/snapshot';
import { cpuMs, pct, seeded } from './lib/figures';

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const arg = (name: string, fallback: number) =>
    args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback;
  const pairs = arg('pairs', 500);
  const rnd = seeded(arg('seed', 1));

  const t0 = performance.now();
  const snapshot = await buildRegionSnapshot(join(REPO_ROOT, 'tests/regions/porto-alegre.json'));
  const importMs = performance.now() - t0;
  const bytes = encodeRegionSnapshot(snapshot);
  const sections = Object.fromEntries(regionSnapshotSections(bytes).map((x) => [x.name, x.bytes]));
  const t1 = performance.now();
  const region = regionFromSnapshot(decodeRegionSnapshot(bytes));
  const loadMs = performance.now() - t1;
  const graph = region.street.graph!;

  const vertices: number[] = [];
  for (let v = 0; v < graph.vertexCount; v++) if ((graph.inComponent[v] as number) & 1) vertices.push(v);
  const pick = (): LatLng => pointOf(graph, vertices[Math.floor(rnd() * vertices.length)] as number);
  const queries: { a: LatLng; b: LatLng; time: string }[] = [];
  while (queries.length < pairs) {
    const a = pick();
    const b = pick();
    if (haversine(a.lat, a.lng, b.lat, b.lng) < 300) continue;
    const minutes = 11 * 60 + Math.floor(rnd() * 300);
    queries.push({
      a,
      b,
      time: `2019-05-15T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
    });
  }
  const now = new Date('2019-05-01T12:00:00Z');
  // Warm-up (JIT, the stops' walk snaps) outside the timings.
  await planAll(
    {
      origin: { label: 'a', ...queries[0]!.a },
      destination: { label: 'b', ...queries[0]!.b },
      out_time: queries[0]!.time,
      profile: { has_access_to_car: true },
    },
    { regions: [region], now },
  );

  const wall: number[] = [];
  const cpu: number[] = [];
  let journeys = 0;
  let withTransit = 0;
  for (const q of queries) {
    const c0 = cpuMs();
    const w0 = performance.now();
    const js = await planAll(
      {
        origin: { label: 'a', ...q.a },
        destination: { label: 'b', ...q.b },
        out_time: q.time,
        profile: { has_access_to_car: true },
      },
      { regions: [region], now },
    );
    wall.push(performance.now() - w0);
    cpu.push(cpuMs() - c0);
    journeys += js.length;
    if (js.some((j) => j.transport_mode === 'transit')) withTransit++;
  }
  const car: number[] = [];
  const carCpu: number[] = [];
  for (const q of queries) {
    const c0 = cpuMs();
    const w0 = performance.now();
    region.street.route(q.a, q.b, 'car');
    car.push(performance.now() - w0);
    carCpu.push(cpuMs() - c0);
  }
  [wall, cpu, car, carCpu].forEach((x) => x.sort((a, b) => a - b));
  const r = (x: number) => Math.round(x * 10) / 10;
  const out = {
    region: 'porto-alegre',
    pairs,
    import_ms: Math.round(importMs),
    osm_import_ms: Math.round((snapshot.report.street?.seconds ?? NaN) * 1000),
    street: {
      vertices: graph.vertexCount,
      edges: graph.edgeCount,
      network_footpaths: snapshot.report.street?.networkFootpaths ?? 0,
    },
    snapshot_bytes: bytes.byteLength,
    snapshot_sections_bytes: sections,
    snapshot_load_ms: Math.round(loadMs),
    plan_wall_ms: {
      p50: r(pct(wall, 0.5)),
      p95: r(pct(wall, 0.95)),
      p99: r(pct(wall, 0.99)),
      max: r(wall[wall.length - 1] ?? NaN),
    },
    plan_cpu_ms: { p50: r(pct(cpu, 0.5)), p95: r(pct(cpu, 0.95)) },
    car_route_ms: { p50: r(pct(car, 0.5)), p95: r(pct(car, 0.95)) },
    car_route_cpu_ms: { p50: r(pct(carCpu, 0.5)), p95: r(pct(carCpu, 0.95)) },
    journeys_per_plan: r(journeys / pairs),
    plans_with_transit: withTransit,
    peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
  if (json) {
    console.log(JSON.stringify(out, null, 2));
    return;
  }
  console.log(`Porto Alegre door to door, ${pairs} random address pairs (11:00-16:00, all modes with car access)`);
  const mb = (n: number) => (n / 1e6).toFixed(1);
  console.log(
    `import (as planner import): ${out.import_ms} ms, of which OSM streets + elevation ${out.osm_import_ms} ms (${graph.vertexCount} vertices, ${graph.edgeCount} edges, ${out.street.network_footpaths} footpaths over streets)`,
  );
  console.log(
    `region snapshot: ${mb(bytes.byteLength)} MB (${Object.entries(sections)
      .map(([k, v]) => `${k} ${mb(v)}`)
      .join(', ')} MB); loaded in ${out.snapshot_load_ms} ms`,
  );
  console.log(
    `plan wall ms: p50 ${out.plan_wall_ms.p50}, p95 ${out.plan_wall_ms.p95}, p99 ${out.plan_wall_ms.p99}, max ${out.plan_wall_ms.max} (targets p50 <= 100, p95 <= 300)`,
  );
  console.log(`plan CPU ms:  p50 ${out.plan_cpu_ms.p50}, p95 ${out.plan_cpu_ms.p95}`);
  console.log(
    `direct car route ms: p50 ${out.car_route_ms.p50}, p95 ${out.car_route_ms.p95} (target p95 <= 20); CPU p50 ${out.car_route_cpu_ms.p50}, p95 ${out.car_route_cpu_ms.p95}`,
  );
  console.log(
    `journeys per plan ${out.journeys_per_plan}; plans with a transit option ${withTransit}/${pairs}; peak RSS ${out.peak_rss_mb} MB`,
  );
}
