/** Source adapters on small fixtures: stop naming, GTFS zips, OSM records, accents, facts rows. */
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { countCalls, stopsFromGtfsZip } from '../../../src/planner/places/gtfs-stops';
import { LocalityFinder } from '../../../src/planner/places/locality';
import { nameStop } from '../../../src/planner/places/naming';
import { normalizeText, canonicalPostcode } from '../../../src/planner/places/normalize';
import { PlaceIndex } from '../../../src/planner/places/place-index';
import { placesFromHealthSites, placesFromOsm, placesFromStops } from '../../../src/planner/places/sources';
import type { OsmPlaceInput, PlaceRecord, StopInput } from '../../../src/planner/places/types';
import { tayside } from './tayside';

const finder = new LocalityFinder([
  { name: 'Perth', lat: 56.39522, lng: -3.43139 },
  { name: 'Dundee', lat: 56.46913, lng: -2.97489 },
]);

describe('stop naming', () => {
  it('names stations and stops as travellers say them', () => {
    expect(nameStop('Dundee Rail Station', 'rail')).toEqual({
      label: 'Dundee station',
      type: 'station',
      what: 'Railway station',
    });
    expect(nameStop('Armadale (W Lothian) Rail Station', 'rail').label).toBe('Armadale (W Lothian) station');
    expect(nameStop('Perth Railway Station', 'rail').label).toBe('Perth station');
    expect(nameStop('Perth Bus Station', 'bus')).toEqual({
      label: 'Perth bus station',
      type: 'station',
      what: 'Bus station',
    });
    expect(nameStop('Perth Bus Station (Stance 4)', 'bus').label).toBe('Perth bus station (Stance 4)');
    expect(nameStop('Dundee Greenmarket', 'coach', 'Ember')).toEqual({
      label: 'Dundee Greenmarket (coach stop)',
      type: 'stop',
      what: 'Ember coach stop',
    });
    expect(nameStop('South Street', 'bus')).toEqual({ label: 'South Street', type: 'stop', what: 'Bus stop' });
  });

  it('merges same-named stops of one kind within 1 km and keeps stations above stops', () => {
    const stops: StopInput[] = [
      { id: 'x:2', name: 'Inchture', lat: 56.44305, lon: -3.17702, kind: 'coach', departures: 10 },
      { id: 'x:1', name: 'Inchture', lat: 56.447108, lon: -3.170071, kind: 'coach', departures: 12 },
      { id: 'bus:1', name: 'Perth Bus Station', lat: 56.3951, lon: -3.4367, kind: 'bus', departures: 500 },
      { id: 'bus:2', name: 'Leonard Street', lat: 56.3949, lon: -3.4372, kind: 'bus', departures: 50 },
    ];
    const places = placesFromStops(stops, finder);
    expect(places.filter((p) => p.label === 'Inchture (coach stop)')).toHaveLength(1);
    const inchture = places.find((p) => p.label === 'Inchture (coach stop)')!;
    expect(inchture.id).toBe('stop:coach:x:1');
    expect(inchture.lat).toBeCloseTo((56.44305 + 56.447108) / 2, 5);
    const index = PlaceIndex.build(places);
    expect(index.search('perth bus station')[0]).toMatchObject({
      label: 'Perth bus station',
      type: 'station',
      secondary: 'Bus station, Perth',
    });
    expect(index.search('perth bus')[0]?.label).toBe('Perth bus station');
  });
});

