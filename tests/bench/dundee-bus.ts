/**
 * `npm run bench -- dundee-bus [--json] [--pairs 200] [--seed 1]`: 200 random pairs of live Dundee City
 * postcodes at least 1 km apart, a weekday between 07:00 and 19:00, no car, planned on Tayside without
 * Dundee's buses (the manifest less its route-pattern feeds, built in memory) and with them (the
 * manifest as it is). Prints per run the share of pairs with a public transport option, the share where
 * public transport arrives before walking would, and plan time. With the buses, the same searches
 * (as the citybus brand plans them, half with a way back 2-8 hours later) go through the journey-sanity
 * suite (tests/bench/lib/sanity.ts, issue 27: violations per invariant, target 0), and every journey
 * riding a bus without departure times is checked: each such ride leaves inside its service span
 * (first to last departure at the stop), and its step says departure times are not in our data and
 * gives the wait to allow.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseCsv } from '../../src/planner/common/csv';
import { haversine } from '../../src/planner/geo/geo';
import type { Journey } from '../../src/planner/journey/types';
import { planAll } from '../../src/planner/plan/plan';
import { loadRegionFromManifest, TAYSIDE_MANIFEST } from '../../src/planner/region/load-node';
import type { RegionManifest } from '../../src/planner/region/manifest-node';
import type { Region } from '../../src/planner/region/region';
import { pct, seeded } from './lib/figures';
import { INVARIANTS, readBrands, runSanity, type Invariant, type SanityCase } from './lib/sanity';

interface Point {
  label: string;
  lat: number;
  lng: number;
}

function nextTuesday(): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + ((9 - d.getUTCDay()) % 7 || 7));
  return d.toISOString().slice(0, 10);
}

/** The manifest less its route-pattern feeds, with absolute paths, in a temporary folder. */
async function withoutRoutePatterns(path: string): Promise<string> {
  const manifest = JSON.parse(await readFile(path, 'utf8')) as RegionManifest;
  const base = dirname(resolve(path));
  const abs = (p: string) => resolve(base, p);
  const dir = await mkdtemp(join(tmpdir(), 'dundee-bus-bench-'));
  const out: RegionManifest = {
    ...manifest,
    snapshot: join(dir, 'none.region.bin'),
    feeds: manifest.feeds
      .filter((f) => !f.routePatterns)
      .map((f) => ({ ...f, ...(f.gtfs ? { gtfs: abs(f.gtfs) } : {}) })),
    ...(manifest.naptan ? { naptan: manifest.naptan.map(abs) } : {}),
    ...(manifest.map ? { map: {} } : {}),
    places: {},
    costs: abs(manifest.costs ?? manifest.name),
  };
  const file = join(dir, `${manifest.name}.json`);
  await writeFile(file, JSON.stringify(out));
  return file;
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** The checks on a journey riding a bus without departure times; the names of those it breaks. */
function violations(j: Journey): string[] {
  const out: string[] = [];
  const steps = j.depart.steps;
  for (const s of steps) {
    const f = s.transit?.frequency;
    if (!f) continue;
    const dep = minutesOf(s.departure_time);
    const first = minutesOf(f.first);
    const last = minutesOf(f.last);
    const inSpan = first <= last ? dep >= first && dep <= last : dep >= first || dep <= last;
    if (!inSpan) out.push('a bus without departure times leaves outside its span');
    if (!/departure times are not in our data, allow up to \d+ min to wait/.test(s.description))
      out.push('a bus without departure times does not say so');
  }
  return out;
}

const usesTransit = (j: Journey) => j.transport_mode === 'transit';
const rodeEstimated = (j: Journey) => j.depart.steps.some((s) => s.transit?.frequency);

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const arg = (name: string, fallback: number) =>
    args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback;
  const pairs = arg('pairs', 200);
  const rnd = seeded(arg('seed', 1));
  const postcodes = parseCsv(
    await readFile(resolve(dirname(TAYSIDE_MANIFEST), '../tayside/geo/dundee-postcodes.csv'), 'utf8'),
  )
    .filter((r) => r['In Use?'] === 'Yes' && r.District === 'Dundee City')
    .map((r) => ({ label: r.Postcode ?? '', lat: Number(r.Latitude), lng: Number(r.Longitude) }));
  const day = nextTuesday();
  const queries: { a: Point; b: Point; time: string }[] = [];
  while (queries.length < pairs) {
    const a = postcodes[Math.floor(rnd() * postcodes.length)]!;
    const b = postcodes[Math.floor(rnd() * postcodes.length)]!;
    if (haversine(a.lat, a.lng, b.lat, b.lng) < 1000) continue;
    const minutes = 7 * 60 + Math.floor(rnd() * 12 * 60);
    const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
    queries.push({ a, b, time: `${day}T${hh}:${String(minutes % 60).padStart(2, '0')}` });
  }

  const runOn = async (region: Region) => {
    const opts = { regions: [region] };
    let anyTransit = 0;
    let fastestTransit = 0;
    let withEstimated = 0;
    let checked = 0;
    const broken = new Map<string, number>();
    const examples: string[] = [];
    const ms: number[] = [];
    for (const q of queries) {
      const t0 = performance.now();
      const js = await planAll({ origin: q.a, destination: q.b, out_time: q.time, profile: {} }, opts);
      ms.push(performance.now() - t0);
      if (js.some(usesTransit)) anyTransit++;
      const arrive = (j: Journey) => `${j.depart.arrival_date}T${j.depart.arrival_at}`;
      const walk = js.find((j) => j.transport_mode === 'walk');
      const transit = js.filter(usesTransit).sort((x, y) => arrive(x).localeCompare(arrive(y)))[0];
      if (transit && (!walk || arrive(transit) < arrive(walk))) fastestTransit++;
      if (js.some(rodeEstimated)) withEstimated++;
      for (const j of js.filter(rodeEstimated)) {
        checked++;
        for (const v of violations(j)) {
          // The first example of each kind.
          if (!broken.has(v)) examples.push(`${q.a.label} -> ${q.b.label} ${q.time}: ${v}`);
          broken.set(v, (broken.get(v) ?? 0) + 1);
        }
      }
    }
    ms.sort((x, y) => x - y);
    return {
      pairs: queries.length,
      anyTransit,
      fastestTransit,
      withEstimated,
      checked,
      violations: Object.fromEntries(broken),
      examples,
      planMs: { p50: Math.round(pct(ms, 0.5)), p95: Math.round(pct(ms, 0.95)) },
    };
  };

  const before = await runOn(await loadRegionFromManifest(await withoutRoutePatterns(TAYSIDE_MANIFEST)));
  const region = await loadRegionFromManifest(TAYSIDE_MANIFEST);
  const after = await runOn(region);
  const brand = readBrands().find((b) => b.key === 'citybus')!;
  const cases: SanityCase[] = queries.map((q, i) => {
    const back = i % 2 === 1 ? minutesOf(q.time.slice(11)) + 120 + Math.floor(rnd() * 6 * 12) * 5 : null;
    const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    return {
      brand,
      region: 'tayside',
      origin: { ...q.a, kind: 'postcode' },
      destination: { ...q.b, kind: 'postcode' },
      out: q.time,
      back: back !== null && back < 23 * 60 ? `${day}T${clock(back)}` : null,
      car: false,
    };
  });
  const sanity = await runSanity([region], cases, new Date());
  if (json) {
    console.log(
      JSON.stringify(
        { day, before, after, sanity: { counts: sanity.counts, withTransit: sanity.withTransit } },
        null,
        2,
      ),
    );
    return;
  }
  const share = (n: number) => `${n}/${queries.length} (${Math.round((100 * n) / queries.length)}%)`;
  console.log(`dundee-bus: ${queries.length} Dundee postcode pairs >= 1 km apart, ${day} 07:00-19:00, no car`);
  for (const [name, r] of [
    ['before (no Dundee buses)', before],
    ['after (with Dundee buses)', after],
  ] as const) {
    console.log(
      `  ${name}: public transport option ${share(r.anyTransit)}, public transport arrives before walking ${share(r.fastestTransit)}, plan p50 ${r.planMs.p50} ms p95 ${r.planMs.p95} ms`,
    );
  }
  console.log(
    `  journeys riding a bus without departure times: ${after.checked} in ${share(after.withEstimated)} searches; sanity violations: ${
      Object.keys(after.violations).length === 0
        ? 'none'
        : Object.entries(after.violations)
            .map(([k, n]) => `${k} ${n}`)
            .join('; ')
    }`,
  );
  for (const e of after.examples) console.log(`    ${e}`);
  console.log(
    `  journey sanity (lib/sanity.ts) on the same ${cases.length} searches as citybus plans them, half with a way back: ${sanity.journeys} journeys`,
  );
  for (const [key, label] of Object.entries(INVARIANTS) as [Invariant, string][]) {
    console.log(`${String(sanity.counts[key]).padStart(7)}  ${label}`);
    for (const v of sanity.violations.filter((x) => x.invariant === key).slice(0, 2))
      console.log(`           ${v.case.origin.label} -> ${v.case.destination.label} ${v.case.out}: ${v.detail}`);
  }
}
