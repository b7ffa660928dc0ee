import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tableFromCsv } from '../../../src/planner/costs/csv';
import { readFareTables } from '../../../src/planner/costs/gtfs-fare-source';
import {
  FareIndex,
  fareIndexesFromTimetable,
  fareTablesFromExtras,
  type FareTables,
} from '../../../src/planner/costs/gtfs-fares';
import { ZipSource } from '../../../src/planner/timetable/gtfs-source';
import { SHARED } from './fixtures';

async function feedIndex(path: string): Promise<FareIndex> {
  const source = new ZipSource('feed', new Uint8Array(readFileSync(resolve(SHARED, path))));
  return new FareIndex(await readFareTables(source));
}

const csv = (text: string) => tableFromCsv(text.trim());

describe('GTFS fares from real feeds', () => {
  it('Ember E1: 96 fares but no fare_rules, so no fare can be chosen for a trip', async () => {
    const ember = await feedIndex('tayside/gtfs/ember-e1.zip');
    expect(ember.v1Fares.size).toBe(96);
    expect(ember.v1Fares.get('Adult-510-onboard')).toMatchObject({ amount: 510, currency: 'GBP', paymentMethod: '0' });
    expect(ember.v1Fares.get('Adult-290-online')).toMatchObject({ amount: 290, paymentMethod: '1' });
    // Dundee Greenmarket -> Kinross P&R on route E1.
    const r = ember.lookup({ routeId: 'E1', fromStopId: '640014188', toStopId: '64804323' });
    expect(r.kind).toBe('none');
    expect(r.kind === 'none' && r.reason).toMatch(/96 fares .* but no fare_rules/);
  });

  it('Porto Alegre EPTC: a single fare and no rules applies to every trip (BRL 4.70)', async () => {
    const poa = await feedIndex('test/porto-alegre/gtfs-eptc-bus.zip');
    const r = poa.lookup({ routeId: 'any', fromStopId: 'a', toStopId: 'b' });
    expect(r).toMatchObject({ kind: 'fare', amount: 470, currency: 'BRL', version: 1 });
  });

  it('Cobb County flex: origin/destination zones from stops.txt zone_id', async () => {
    const cobb = await feedIndex('test/flex/cobblinc-scheduled-deviated-flex.gtfs.zip');
    // yz85 is in Z1, cujv in Z4: rule flex-adult Z1 -> Z4 -> USD 2.50.
    expect(cobb.lookup({ routeId: '090z', fromStopId: 'yz85', toStopId: 'cujv' })).toMatchObject({
      kind: 'fare',
      amount: 250,
      currency: 'USD',
    });
    // Z1 -> Z2 has no rule.
    expect(cobb.lookup({ routeId: '090z', fromStopId: 'yz85', toStopId: '7y7t' }).kind).toBe('none');
  });
});

describe('GTFS Fares v1 matching', () => {
  const tables: FareTables = {
    'fare_attributes.txt': csv(`fare_id,price,currency_type,payment_method,transfers
local,2.00,GBP,0,
express,5.50,GBP,1,
outer,3.10,GBP,0,
through,4.00,GBP,0,`),
    'fare_rules.txt': csv(`fare_id,route_id,origin_id,destination_id,contains_id
local,R1,,,
express,X1,,,
outer,R1,A,B,
through,R2,,,A
through,R2,,,B
through,R2,,,C`),
    'stops.txt': csv(`stop_id,zone_id
s1,A
s2,B
s3,C`),
  };
  const idx = new FareIndex(tables);

  it('matches by route; takes the cheapest fare when several apply', () => {
    expect(idx.lookup({ routeId: 'X1', fromStopId: 's1', toStopId: 's2' })).toMatchObject({
      fareId: 'express',
      amount: 550,
      description: 'express (bought before boarding)',
    });
    // R1 A->B: local (200) and outer (310) both apply; cheapest wins, the other is an alternative.
    const r = idx.lookup({ routeId: 'R1', fromStopId: 's1', toStopId: 's2' });
    expect(r).toMatchObject({ fareId: 'local', amount: 200 });
    expect(r.kind === 'fare' && r.alternatives.map((a) => a.fareId)).toEqual(['outer']);
  });

  it('contains_id: applies only when the zones passed through are exactly those listed', () => {
    expect(
      idx.lookup({ routeId: 'R2', fromStopId: 's1', toStopId: 's3', passedStopIds: ['s1', 's2', 's3'] }),
    ).toMatchObject({ fareId: 'through', amount: 400 });
    expect(idx.lookup({ routeId: 'R2', fromStopId: 's1', toStopId: 's2', passedStopIds: ['s1', 's2'] }).kind).toBe(
      'none',
    );
  });

  it('reads the tables a timetable keeps in its extras ("feed/file")', () => {
    const extras = {
      'x/fare_attributes.txt': tables['fare_attributes.txt']!,
      'x/fare_rules.txt': tables['fare_rules.txt']!,
      'y/fare_rules.txt': csv('fare_id\nz'),
    };
    const t = fareTablesFromExtras(extras, 'x', { 'stops.txt': tables['stops.txt'] });
    expect(Object.keys(t).sort()).toEqual(['fare_attributes.txt', 'fare_rules.txt', 'stops.txt']);
    expect(new FareIndex(t).lookup({ routeId: 'X1', fromStopId: 's1', toStopId: 's2' })).toMatchObject({ amount: 550 });
  });
});

