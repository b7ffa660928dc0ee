/**
 * `npm run bench -- rural-plan [--json] [--pairs 200] [--seed 1]`: door-to-door planning from rural
 * Tayside (random points in Angus and Perth & Kinross with no stop within a 15-minute walk) to the
 * region's station towns, weekday 07:00-10:00, with car access: the car, taxi and cycle to the
 * station searches (modes/vehicle-transit.ts) on top of everything else. Prints wall and CPU
 * p50/p95/p99 per plan and how many plans offered a vehicle + public transport option.
 * Target: p95 <= 300 ms.
 */
import { councilAt } from '../../src/planner/geo/council-areas';
import { planAll } from '../../src/planner/plan/plan';
import { loadRegionFromManifest } from '../../src/planner/region/load-node';
import { farFromStops } from '../../src/planner/modes/vehicle-transit';
import { cpuMs, pct, seeded } from './lib/figures';

const TOWNS = [
  { label: 'Dundee', lat: 56.462, lng: -2.9707 },
  { label: 'Perth', lat: 56.3953, lng: -3.4314 },
  { label: 'Stirling', lat: 56.1165, lng: -3.9369 },
  { label: 'Arbroath', lat: 56.5594, lng: -2.5857 },
  { label: 'Montrose', lat: 56.7087, lng: -2.4668 },
];

function nextMonday(): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7 || 7));
  return d.toISOString().slice(0, 10);
}

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const arg = (name: string, fallback: number) =>
    args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback;
  const pairs = arg('pairs', 200);
  const rnd = seeded(arg('seed', 1));
  const region = await loadRegionFromManifest();
  const areas = region.costs.councilAreas;
  const day = nextMonday();

  // Rural Angus and Perth & Kinross: inside the council area, far from any stop.
  const box = { minLat: 56.2, maxLat: 56.95, minLng: -4.4, maxLng: -2.5 };
  const queries: { a: { label: string; lat: number; lng: number }; b: (typeof TOWNS)[number]; time: string }[] = [];
  while (queries.length < pairs) {
    const a = {
      label: 'rural',
      lat: box.minLat + rnd() * (box.maxLat - box.minLat),
      lng: box.minLng + rnd() * (box.maxLng - box.minLng),
    };
    const council = councilAt(areas, a.lat, a.lng);
    if ((council !== 'Angus' && council !== 'Perth and Kinross') || !farFromStops(region, a)) continue;
    const b = TOWNS[Math.floor(rnd() * TOWNS.length)] as (typeof TOWNS)[number];
    const minutes = 7 * 60 + Math.floor(rnd() * 180);
    queries.push({
      a,
      b,
      time: `${day}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
    });
  }
  const opts = { regions: [region] };
  const profile = { has_access_to_car: true };
  await planAll({ origin: queries[0]!.a, destination: queries[0]!.b, out_time: queries[0]!.time, profile }, opts);

  const wall: number[] = [];
  const cpu: number[] = [];
  let withVehicleTransit = 0;
  let journeys = 0;
  for (const q of queries) {
    const c0 = cpuMs();
    const w0 = performance.now();
    const js = await planAll({ origin: q.a, destination: q.b, out_time: q.time, profile }, opts);
    wall.push(performance.now() - w0);
    cpu.push(cpuMs() - c0);
    journeys += js.length;
    if (
      js.some(
        (j) => j.transport_mode === 'transit' && ['own-car', 'taxi', 'cycle'].includes(j.depart.steps[0]?.type ?? ''),
      )
    )
      withVehicleTransit++;
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 10) / 10;
  const out = {
    region: region.name,
    pairs,
    plan_wall_ms: {
      p50: r(pct(wall, 0.5)),
      p95: r(pct(wall, 0.95)),
      p99: r(pct(wall, 0.99)),
      max: r(wall[wall.length - 1] ?? NaN),
    },
    plan_cpu_ms: { p50: r(pct(cpu, 0.5)), p95: r(pct(cpu, 0.95)) },
    journeys_per_plan: r(journeys / pairs),
    plans_with_vehicle_transit: withVehicleTransit,
    peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
  if (json) {
    console.log(JSON.stringify(out, null, 2));
    return;
  }
  console.log(`Rural Angus and Perth & Kinross to station towns, ${pairs} plans (weekday 07:00-10:00, car access)`);
  console.log(
    `plan wall ms: p50 ${out.plan_wall_ms.p50}, p95 ${out.plan_wall_ms.p95}, p99 ${out.plan_wall_ms.p99}, max ${out.plan_wall_ms.max} (target p95 <= 300)`,
  );
  console.log(`plan CPU ms:  p50 ${out.plan_cpu_ms.p50}, p95 ${out.plan_cpu_ms.p95}`);
  console.log(
    `journeys per plan ${out.journeys_per_plan}; plans with a car/taxi/cycle + public transport option ${withVehicleTransit}/${pairs}; peak RSS ${out.peak_rss_mb} MB`,
  );
}
