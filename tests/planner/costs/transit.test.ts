import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tableFromCsv } from '../../../src/planner/costs/csv';
import { readFareTables } from '../../../src/planner/costs/gtfs-fare-source';
import { FareIndex } from '../../../src/planner/costs/gtfs-fares';
import { formatCost, toBreakdown } from '../../../src/planner/costs/money';
import { paymentMethodsBreakdown } from '../../../src/planner/costs/payment-methods';
import { faresDataSchema, paymentMethodsDataSchema } from '../../../src/planner/costs/region-data';
import { priceJourney, priceTransitLeg, type FareContext, type TransitLeg } from '../../../src/planner/costs/transit';
import { ZipSource } from '../../../src/planner/timetable/gtfs-source';
import { at, regionJson, SHARED } from './fixtures';

const fares = faresDataSchema.parse(regionJson('fares.json'));
const emberIndex = new FareIndex(
  await readFareTables(
    new ZipSource('ember', new Uint8Array(readFileSync(resolve(SHARED, 'tayside/gtfs/ember-e1.zip')))),
  ),
);
// A synthetic rail feed with one v1 fare (no real rail fares exist in our data): Dundee -> Perth GBP 15.70.
const railIndex = new FareIndex({
  'fare_attributes.txt': tableFromCsv('fare_id,price,currency_type,payment_method,transfers\nDEE-PTH,15.70,GBP,1,0'),
  'fare_rules.txt': tableFromCsv('fare_id,route_id,origin_id,destination_id,contains_id\nDEE-PTH,,DEE,PTH,'),
  'stops.txt': tableFromCsv('stop_id,zone_id\nDEE,DEE\nPTH,PTH'),
});
const ctx: FareContext = {
  fareIndexes: new Map([
    ['ember', emberIndex],
    ['railtest', railIndex],
  ]),
  data: fares,
};

const emberLeg: TransitLeg = {
  feed: 'ember',
  agencyName: 'Ember',
  routeId: 'ember:E1',
  routeType: 3,
  routeShortName: 'Ember',
  fromStopId: 'ember:640014188',
  toStopId: 'ember:64804323',
  fromStopName: 'Dundee Greenmarket',
  toStopName: 'Kinross P&R',
  departure: at('2026-03-10T08:10'),
};
const xploreLeg: TransitLeg = {
  feed: 'bus',
  agencyName: 'Xplore Dundee',
  routeId: 'bus:22',
  routeType: 3,
  routeShortName: '22',
  fromStopId: 'bus:a',
  toStopId: 'bus:b',
  fromStopName: 'City Centre',
  toStopName: 'Ninewells',
  departure: at('2026-03-10T09:00'),
};
const railLeg: TransitLeg = {
  feed: 'rail',
  agencyName: 'ScotRail',
  routeId: 'rail:x',
  routeType: 2,
  fromStopId: 'rail:DEE',
  toStopId: 'rail:PTH',
  fromStopName: 'Dundee',
  toStopName: 'Perth',
  departure: at('2026-03-10T08:00'),
};

