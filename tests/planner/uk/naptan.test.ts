/** NaPTAN import on the real council CSVs (2026 snapshot, OGL v3): names, grid conversion, places, bad rows. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PlaceIndex } from '../../../src/planner/places/place-index';
import { assembleRegionPlaces } from '../../../src/planner/places/region';
import { parseNaptan, taxiRanks } from '../../../src/planner/uk/naptan';
import { naptanPlaces } from '../../../src/planner/places/naptan';
import { osgbToWgs84 } from '../../../src/planner/geo/osgb';
import { SHARED_DATA } from '../transit/helpers';

const csv = (council: string) =>
  readFileSync(
    resolve(
      SHARED_DATA,
      ['aberdeen', 'aberdeenshire'].includes(council) ? 'north-east/naptan' : 'tayside/naptan',
      `${council}.csv`,
    ),
    'utf8',
  );
const metres = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) =>
  Math.hypot((a.lat - b.lat) * 111_320, (a.lon - b.lon) * 111_320 * Math.cos((a.lat * Math.PI) / 180));

describe('NaPTAN import', () => {
  it('names stops with locality and indicator', () => {
    const perth = parseNaptan(csv('perth-kinross'), 'perth-kinross.csv').stops;
    const dundee = parseNaptan(csv('dundee'), 'dundee.csv').stops;
    expect(dundee.find((s) => s.atco === '640012246')?.label).toBe('Dundee, Seagate Bus Station, Stance 3');
    expect(perth.find((s) => s.atco === '64801052')?.label).toBe('Perth, Bus Station, Stance 10');
    const places = naptanPlaces(perth);
    expect(places.find((p) => p.type === 'station' && p.label === 'Perth, Bus Station')).toMatchObject({
      secondary: 'Bus station, 10 stances',
    });
  });

  it('converts OSGB36 easting/northing to WGS84 within a few metres (checked on rows that give both)', () => {
    let worst = 0;
    for (const council of ['aberdeen', 'aberdeenshire', 'dundee', 'perth-kinross', 'stirling']) {
      const lines = csv(council).trim().split('\n').slice(1, 400);
      for (const line of lines) {
        const f = line.split(',');
        if (!f[29] || !f[27] || line.includes('"')) continue;
        worst = Math.max(
          worst,
          metres(osgbToWgs84(Number(f[27]), Number(f[28])), { lat: Number(f[30]), lon: Number(f[29]) }),
        );
      }
    }
    expect(worst).toBeLessThan(5);
    // The Angus rows have no Latitude/Longitude: every active stop gets a position inside Angus.
    const angus = parseNaptan(csv('angus'), 'angus.csv');
    expect(angus.issues).toEqual([]);
    expect(angus.stops.length).toBe(1822);
    for (const s of angus.stops) {
      expect(s.lat).toBeGreaterThan(56.4);
      expect(s.lat).toBeLessThan(57.0);
    }
    const ranks = taxiRanks(angus.stops);
    expect(ranks.find((r) => r.id === '6490TX005')).toMatchObject({ name: 'Bus Station Taxi Rank', town: 'Arbroath' });
  });

  it('a row with no coordinates is named in the issues and skipped; the rest imports', () => {
    const lines = csv('angus').trim().split('\n');
    const header = lines[0]!.split(',');
    const broken = lines[1]!.split(',');
    for (const col of ['Easting', 'Northing', 'Longitude', 'Latitude']) broken[header.indexOf(col)] = '';
    const read = parseNaptan([lines[0], broken.join(','), ...lines.slice(2, 11)].join('\n'), 'angus.csv');
    expect(read.issues).toEqual([
      {
        file: 'angus.csv',
        line: 2,
        message: expect.stringMatching(
          /^stop '6490IM1953' \(Easter Marcus\) has neither Latitude\/Longitude nor Easting\/Northing; skipped$/,
        ),
      },
    ]);
    expect(read.stops.length).toBe(9);
    expect(parseNaptan('a,b\n1,2\n', 'other.csv').issues[0]!.message).toMatch(/not a NaPTAN stops CSV/);
  });

  it('place search finds bus stations, stops, towns from localities, and city centres', () => {
    const naptan = ['dundee', 'perth-kinross'].flatMap((c) => parseNaptan(csv(c), `${c}.csv`).stops);
    const geonames = readFileSync(resolve(SHARED_DATA, 'tayside/geo/scotland-places-geonames.csv'), 'utf8');
    const region = assembleRegionPlaces({ geonamesCsv: geonames, naptan });
    const index = PlaceIndex.build(region.records);
    const top = (q: string) => index.search(q);
    expect(top('Perth bus station')[0]).toMatchObject({ label: 'Perth, Bus Station', type: 'station' });
    expect(top('Seagate').map((r) => r.label)).toContain('Dundee, Seagate Bus Station');
    expect(top('Broughty Ferry')[0]).toMatchObject({ label: 'Broughty Ferry', type: 'town' });
    expect(top('Dundee city centre')[0]!.label).toMatch(/^Dundee City Centre$/i);
    expect(top('Forfar town centre')[0]).toMatchObject({ label: 'Forfar town centre', type: 'town' });
    expect(top('Perth city centre')[0]).toMatchObject({ label: 'Perth city centre' });
  });
});
