/**
 * The journey-sanity suite on a small seeded sample (the full one: `npm run bench -- sanity`):
 * real searches on both regions' data, every brand's blocked types, leave-at and return, with
 * and without a car. Every invariant stays at 0 violations; the checks live in
 * tests/bench/lib/sanity.ts, apart from the planner's filters, so a rule that stops working shows.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRegionFromManifest, REPO_ROOT } from '../../../src/planner/region/load-node';
import type { Region } from '../../../src/planner/region/region';
import { runSanity, sanityCases, type SanitySummary } from '../../bench/lib/sanity';

let regions: Region[];
let summary: SanitySummary;

beforeAll(async () => {
  regions = await Promise.all(
    ['tayside', 'north-east'].map((name) => loadRegionFromManifest(join(REPO_ROOT, `data/regions/${name}.json`))),
  );
  summary = await runSanity(regions, sanityCases(regions, 60, 2027), new Date());
}, 180_000);

describe('journey sanity (60 seeded searches on Tayside and North East)', () => {
  it('plans real journeys, and the filter chain has work to do', () => {
    expect(summary.journeys).toBeGreaterThan(60);
    expect(summary.withTransit).toBeGreaterThan(0);
    expect(Object.values(summary.removedByRule).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });

  it('breaks no invariant', () => {
    const show = (key: string) =>
      summary.violations
        .filter((v) => v.invariant === key)
        .slice(0, 3)
        .map((v) => `${v.case.origin.label} -> ${v.case.destination.label} ${v.case.out}: ${v.detail}`);
    for (const key of [
      'steps_in_order',
      'return_after_arrival',
      'detour',
      'dominated',
      'prices_add_up',
      'wait_over_3h',
      'late_departure',
      'no_result',
    ] as const)
      expect({ [key]: summary.counts[key], examples: show(key) }).toEqual({ [key]: 0, examples: [] });
  });
});