describe('priceTransitLeg', () => {
  it('Ember: unknown (the feed has no fare rules), and no free travel assumed for the coach', () => {
    const adult = priceTransitLeg(emberLeg, {}, ctx);
    expect(adult.cost).toBe('unknown');
    expect(adult.serviceClass).toBe('coach');
    expect(adult.line.description).toMatch(/no fare_rules/);
    const senior = priceTransitLeg(emberLeg, { age: 70, hasConcessionaryPass: true }, ctx);
    expect(senior.cost).toBe('unknown');
    expect(senior.line.description).toMatch(/National Entitlement Card is not in our sources/);
  });

  it('Xplore Dundee: dated Long Hop estimate for adults, free with the cards', () => {
    const adult = priceTransitLeg(xploreLeg, { age: 30 }, ctx);
    expect(adult.cost).toBe(290);
    expect(adult.line.estimated).toBe(true);
    expect(adult.line.description).toMatch(
      /Long Hop single, estimated from the fare published 2024-04-15; Short Hop single £2.40/,
    );
    expect(adult.line.source?.url).toMatch(/thecourier/);
    expect(priceTransitLeg(xploreLeg, { age: 21, hasNewYoungScotCard: true }, ctx).cost).toBe('free');
    expect(priceTransitLeg(xploreLeg, { age: 22, hasNewYoungScotCard: true }, ctx).cost).toBe(290);
    expect(priceTransitLeg(xploreLeg, { age: 17, youngScotIssued: '2021-12-01' }, ctx).cost).toBe(290);
    expect(priceTransitLeg(xploreLeg, { age: 60, hasConcessionaryPass: true }, ctx).cost).toBe('free');
  });

  it('no concessions where the region data names no scheme', () => {
    const noScheme: FareContext = { ...ctx, data: { ...fares, concession_scheme: undefined } };
    expect(priceTransitLeg(xploreLeg, { hasConcessionaryPass: true }, noScheme).cost).toBe(290);
  });

  it('Xplore airport coach fare between Dundee and Edinburgh Airport', () => {
    const fly = { ...xploreLeg, fromStopName: 'Dundee Seagate', toStopName: 'Edinburgh Airport' };
    expect(priceTransitLeg(fly, {}, ctx).cost).toBe(2300);
  });

  it('an operator without fare data: unknown; a bus is still free with a pass', () => {
    const other = { ...xploreLeg, agencyName: 'Stagecoach East Scotland' };
    expect(priceTransitLeg(other, {}, ctx).cost).toBe('unknown');
    // Its published day ticket covers the ride: the line says so, and stays unknown (a single costs less).
    expect(priceTransitLeg(other, {}, ctx).line.description).toMatch(
      /fare unknown: no Stagecoach East Scotland single fare in our sources; a Stagecoach East Scotland DayRider East Scotland zone \(£11\.50, published 2024-03-31\) covers it$/,
    );
    const none = { ...xploreLeg, agencyName: 'Moffat & Williamson' };
    expect(priceTransitLeg(none, {}, ctx).line.description).toMatch(/fare unknown: no fare data for this service$/);
    expect(priceTransitLeg(other, { hasConcessionaryPass: true }, ctx).cost).toBe('free');
  });

  it('rail without fare data or station positions is unknown, even with a railcard or a bus pass', () => {
    expect(priceTransitLeg(railLeg, {}, ctx).cost).toBe('unknown');
    expect(priceTransitLeg(railLeg, { railcard: '16-25 Railcard' }, ctx).cost).toBe('unknown');
    expect(priceTransitLeg(railLeg, { hasConcessionaryPass: true, age: 65 }, ctx).cost).toBe('unknown');
  });

  it('a known rail fare takes the railcard discount', () => {
    const leg = { ...railLeg, feed: 'railtest', fromStopId: 'railtest:DEE', toStopId: 'railtest:PTH' };
    expect(priceTransitLeg(leg, {}, ctx).cost).toBe(1570);
    // Senior: 1570 x 2/3 = 1046.67 -> 1047p.
    expect(priceTransitLeg(leg, { railcard: 'Senior Railcard' }, ctx).cost).toBe(1047);
    // 16-25 at 08:00 Tuesday: minimum GBP 12.
    expect(priceTransitLeg(leg, { railcard: '16-25 Railcard' }, ctx).cost).toBe(1200);
    // 16-17 Saver: 785p.
    expect(priceTransitLeg(leg, { railcard: '16-17 Saver' }, ctx).cost).toBe(785);
  });
});

describe('priceJourney', () => {
  it('caps two Xplore singles at the DaySaver', () => {
    const out = priceTransitLeg(xploreLeg, {}, ctx);
    const back = priceTransitLeg({ ...xploreLeg, departure: at('2026-03-10T17:00') }, {}, ctx);
    // 290 + 290 = 580p > DaySaver 440p.
    const j = priceJourney([], [out, back], fares);
    expect(j.cost).toBe(440);
    expect(j.breakdown).toHaveLength(1);
    expect(j.breakdown[0]?.description).toMatch(/DaySaver covers 2 journeys/);
    // The steps agree with the total: the first ride shows the day ticket, the second what covers it.
    expect(j.legShares).toEqual([
      { cost: 440, buys: expect.stringMatching(/DaySaver: also pays for 1 more ride below$/) },
      { cost: 0, coveredBy: expect.stringMatching(/^Included in the .*DaySaver above$/) },
    ]);
    // One single stays a single.
    expect(priceJourney([], [out], fares).cost).toBe(290);
    expect(priceJourney([], [out], fares).legShares).toEqual([{ cost: 290 }]);
    // Different days are not capped together.
    expect(priceJourney([], [out, { ...back, date: '2026-03-11' }], fares).cost).toBe(580);
  });

  it('adds other parts; unknown makes the total unknown; all free is free', () => {
    const walkFree = { cost: 'free' as const, line: { description: 'Walk', cost: 'free' as const, estimated: false } };
    const taxi = { cost: 450, line: { description: 'Taxi', cost: 450, estimated: true } };
    const bus = priceTransitLeg(xploreLeg, {}, ctx);
    expect(priceJourney([walkFree, taxi], [bus], fares).cost).toBe(740);
    expect(priceJourney([taxi], [priceTransitLeg(emberLeg, {}, ctx)], fares).cost).toBe('unknown');
    const freeBus = priceTransitLeg(xploreLeg, { hasConcessionaryPass: true }, ctx);
    const j = priceJourney([walkFree], [freeBus], fares);
    expect(formatCost(j.cost)).toBe('free');
    expect(j.breakdown.map((l) => toBreakdown(l).cost)).toEqual(['free', 'free']);
  });
});

describe('payment methods', () => {
  const data = paymentMethodsDataSchema.parse(regionJson('payment-methods.json'));
  it('lists sourced agencies only', () => {
    expect(paymentMethodsBreakdown(['Ember', 'ScotRail', 'Ember'], data)).toEqual([
      { agency_name: 'Ember', methods: ['Online before boarding (cheaper)', 'Pay on board'] },
    ]);
    expect(paymentMethodsBreakdown(['ScotRail'], data)).toEqual([]);
  });
});
