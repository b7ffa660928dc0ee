/**
 * Golden queries over the real Tayside index. Expected top results were read
 * off the source data (ids are derived from it: postcode, CRS code, GeoNames
 * name + admin2 code), not tuned to whatever the ranking returned.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../src/planner/common/csv';
import { GB_BOX, inBox } from '../../../src/planner/places/geo';
import { brandBias, repoPath, tayside } from './tayside';

const top = (q: string, bias?: Parameters<ReturnType<typeof tayside>['index']['search']>[1]) =>
  tayside().index.search(q, bias)[0];

describe('golden queries (Tayside)', () => {
  it('finds a postcode with or without its space, in any case', () => {
    for (const q of ['DD1 4HN', 'dd1 4hn', 'dd14hn', 'DD14HN', ' dd1  4HN ']) {
      expect(top(q), q).toMatchObject({ id: 'postcode:DD14HN', label: 'DD1 4HN', type: 'postcode' });
    }
    // The source's point for DD1 4HN.
    expect(top('dd14hn')).toMatchObject({ lat: 56.457345, lng: -2.978269 });
  });

  it('lists postcodes of a partly typed postcode', () => {
    const results = tayside().index.search('dd1 4h');
    expect(results).toHaveLength(8);
    for (const r of results) expect(r.label.startsWith('DD1 4H')).toBe(true);
  });

  it('ranks the town first for its name', () => {
    expect(top('Dundee')).toMatchObject({
      id: 'place:geonames:dundee-u3',
      label: 'Dundee',
      type: 'town',
      secondary: 'Dundee City',
    });
    expect(top('perth')).toMatchObject({ id: 'place:geonames:perth-w1', type: 'town' });
  });

  it('finds stations as travellers name them', () => {
    expect(top('Dundee station')).toMatchObject({
      id: 'stop:rail:DEE',
      label: 'Dundee station',
      type: 'station',
      secondary: 'Railway station, Dundee',
    });
    expect(top('perth station')).toMatchObject({ id: 'stop:rail:PTH', label: 'Perth station' });
    expect(top('glasgow central')).toMatchObject({ id: 'stop:rail:GLC', label: 'Glasgow Central station' });
    expect(top('arrochar and tarbet')).toMatchObject({ id: 'stop:rail:ART', label: 'Arrochar & Tarbet station' });
    expect(top('dundee greenmarket')).toMatchObject({
      label: 'Dundee Greenmarket (coach stop)',
      type: 'stop',
      secondary: 'Ember coach stop, Dundee',
    });
  });

  it('places a stop in the locality of the live postcodes beside it, not the nearest town point', () => {
    // GeoNames has no Broughty Ferry point; the nearest is Tayport, 2 km away over the Tay in Fife.
    // The postcodes around the station are Dundee City's.
    expect(top('broughty ferry station')).toMatchObject({ id: 'stop:rail:BYF', secondary: 'Railway station, Dundee' });
    // Outside the postcode file's coverage, the nearest town still names it.
    expect(top('pitlochry station')).toMatchObject({ id: 'stop:rail:PIT', secondary: 'Railway station, Pitlochry' });
  });

  it('tolerates typos', () => {
    expect(top('Stirlng')).toMatchObject({ id: 'place:geonames:stirling-w6', label: 'Stirling' });
    expect(top('edinbrugh')).toMatchObject({ label: 'Edinburgh', type: 'town' }); // transposition
    expect(top('arbroth')).toMatchObject({ label: 'Arbroath', type: 'town' });
    expect(top('montrse station')).toMatchObject({ id: 'stop:rail:MTS' });
    expect(top('broughtu ferry')).toMatchObject({ label: 'Broughty Ferry station' });
    // Typos are looked for after a correct first letter (prefix_length 1), which keeps the scan fast.
    expect(tayside().index.search('ztirling')).toEqual([]);
  });

  it('completes prefixes', () => {
    expect(top('dunde')).toMatchObject({ id: 'place:geonames:dundee-u3' });
    expect(top('pitloch')).toMatchObject({ label: 'Pitlochry', type: 'town' });
    expect(top('ninew')).toMatchObject({
      id: 'health:ninewells-hospital',
      label: 'Ninewells Hospital',
      type: 'hospital',
    });
  });

  it('matches every word of a multi-word query, in any order', () => {
    // Perth Road is not named in the postcode file's road lists; Broughty Ferry Road is.
    expect(top('broughty ferry road dundee')).toMatchObject({
      id: 'street:dundee:broughty-ferry-road',
      type: 'street',
      secondary: 'Dundee',
    });
    expect(top('dundee broughty ferry rd')).toMatchObject({ id: 'street:dundee:broughty-ferry-road' });
    expect(top('saint madoes')).toMatchObject({ label: 'St Madoes (coach stop)' });
    expect(tayside().index.search('perth road dundee')).toEqual([]);
    expect(tayside().index.search('dundee xylophone')).toEqual([]);
  });

  it('is accent-insensitive on real names', () => {
    expect(top('Stírling')).toMatchObject({ id: 'place:geonames:stirling-w6' });
    expect(top('DÙNDEE')).toMatchObject({ id: 'place:geonames:dundee-u3' });
    // Bo’ness (a curly apostrophe in the source) from any spelling.
    for (const q of ["bo'ness", 'boness', 'bo ness', 'Bo’ness']) expect(top(q)?.label, q).toBe('Bo’ness');
  });

  it('returns at most 8 results with the documented shape', () => {
    const index = tayside().index;
    expect(index.search('dd', { limit: 50 })).toHaveLength(8);
    expect(index.search('dd', { limit: 3 })).toHaveLength(3);
    for (const r of index.search('du')) {
      expect(Object.keys(r).sort()).toEqual(['id', 'label', 'lat', 'lng', 'secondary', 'type']);
    }
  });

  it('keeps only current health sites', () => {
    const { index, region } = tayside();
    expect(index.search('montrose royal infirmary')).toEqual([]); // CLOSED April 2018
    expect(region.skipped.find((s) => s.name === 'Montrose Royal Infirmary')?.reason).toMatch(/CLOSED/);
    // Ninewells has no coordinates in the facts file; its sat-nav postcode DD2 1UB gives the point.
    const dd21ub = index.search('DD2 1UB')[0]!;
    expect(top('ninewells hospital')).toMatchObject({
      lat: dd21ub.lat,
      lng: dd21ub.lng,
      secondary: 'Hospital, Dundee',
    });
  });

  it('only holds places inside Great Britain', () => {
    const d = tayside().index.data;
    for (let i = 0; i < d.ids.length; i++) expect(inBox(GB_BOX, d.lat[i]! / 1e6, d.lng[i]! / 1e6)).toBe(true);
  });
});

describe('bias box', () => {
  // Same-named GeoNames places with one inside the council brand's box and one outside, found from the data.
  const council = brandBias('council');
  const regional = brandBias('default');
  const rows = parseCsv(readFileSync(repoPath('data/tayside/geo/scotland-places-geonames.csv'), 'utf8'));
  const byName = new Map<string, typeof rows>();
  for (const r of rows) byName.set(r.name!, [...(byName.get(r.name!) ?? []), r]);
  const pairs = [...byName.values()].filter(
    (list) => list.length === 2 && list.filter((r) => inBox(council, Number(r.lat), Number(r.lng))).length === 1,
  );

  it('finds same-named pairs across the council box in the data', () => {
    expect(pairs.length).toBeGreaterThan(0);
    expect(pairs.map((p) => p[0]!.name)).toContain('Newburgh');
  });

  it('the council brand ranks the Aberdeenshire place first; the regional brand the one in its own box', () => {
    for (const pair of pairs) {
      const name = pair[0]!.name!;
      const inside = pair.find((r) => inBox(council, Number(r.lat), Number(r.lng)))!;
      const outside = pair.find((r) => r !== inside)!;
      const first = top(name, { bias: council })!;
      expect(first.label).toBe(name);
      expect([first.lat, first.lng], name).toEqual([Number(inside.lat), Number(inside.lng)]);
      if (inBox(regional, Number(outside.lat), Number(outside.lng))) {
        const regionalFirst = top(name, { bias: regional })!;
        expect([regionalFirst.lat, regionalFirst.lng], name).toEqual([Number(outside.lat), Number(outside.lng)]);
      }
    }
    // Newburgh: Aberdeenshire (T6) for the council brand, Fife (V1) for the Tayside default.
    expect(top('Newburgh', { bias: council })).toMatchObject({
      id: 'place:geonames:newburgh-t6',
      secondary: 'Aberdeenshire',
    });
    expect(top('Newburgh', { bias: regional })).toMatchObject({ id: 'place:geonames:newburgh-v1', secondary: 'Fife' });
  });

  it('ignores an invalid box rather than failing', () => {
    expect(top('Dundee', { bias: { south: 58, west: 0, north: 57, east: -1 } })).toMatchObject({
      id: 'place:geonames:dundee-u3',
    });
  });
});
