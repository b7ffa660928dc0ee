/** The result set on hand-made figures: duplicates and dominated options go, tags, order, stable ids. */
import { describe, expect, it } from 'vitest';
import type { JourneyFigures } from '../../../src/planner/journey/assemble';
import { durationText, stableId } from '../../../src/planner/journey/assemble';
import { selectTransit, sortByEmissions } from '../../../src/planner/journey/result-set';
import type { Journey } from '../../../src/planner/journey/types';

function fig(
  id: string,
  dep: number,
  arr: number,
  changes: number,
  pence: number,
  kg: number,
  walk = 500,
): JourneyFigures {
  const hhmm = (t: number) =>
    `${String(Math.floor(t / 3600)).padStart(2, '0')}:${String(Math.floor((t % 3600) / 60)).padStart(2, '0')}`;
  const depart = { arrival_date: '2026-11-24', arrival_at: hhmm(arr) };
  const journey = {
    id,
    carbon_emission: kg,
    total_walking_distance: walk,
    duration: { value: arr - dep, text: '' },
    depart,
    tags: [] as string[],
  } as unknown as Journey;
  return { journey, departure: dep, arrival: arr, changes, costPence: pence };
}

describe('result set', () => {
  it('removes duplicates and dominated options and tags the best by each measure', () => {
    const a = fig('a', 0, 3600, 1, 300, 1.0);
    const dup = fig('a', 0, 3600, 1, 300, 1.0);
    const dominated = fig('b', 0, 4000, 1, 300, 1.0); // same departure, later arrival, nothing better
    const direct = fig('c', 600, 5400, 0, 250, 0.8);
    const fast = fig('d', 1200, 3000, 2, 400, 1.2);
    const kept = selectTransit([a, dup, dominated, direct, fast]);
    expect(kept.map((f) => f.journey.id)).toEqual(['a', 'c', 'd']);
    expect(fast.journey.tags).toContain('fastest');
    expect(direct.journey.tags).toEqual(expect.arrayContaining(['fewest-changes', 'cheapest', 'lowest-emissions']));
  });

  it('caps the window options but always keeps the tagged ones', () => {
    const many = Array.from({ length: 20 }, (_, i) => fig(`w${i}`, i * 600, i * 600 + 3600, 1, 300, 1));
    const kept = selectTransit(many, 5);
    expect(kept.length).toBe(5);
    for (let i = 1; i < kept.length; i++) expect(kept[i]!.departure).toBeGreaterThan(kept[i - 1]!.departure);
  });

  it('orders by emissions, then earlier arrival (the same train three hours later is not first), then duration', () => {
    const js = [
      fig('x', 0, 6000, 0, 0, 2).journey,
      fig('y', 3600, 6000, 0, 0, 1).journey,
      fig('z', 0, 3000, 0, 0, 1).journey,
      fig('late', 9000, 10800, 0, 0, 1).journey,
    ];
    expect(sortByEmissions(js).map((j) => j.id)).toEqual(['z', 'y', 'late', 'x']);
    const tie = [fig('long', 0, 6000, 0, 0, 1).journey, fig('short', 3000, 6000, 0, 0, 1).journey];
    expect(sortByEmissions(tie).map((j) => j.id)).toEqual(['short', 'long']);
  });

  it('ids are stable hashes of the legs; durations read well', () => {
    expect(stableId('leg a|leg b')).toBe(stableId('leg a|leg b'));
    expect(stableId('leg a|leg b')).not.toBe(stableId('leg a|leg c'));
    expect(stableId('x')).toMatch(/^[0-9a-f]{16}$/);
    expect(durationText(59)).toBe('1 min');
    expect(durationText(45 * 60)).toBe('45 mins');
    expect(durationText(3600)).toBe('1 hour');
    expect(durationText(2 * 3600 + 14 * 60)).toBe('2 hours 14 mins');
  });
});