describe('GTFS Fares v2 single leg', () => {
  const tables: FareTables = {
    'fare_products.txt': csv(`fare_product_id,fare_product_name,rider_category_id,fare_media_id,amount,currency
single,Adult single,adult,card,2.50,GBP
single,Adult single,adult,cash,2.80,GBP
single,Child single,child,,1.20,GBP
zone2,Two-zone single,adult,,3.60,GBP
night,Night single,adult,,4.00,GBP
airport,Airport single,adult,,9.00,GBP`),
    'rider_categories.txt': csv(`rider_category_id,rider_category_name,is_default_fare_category
adult,Adult,1
child,Child,0`),
    'fare_media.txt': csv(`fare_media_id,fare_media_name,fare_media_type
card,Smartcard,2
cash,Cash,0`),
    'stop_areas.txt': csv(`area_id,stop_id
central,s1
central,s2
outer,s3
airport,s4`),
    'timeframes.txt': csv(`timeframe_group_id,start_time,end_time,service_id
night,00:00:00,05:00:00,
night,23:00:00,24:00:00,`),
    'fare_leg_rules.txt':
      csv(`leg_group_id,network_id,from_area_id,to_area_id,from_timeframe_group_id,to_timeframe_group_id,fare_product_id,rule_priority
,city,central,central,,,single,0
,city,central,outer,,,zone2,0
,city,central,central,night,,night,0
,city,central,airport,,,airport,1
,city,central,airport,,,single,0`),
    'routes.txt': csv(`route_id,agency_id,network_id
r1,a,city`),
  };
  const idx = new FareIndex(tables);

  it('uses the default rider and the cheapest medium', () => {
    const r = idx.lookup({ routeId: 'r1', fromStopId: 's1', toStopId: 's2', departureMinutes: 12 * 60 });
    expect(r).toMatchObject({ kind: 'fare', version: 2, amount: 250, description: 'Adult single (Smartcard)' });
  });

  it('areas pick the product', () => {
    expect(idx.lookup({ routeId: 'r1', fromStopId: 's1', toStopId: 's3', departureMinutes: 12 * 60 })).toMatchObject({
      amount: 360,
    });
  });

  it('timeframes by time of day', () => {
    expect(
      idx.lookup({ routeId: 'r1', fromStopId: 's1', toStopId: 's2', departureMinutes: 23 * 60 + 30 }),
    ).toMatchObject({ amount: 400 });
    expect(idx.lookup({ routeId: 'r1', fromStopId: 's1', toStopId: 's2', departureMinutes: 4 * 60 })).toMatchObject({
      amount: 400,
    });
  });

  it('rule_priority: the highest matching priority wins', () => {
    expect(idx.lookup({ routeId: 'r1', fromStopId: 's1', toStopId: 's4', departureMinutes: 12 * 60 })).toMatchObject({
      amount: 900,
    });
  });

  it('a route in no listed network falls back to none', () => {
    expect(idx.lookup({ routeId: 'other', fromStopId: 's1', toStopId: 's2' }).kind).toBe('none');
  });
});

describe('GTFS Fares v2 empty fields', () => {
  it("an empty field matches only when no rule names the leg's value", () => {
    const idx = new FareIndex({
      'fare_products.txt': tableFromCsv('fare_product_id,amount,currency\nflat,2.00,GBP\nfrom_a,3.00,GBP'),
      'fare_leg_rules.txt': tableFromCsv('network_id,from_area_id,to_area_id,fare_product_id\n,,,flat\n,A,,from_a'),
      'stop_areas.txt': tableFromCsv('area_id,stop_id\nA,s1'),
    });
    // From area A: the rule naming A excludes the catch-all.
    expect(idx.lookup({ routeId: 'r', fromStopId: 's1', toStopId: 's2' })).toMatchObject({ amount: 300 });
    // From elsewhere: the catch-all applies.
    expect(idx.lookup({ routeId: 'r', fromStopId: 's9', toStopId: 's2' })).toMatchObject({ amount: 200 });
  });
});

describe('fare indexes from a built timetable', () => {
  it('Ember: the timetable keeps fare_attributes in its extras; the lookup gives the same honest unknown', async () => {
    const { buildTimetable } = await import('../../../src/planner/timetable/build');
    const tt = await buildTimetable([
      { source: new ZipSource('ember', new Uint8Array(readFileSync(resolve(SHARED, 'tayside/gtfs/ember-e1.zip')))) },
    ]);
    const indexes = fareIndexesFromTimetable(tt);
    const ember = indexes.get('ember');
    expect(ember?.v1Fares.size).toBe(96);
    expect(ember?.lookup({ routeId: 'E1', fromStopId: '640014188', toStopId: '64804323' }).kind).toBe('none');
  });

  it('Cobb County flex: zones come from stops.txt read beside the timetable', async () => {
    const { buildTimetable } = await import('../../../src/planner/timetable/build');
    const source = new ZipSource(
      'cobb',
      new Uint8Array(readFileSync(resolve(SHARED, 'test/flex/cobblinc-scheduled-deviated-flex.gtfs.zip'))),
    );
    const tt = await buildTimetable([{ source }]);
    const stops = (await readFareTables(source))['stops.txt'];
    const withZones = fareIndexesFromTimetable(tt, { cobb: { 'stops.txt': stops } }).get('cobb');
    expect(withZones?.lookup({ routeId: '090z', fromStopId: 'yz85', toStopId: 'cujv' })).toMatchObject({
      kind: 'fare',
      amount: 250,
    });
    // Without zones the zone rules cannot match.
    expect(
      fareIndexesFromTimetable(tt).get('cobb')?.lookup({ routeId: '090z', fromStopId: 'yz85', toStopId: 'cujv' }).kind,
    ).toBe('none');
  });
});
