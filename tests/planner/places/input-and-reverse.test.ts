/** Bad input never throws; reverse look-up; the serialised index round-trips. */
import { describe, expect, it } from 'vitest';
import { PLACE_INDEX_VERSION } from '../../../src/planner/places/build';
import { PlaceIndex } from '../../../src/planner/places/place-index';
import { checkQuery } from '../../../src/planner/places/validate';
import { brandBias, tayside } from './tayside';

const BAD: [unknown, string][] = [
  ['', 'empty'],
  ['   ', 'empty'],
  ['a', 'too_short'],
  ['é', 'too_short'],
  ['x'.repeat(500), 'too_long'],
  ['Dundee '.repeat(70), 'too_long'],
  ['😀', 'invalid_characters'],
  ['🚆 Dundee', 'invalid_characters'],
  ['Dundee 🏥', 'invalid_characters'],
  ["'; DROP TABLE places; --", 'invalid_characters'],
  ["' OR '1'='1", 'invalid_characters'],
  ['1 UNION SELECT * FROM users', 'invalid_characters'],
  ['<script>alert(1)</script>', 'invalid_characters'],
  ['<img src=x onerror=alert(1)>', 'invalid_characters'],
  ['Dundee\u0000', 'invalid_characters'],
  ['--', 'invalid_characters'],
  ['!!', 'too_short'],
  [null, 'not_text'],
  [undefined, 'not_text'],
  [42, 'not_text'],
  [{ q: 'Dundee' }, 'not_text'],
];

describe('bad input', () => {
  it.each(BAD)('%j gives an empty list and a typed error, never a throw', (q, code) => {
    const { index } = tayside();
    expect(() => index.search(q)).not.toThrow();
    expect(index.search(q)).toEqual([]);
    const outcome = index.searchChecked(q);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error.code).toBe(code);
      expect(outcome.error.message.length).toBeGreaterThan(5);
    }
  });

  it('plain words that look like SQL simply find nothing', () => {
    expect(tayside().index.searchChecked('select from where')).toEqual({ ok: true, results: [] });
  });

  it('accepts place-name punctuation', () => {
    for (const q of [
      "Bo'ness",
      'Bo’ness',
      'Arrochar & Tarbet',
      'St. Madoes',
      'High Street (Glasgow)',
      'Dundee, DD1 4HN',
      'Bridge-of-Earn',
    ]) {
      expect(checkQuery(q).ok, q).toBe(true);
    }
    expect(tayside().index.search('High Street (Glasgow)')[0]).toMatchObject({ id: 'stop:rail:HST' });
  });

  it('survives odd options', () => {
    const { index } = tayside();
    expect(index.search('Dundee', { limit: 0 })).toHaveLength(1);
    expect(index.search('Dundee', { limit: Number.NaN })).toEqual(index.search('Dundee'));
    expect(index.search('Dundee', { limit: Infinity })).toHaveLength(index.search('Dundee').length);
    expect(index.search('Dundee', { bias: { south: Number.NaN, west: 0, north: 1, east: 1 } })[0]?.label).toBe(
      'Dundee',
    );
  });
});

describe('reverse', () => {
  it('gives the postcode at its own point', () => {
    expect(tayside().index.reverse(56.457345, -2.978269)).toMatchObject({
      id: 'postcode:DD14HN',
      label: 'DD1 4HN',
      distanceM: 0,
    });
  });

  it('gives the nearest postcode within 250 m', () => {
    // 0.001 degree north of DD1 4HN (~111 m): some postcode, near.
    const hit = tayside().index.reverse(56.458345, -2.978269)!;
    expect(hit.type).toBe('postcode');
    expect(hit.distanceM).toBeLessThanOrEqual(111);
  });

  it('falls back to a stop, then a town, with distance caps', () => {
    const { index } = tayside();
    // Perth station's point: no postcode data in Perth, so the station itself.
    const perth = index.search('perth station')[0]!;
    expect(index.reverse(perth.lat, perth.lng)).toMatchObject({ id: 'stop:rail:PTH', distanceM: 0 });
    // Rural Perthshire 2 km from Inchture's point: the town.
    const inchture = index.search('Inchture', { types: ['town'] })[0]!;
    const hit = index.reverse(inchture.lat + 0.018, inchture.lng)!;
    expect(hit).toMatchObject({ type: 'town', label: 'Inchture' });
    expect(hit.distanceM).toBeGreaterThan(1900);
  });

  it('is null far from everything and outside Great Britain', () => {
    const { index } = tayside();
    expect(index.reverse(56.5, -0.5)).toBeNull(); // North Sea, inside the GB box
    expect(index.reverse(48.8566, 2.3522)).toBeNull(); // Paris
    expect(index.reverse(-30.03, -51.2)).toBeNull(); // Porto Alegre
    expect(index.reverse(Number.NaN, 0)).toBeNull();
  });
});

describe('serialised index', () => {
  it('round-trips to the same answers', () => {
    const { index } = tayside();
    const bytes = index.serialize();
    const loaded = PlaceIndex.deserialize(bytes);
    expect(loaded.size).toBe(index.size);
    expect(loaded.data.tokens).toEqual(index.data.tokens);
    expect(loaded.attributions).toEqual(index.attributions);
    const council = brandBias('council');
    for (const q of [
      'DD1 4HN',
      'dunde',
      'Stirlng',
      'Dundee station',
      'broughty ferry road dundee',
      'newburgh',
      'ninewells',
      'dd',
    ]) {
      expect(loaded.search(q, { bias: council }), q).toEqual(index.search(q, { bias: council }));
    }
    expect(loaded.reverse(56.457345, -2.978269)).toEqual(index.reverse(56.457345, -2.978269));
    // Also from a view at an odd offset inside a larger buffer (as from a snapshot file).
    const padded = new Uint8Array(bytes.length + 3);
    padded.set(bytes, 3);
    expect(PlaceIndex.deserialize(padded.subarray(3)).search('Dundee')).toEqual(index.search('Dundee'));
  });

  it('refuses another format version or foreign bytes with a clear error', () => {
    const bytes = tayside().index.serialize().slice();
    new DataView(bytes.buffer).setUint32(4, PLACE_INDEX_VERSION + 1, true);
    expect(() => PlaceIndex.deserialize(bytes)).toThrow(/format version/);
    expect(() => PlaceIndex.deserialize(new TextEncoder().encode('not an index at all'))).toThrow(
      /not a Drover place index/,
    );
  });

  it('holds all attributions of the sources it uses', () => {
    const keys = tayside().index.attributions.map((a) => a.key);
    expect(keys).toEqual(
      expect.arrayContaining(['geonames', 'ons-postcodes', 'gtfs-rail', 'gtfs-ember', 'facts-health', 'facts-park']),
    );
    expect(tayside().index.attributions.find((a) => a.key === 'gtfs-rail')?.text).toMatch(
      /Contains National Rail Enquiries data/,
    );
  });
});
