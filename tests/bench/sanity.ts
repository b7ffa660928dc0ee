/**
 * `npm run bench -- sanity [--pairs 500] [--seed 27] [--json] [--show 3]`: the journey-sanity suite
 * (issue 27, tests/bench/lib/sanity.ts). Seeded random searches across both regions (towns,
 * villages, postcodes, stations, hospitals from the regions' place indexes), leave-at and return,
 * with and without a car, each as one brand plans it; prints the violations per invariant
 * (target 0), a few examples of each, and the share of searches with a public transport option.
 */
import { join } from 'node:path';
import { loadRegionFromManifest, REPO_ROOT } from '../../src/planner/region/load-node';
import { INVARIANTS, runSanity, sanityCases, type Invariant } from './lib/sanity';

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const arg = (name: string, fallback: number) =>
    args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback;
  const pairs = arg('pairs', 500);
  const seed = arg('seed', 27);
  const show = arg('show', 3);
  const regions = await Promise.all(
    ['tayside', 'north-east'].map((name) => loadRegionFromManifest(join(REPO_ROOT, `data/regions/${name}.json`))),
  );
  const cases = sanityCases(regions, pairs, seed);
  const started = performance.now();
  const s = await runSanity(regions, cases, new Date(), (i) => {
    if (!json && (i + 1) % 100 === 0) process.stderr.write(`${i + 1}/${pairs}\n`);
  });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const out = {
    searches: s.searches,
    journeys: s.journeys,
    violations: s.counts,
    total_violations: Object.values(s.counts).reduce((a, b) => a + b, 0),
    searches_with_public_transport: s.withTransit,
    share_with_public_transport: Math.round((s.withTransit / s.searches) * 1000) / 10,
    empty_states: s.empty,
    removed_by_rule: s.removedByRule,
    seconds,
  };
  if (json) {
    console.log(JSON.stringify(out, null, 2));
    return;
  }
  console.log(
    `Journey sanity: ${s.searches} searches (seed ${seed}; Tayside and North East; towns, villages, postcodes, stations, hospitals; leave-at and return; with and without a car; every brand), ${s.journeys} journeys, ${seconds} s`,
  );
  for (const [key, label] of Object.entries(INVARIANTS) as [Invariant, string][]) {
    console.log(`${String(s.counts[key]).padStart(5)}  ${label}`);
    for (const v of s.violations.filter((x) => x.invariant === key).slice(0, show))
      console.log(
        `         ${v.case.brand.key}${v.case.car ? ' +car' : ''}: ${v.case.origin.label} (${v.case.origin.kind}) -> ${v.case.destination.label} (${v.case.destination.kind}) ${v.case.out}${v.case.back ? ` back ${v.case.back.slice(11)}` : ''}: ${v.detail}`,
      );
  }
  console.log(`${String(out.total_violations).padStart(5)}  violations in all (target 0)`);
  console.log(
    `searches with a public transport option: ${s.withTransit}/${s.searches} (${out.share_with_public_transport}%); empty states: ${s.empty}`,
  );
  const removed = Object.entries(s.removedByRule);
  if (removed.length)
    console.log(`options the filter chain removed: ${removed.map(([k, n]) => `${k} ${n}`).join(', ')}`);
}
