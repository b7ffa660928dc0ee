import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REGION_COST_FILES } from '../../../src/planner/costs/region-data';
import { loadRegionCostData } from '../../../src/planner/costs/region-data-node';
import { REGION_DIR, REPO, regionJson } from './fixtures';

/** Every object in the tree that looks like a data row (has a source_url), and every array row under the given keys. */
function rows(value: unknown, keys: readonly string[], out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) for (const v of value) rows(v, keys, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (keys.includes(k) && Array.isArray(v))
        for (const item of v) if (item && typeof item === 'object') out.push(item as Record<string, unknown>);
      rows(v, keys, out);
    }
  }
  return out;
}

const ROW_KEYS = [
  'tariffs',
  'operators',
  'clubs',
  'bays',
  'terms',
  'schemes',
  'not_current',
  'services',
  'extra_sources',
  'coach_operators',
  'published_fares',
  'rules',
  'agencies',
];

describe('region cost data files', () => {
  for (const [file, schema] of Object.entries(REGION_COST_FILES)) {
    it(`${file} validates`, () => {
      const parsed = schema.safeParse(regionJson(file));
      expect(parsed.success, parsed.success ? '' : parsed.error.message).toBe(true);
    });
  }

  it('every row carries source_url and source_date', () => {
    let count = 0;
    for (const file of Object.keys(REGION_COST_FILES)) {
      for (const row of rows(regionJson(file), ROW_KEYS)) {
        count++;
        expect(
          typeof row.source_url === 'string' && /^https?:\/\//.test(row.source_url),
          `${file}: ${JSON.stringify(row).slice(0, 120)}`,
        ).toBe(true);
        expect(
          typeof row.source_date === 'string' && row.source_date.length > 0,
          `${file}: ${JSON.stringify(row).slice(0, 120)}`,
        ).toBe(true);
      }
    }
    expect(count).toBeGreaterThan(50);
  });

  it('current lists hold no proposed, ended, planned, suspended or historic rows', () => {
    const current = [
      ...rows(regionJson('drt.json'), ['services']),
      ...rows(regionJson('car-clubs.json'), ['clubs']),
      ...rows(regionJson('bike-hire.json'), ['schemes']),
    ];
    // Stirling DRT is 'PARTLY SUSPENDED': 3 of its 8 areas run, and only those are listed as served.
    for (const r of current)
      expect(String(r.status).replace(/^PARTLY SUSPENDED/, '')).not.toMatch(
        /proposed|ENDED|CLOSED|historic|PLANNED|SUSPENDED|current status unknown/i,
      );
    const tariffs = rows(regionJson('taxis.json'), ['tariffs']);
    for (const t of tariffs) expect(String(t.name)).not.toMatch(/proposed|previous/i);
  });

  it('never publishes the phone number of the group that stopped trading, nor invents operators', () => {
    const all = Object.keys(REGION_COST_FILES)
      .filter((f) => f !== 'council-areas.json')
      .map((f) => readFileSync(join(REGION_DIR, f), 'utf8'))
      .join('\n');
    expect(all).not.toMatch(/01577 866766/);
    expect(all).not.toMatch(/PKCTG/);
    for (const c of (regionJson('taxis.json') as { councils: { operators: unknown[] }[] }).councils)
      expect(c.operators).toEqual([]);
  });

  it('loads typed data through the Node loader', async () => {
    const d = await loadRegionCostData(REGION_DIR);
    expect(d.councilAreas.map((a) => a.name).sort()).toEqual(['Angus', 'Dundee City', 'Perth and Kinross', 'Stirling']);
    expect(d.emissionFactors.coach).toBe(0.02776);
    expect(d.fares.coach_operators.map((c) => c.agency_name)).toEqual(['Ember']);
  });

  it('the facts build reproduces the committed files', () => {
    const out = mkdtempSync(join(tmpdir(), 'region-facts-'));
    try {
      execFileSync(process.execPath, ['--import', 'tsx', 'src/planner/cli/build-region-facts.ts', '--out', out], {
        cwd: REPO,
        stdio: 'pipe',
      });
      for (const file of Object.keys(REGION_COST_FILES)) {
        expect(readFileSync(join(out, file), 'utf8'), file).toBe(readFileSync(resolve(REGION_DIR, file), 'utf8'));
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