describe('GTFS stops adapter', () => {
  it('reads the real Ember feed: 19 stops, coach kind, same-named stops merged', () => {
    const { region } = tayside();
    const ember = region.records.filter((r) => r.source === 'gtfs-ember');
    // 19 stops.txt rows; Inchture, Longforgan and Edinburgh Zoo each have two, within 1 km.
    expect(ember).toHaveLength(16);
    expect(ember.every((r) => r.label.endsWith('(coach stop)'))).toBe(true);
    expect(region.records.filter((r) => r.source === 'gtfs-rail').length).toBeGreaterThan(340);
  });

  it('reads a zip with a top folder, parent stations, quoted names and route types', () => {
    const stops = [
      'stop_id,stop_code,stop_name,stop_lat,stop_lon,location_type,parent_station',
      'PST,PTH,"Perth, Rail Station",56.3917,-3.4393,1,',
      'PST-1,,Platform 1,56.3918,-3.4392,0,PST',
      'PST-E,,Entrance,56.3916,-3.4394,2,PST',
      'HALT,XYZ,Middle Of Nowhere Halt,,,0,',
    ].join('\r\n');
    const stopTimes =
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nt1,08:00:00,08:00:00,PST-1,1\nt2,09:00:00,09:00:00,PST-1,1\n';
    const zip = zipSync({
      'feed/stops.txt': strToU8(stops),
      'feed/routes.txt': strToU8('route_id,route_type\nR1,2\n'),
      'feed/stop_times.txt': strToU8(stopTimes),
    });
    const out = stopsFromGtfsZip(zip, { feed: 'test' });
    expect(out).toEqual([
      { id: 'PTH', name: 'Perth, Rail Station', lat: 56.3917, lon: -3.4393, kind: 'rail', departures: 2 },
    ]);
    expect(countCalls(stopTimes)).toEqual(new Map([['PST-1', 2]]));
    expect(stopsFromGtfsZip(zipSync({ 'x.txt': strToU8('') }), { feed: 'empty' })).toEqual([]);
  });

  it('counts calls from the bytes of a messy stop_times: BOM, CRLF, a quoted line, a non-ASCII id, no trailing newline', () => {
    const text =
      '\uFEFFtrip_id,stop_id,stop_sequence\r\nt1,A,1\r\n"t2","Gare de l\u2019Est",1\r\nt3,Gare de l\u2019Est,2\r\nt4,A,3';
    expect(countCalls(strToU8(text))).toEqual(
      new Map([
        ['A', 2],
        ['Gare de l\u2019Est', 2],
      ]),
    );
    expect(countCalls(text)).toEqual(countCalls(strToU8(text)));
    expect(countCalls(strToU8('trip_id,arrival_time\nt1,08:00:00\n'))).toEqual(new Map());
  });
});

describe('OSM records adapter', () => {
  // Hand-made records in the shape osmPlacesFromPbf emits (Dundee has no OSM extract here).
  const osm: OsmPlaceInput[] = [
    {
      kind: 'address',
      osmId: 'n1',
      housenumber: '12',
      street: 'Perth Road',
      postcode: 'dd1 4hn',
      city: 'Dundee',
      lat: 56.4573,
      lon: -2.9783,
    },
    {
      kind: 'address',
      osmId: 'n2',
      housenumber: '14',
      street: 'Perth Road',
      city: 'Dundee',
      lat: 56.4572,
      lon: -2.979,
    },
    { kind: 'street', osmId: 'w1', name: 'Perth Road', city: 'Dundee', lat: 56.457, lon: -2.98 },
    { kind: 'street', osmId: 'w2', name: 'Perth Road', city: 'Dundee', lat: 56.4565, lon: -2.99 },
    {
      kind: 'poi',
      osmId: 'n3',
      name: 'McManus Galleries',
      category: 'museum',
      city: 'Dundee',
      lat: 56.4626,
      lon: -2.9707,
    },
    { kind: 'poi', osmId: 'n4', name: '', category: 'bench', lat: 56.46, lon: -2.97 },
  ];
  const places = placesFromOsm(osm);
  const index = PlaceIndex.build(places);

  it('builds addresses, one street per name and city, and named POIs', () => {
    expect(places.map((p) => [p.id, p.label, p.secondary, p.type])).toEqual([
      ['osm:address:n1', '12 Perth Road', 'DD1 4HN, Dundee', 'address'],
      ['osm:address:n2', '14 Perth Road', 'Dundee', 'address'],
      ['osm:poi:n3', 'McManus Galleries', 'Museum, Dundee', 'poi'],
      ['osm:street:w1', 'Perth Road', 'Dundee', 'street'],
    ]);
  });

  it('finds them with multi-word queries', () => {
    expect(index.search('perth road dundee')[0]).toMatchObject({ id: 'osm:street:w1' });
    expect(index.search('12 perth road')[0]).toMatchObject({ id: 'osm:address:n1' });
    expect(index.search('dundee 12 perth rd')[0]).toMatchObject({ id: 'osm:address:n1' });
    expect(index.search('mcmanus museum')[0]).toMatchObject({ id: 'osm:poi:n3' });
    expect(index.reverse(56.4573, -2.9783)).toMatchObject({ id: 'osm:address:n1', distanceM: 0 });
  });

  it('keeps a region outside GB only when the index is told its country', () => {
    const portoAlegre = placesFromOsm([
      { kind: 'street', osmId: 'w9', name: 'Avenida Ipiranga', city: 'Porto Alegre', lat: -30.05, lon: -51.2 },
    ]);
    expect(PlaceIndex.build(portoAlegre).size).toBe(0); // default: Great Britain only
    const pa = PlaceIndex.build(portoAlegre, { country: { south: -30.3, west: -51.4, north: -29.9, east: -51.0 } });
    expect(pa.search('av ipiranga')[0]).toMatchObject({ id: 'osm:street:w9' }); // "av" as a prefix of "avenida"
    expect(pa.search('avenida ipiranga porto alegre')[0]).toMatchObject({ id: 'osm:street:w9' });
  });
});

