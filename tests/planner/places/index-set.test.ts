/**
 * PlaceIndexSet: several regions' place indexes answering as one. One index answers exactly as
 * the index itself (the real Tayside index); two merge by score, keep at most 8, count a place
 * found in both once, and reverse look-up takes the best tier's nearest place over both.
 */
import { describe, expect, it } from 'vitest';
import { PlaceIndexSet } from '../../../src/planner/places/index-set';
import { PlaceIndex } from '../../../src/planner/places/place-index';
import type { PlaceRecord } from '../../../src/planner/places/types';
import { brandBias, tayside } from './tayside';

const record = (
  id: string,
  label: string,
  type: PlaceRecord['type'],
  lat: number,
  lng: number,
  importance = 0.5,
): PlaceRecord => ({
  id,
  label,
  secondary: 'Test',
  type,
  lat,
  lng,
  importance,
  source: 'test',
});
const attributions = [{ key: 'test', text: 'Test data', licence: 'none' }];
const build = (records: PlaceRecord[]) => PlaceIndex.build(records, { attributions });

describe('PlaceIndexSet with one index', () => {
  it('answers searches, refusals and reverse look-ups exactly as the index does', () => {
    const { index } = tayside();
    const set = new PlaceIndexSet([index]);
    expect(set.size).toBe(index.size);
    const bias = brandBias('council');
    for (const q of [
      'Perth',
      'DD1 4HN',
      'dd14hn',
      'Dundee station',
      'dunde',
      'Stirlng',
      'st',
      'Newburgh',
      'ninewells',
      'x',
      '',
      '<b>Perth</b>',
      'a'.repeat(200),
    ]) {
      expect(set.searchChecked(q), q).toEqual(index.searchChecked(q));
      expect(set.searchChecked(q, { bias }), q).toEqual(index.searchChecked(q, { bias }));
      expect(set.search(q, { limit: 3 }), q).toEqual(index.search(q, { limit: 3 }));
    }
    for (const [lat, lng] of [
      [56.4566, -2.9712],
      [56.3952, -3.4314],
      [51.5074, -0.1278],
      [57.7, -7.9],
    ] as const) {
      expect(set.reverse(lat, lng), `${lat},${lng}`).toEqual(index.reverse(lat, lng));
    }
  });
});

describe('PlaceIndexSet with two indexes', () => {
  // Two regions' worth of "Glen" places; Glenmore is in both (same id), Glen Ord in both under different ids.
  const north = build([
    record('place:glenmore', 'Glenmore', 'village', 57.17, -3.69, 0.8),
    record('place:glenfinnan', 'Glenfinnan', 'village', 56.87, -5.44, 0.9),
    record('place:glen-ord', 'Glen Ord', 'village', 57.52, -4.47, 0.3),
    ...Array.from({ length: 6 }, (_, i) =>
      record(`place:glen-north-${i}`, `Glen North ${i}`, 'poi', 57.5 + i / 100, -4.2, 0.1),
    ),
  ]);
  const south = build([
    record('place:glenmore', 'Glenmore', 'village', 57.17, -3.69, 0.8),
    record('place:glenrothes', 'Glenrothes', 'town', 56.2, -3.17, 1),
    record('south:glen-ord', 'Glen Ord', 'village', 57.5201, -4.4701, 0.3),
    record('postcode:KY62NL', 'KY6 2NL', 'postcode', 56.2003, -3.1703, 0.1),
    ...Array.from({ length: 6 }, (_, i) =>
      record(`place:glen-south-${i}`, `Glen South ${i}`, 'poi', 55.9 + i / 100, -3.2, 0.1),
    ),
  ]);
  const set = new PlaceIndexSet([north, south]);

  it('merges by score, at most 8, each place once', () => {
    const merged = set.search('glen');
    expect(merged).toHaveLength(8);
    const ids = merged.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => id === 'place:glenmore')).toHaveLength(1);
    // Near-identical places under different ids (same name and kind, a few metres apart) count once too.
    expect(set.search('glen ord').filter((p) => p.label === 'Glen Ord')).toHaveLength(1);
    // In score order over both indexes: the best of each index's own answers, interleaved.
    const scores = new Map<string, number>();
    for (const index of [north, south]) {
      const outcome = index.searchScored('glen');
      if (!outcome.ok) throw new Error('refused');
      for (const { place, score } of outcome.results)
        scores.set(place.id, Math.max(scores.get(place.id) ?? -Infinity, score));
    }
    const ordered = ids.map((id) => scores.get(id)!);
    expect(ordered).toEqual([...ordered].sort((a, b) => b - a));
    expect(ids[0]).toBe('place:glenrothes');
    expect(ids).toContain('place:glenfinnan');
    expect(set.search('glen', { limit: 2 })).toEqual(merged.slice(0, 2));
  });

  it('refuses what a single index refuses, even with no indexes at all', () => {
    const empty = new PlaceIndexSet([]);
    expect(empty.size).toBe(0);
    expect(empty.searchChecked('glen')).toEqual({ ok: true, results: [] });
    expect(empty.searchChecked('<b>glen</b>')).toEqual(north.searchChecked('<b>glen</b>'));
    expect(empty.searchChecked('g')).toEqual(north.searchChecked('g'));
    expect(empty.reverse(56.2, -3.17)).toBeNull();
  });

  it('reverse-looks-up the best tier over both: a postcode in one beats a nearer town in the other', () => {
    // About 25 m from the KY6 2NL point, 13 m from Glenrothes' point.
    const at = set.reverse(56.2001, -3.1701);
    expect(at).toMatchObject({ id: 'postcode:KY62NL', type: 'postcode' });
    expect(new PlaceIndexSet([north]).reverse(57.17, -3.69)).toMatchObject({ id: 'place:glenmore', distanceM: 0 });
    // Same tier: the nearer of the two regions' answers.
    expect(set.reverse(57.5201, -4.4701)).toMatchObject({ id: 'south:glen-ord', distanceM: 0 });
    expect(set.reverse(57.52, -4.47)).toMatchObject({ id: 'place:glen-ord', distanceM: 0 });
  });
});
