/** Departure gaps over an hour are said on the journey and counted as waiting (journey/time-gap.ts). */
import { beforeAll, describe, expect, it } from 'vitest';
import { planAll } from '../../../src/planner/plan/plan';
import type { Region } from '../../../src/planner/region/region';
import { loadRegionFromManifest } from '../../../src/planner/region/load-node';
import { gapText, noteTimeGap } from '../../../src/planner/plan/time-gap';
import type { Leg } from '../../../src/planner/journey/types';

const leg = (date: string, dep: string, arr: string): Leg =>
  ({ departure_date: date, departure_at: dep, arrival_date: date, arrival_at: arr, wait_time: 120 }) as Leg;
const day = (iso: string) =>
  Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 86_400_000;

describe('departure gap notice', () => {
  it('says how long after the asked time a leg leaves, and counts it as waiting', () => {
    const l = leg('2026-11-30', '17:41', '19:00');
    expect(noteTimeGap(l, { date: day('2026-11-30'), time: 8 * 3600 }, false)).toBe(9 * 3600 + 41 * 60);
    expect(l.time_gap?.text).toBe('Leaves 9 h 41 min after the time you asked for');
    expect(l.wait_time).toBe(120 + 9 * 3600 + 41 * 60);
  });

  it('arriving by a time: says how long before it the leg arrives', () => {
    const l = leg('2026-11-30', '06:00', '07:00');
    noteTimeGap(l, { date: day('2026-11-30'), time: 9 * 3600 }, true);
    expect(l.time_gap?.text).toBe('Arrives 2 h before the time you asked for');
  });

  it('no notice for an hour or less, nor across midnight within the hour', () => {
    const l = leg('2026-11-30', '09:00', '10:00');
    expect(noteTimeGap(l, { date: day('2026-11-30'), time: 8 * 3600 }, false)).toBe(0);
    expect(l.time_gap).toBeNull();
    expect(l.wait_time).toBe(120);
    const late = leg('2026-12-01', '00:30', '01:00');
    expect(noteTimeGap(late, { date: day('2026-11-30'), time: 23 * 3600 + 45 * 60 }, false)).toBe(0);
    expect(gapText(61 * 60)).toBe('1 h 1 min');
  });
});

describe('departure gap on real plans (Tayside)', () => {
  let region: Region;
  beforeAll(async () => {
    region = await loadRegionFromManifest();
  }, 60_000);

  it('a journey leaving long after the asked time says so and never shows no waiting', async () => {
    // Aberfeldy has no station: by 08:00 on a Monday the first train it can reach is well after 09:00.
    const d = new Date();
    d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7 || 7));
    const js = await planAll(
      {
        origin: { label: 'Aberfeldy', lat: 56.6206, lng: -3.8649 },
        destination: { label: 'Perth', lat: 56.3953, lng: -3.4314 },
        out_time: `${d.toISOString().slice(0, 10)}T08:00`,
      },
      { regions: [region] },
    );
    const gapped = js.filter((j) => j.depart.time_gap);
    expect(gapped.length).toBeGreaterThan(0);
    for (const j of gapped) {
      expect(j.depart.time_gap?.text).toMatch(/^Leaves \d+ h( \d+ min)? after the time you asked for$/);
      expect(j.total_wait_time).toBeGreaterThanOrEqual(j.depart.time_gap!.seconds);
    }
    for (const j of js.filter((x) => !x.depart.time_gap)) expect(j.depart.departure_at <= '09:00').toBe(true);
  }, 30_000);
});