describe('accents and normalisation', () => {
  const fixture: PlaceRecord[] = [
    {
      id: 'f:1',
      label: 'Dùn Dèagh',
      secondary: 'Dundee (Gaelic)',
      type: 'town',
      lat: 56.46,
      lng: -2.97,
      importance: 0.5,
      source: 'test',
    },
    {
      id: 'f:2',
      label: 'Peñíscola Café',
      secondary: 'Straße 5',
      type: 'poi',
      lat: 56.4,
      lng: -3.4,
      importance: 0.5,
      source: 'test',
    },
    {
      id: 'f:3',
      label: 'Cille Rìmhinn',
      secondary: 'St Andrews',
      type: 'town',
      lat: 56.34,
      lng: -2.79,
      importance: 0.5,
      source: 'test',
    },
  ];
  const index = PlaceIndex.build(fixture);

  it('folds case, accents and punctuation', () => {
    expect(normalizeText('Dùn Dèagh')).toBe('dun deagh');
    expect(normalizeText('Bo’ness & Carriden')).toBe('boness and carriden');
    expect(normalizeText('STRAẞE-5, Ærø')).toBe('strasse 5 aero');
    expect(canonicalPostcode('dd14hn')).toBe('DD1 4HN');
    expect(canonicalPostcode('DD1  4HN')).toBe('DD1 4HN');
    expect(canonicalPostcode('DD1')).toBeNull();
  });

  it('finds accented names without accents and the other way round', () => {
    expect(index.search('dun deagh')[0]?.id).toBe('f:1');
    expect(index.search('DÙN')[0]?.id).toBe('f:1');
    expect(index.search('peniscola cafe')[0]?.id).toBe('f:2');
    expect(index.search('strasse')[0]?.id).toBe('f:2');
    expect(index.search('cille rimhinn')[0]?.id).toBe('f:3');
    expect(index.search('saint andrews')[0]?.id).toBe('f:3'); // "st"/"saint" folding
  });
});

describe('health sites', () => {
  const rows: Record<string, string>[] = [
    {
      name: 'Open With Coords',
      status: 'open',
      lat: '56.40',
      lon: '-3.45',
      type_or_services: 'district general hospital; emergency department',
      address: 'X Road, Perth',
    },
    {
      name: 'Closed One Hospital',
      status: 'CLOSED April 2018 - do not route patients here',
      lat: '56.40',
      lon: '-3.45',
    },
    {
      name: 'Via Postcode Hospital',
      status: 'open (per old page)',
      postcode: 'DD1 9SY (postal); DD2 1UB (sat-nav only)',
    },
    { name: 'Nowhere Centre', status: 'open', postcode: 'not stated' },
  ];
  it('keeps open sites, takes the sat-nav postcode, and reports what it left out', () => {
    const points: Record<string, { lat: number; lng: number }> = {
      'DD1 9SY': { lat: 1, lng: 1 },
      'DD2 1UB': { lat: 56.463729, lng: -3.030987 },
    };
    const skipped: { name: string; reason: string }[] = [];
    const out = placesFromHealthSites(rows, (pc) => points[pc.toUpperCase()], finder, skipped as never);
    expect(out.map((p) => [p.label, p.type, p.lat])).toEqual([
      ['Open With Coords', 'hospital', 56.4],
      ['Via Postcode Hospital', 'hospital', 56.463729],
    ]);
    expect(out[0]!.importance).toBeGreaterThan(out[1]!.importance);
    expect(skipped.map((s) => s.name)).toEqual(['Closed One Hospital', 'Nowhere Centre']);
  });
});
