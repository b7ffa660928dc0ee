import { describe, expect, it } from 'vitest';
import { applyRailcard } from '../../../src/planner/costs/concessions';
import {
  estimateRailReturn,
  fitPower,
  leaveOneOut,
  predictPence,
  railModel,
} from '../../../src/planner/costs/rail-fares';
import { faresDataSchema } from '../../../src/planner/costs/region-data';
import { priceJourney, priceTransitLeg, type FareContext, type TransitLeg } from '../../../src/planner/costs/transit';
import { readFileSync } from 'node:fs';
import { at, regionJson } from './fixtures';

const fares = faresDataSchema.parse(regionJson('fares.json'));
const rail = fares.rail as NonNullable<typeof fares.rail>;
const ctx: FareContext = { fareIndexes: new Map(), data: fares };
// Station positions from the rail feed's stops.txt.
const DEE = { lat: 56.45648, lng: -2.9712 };
const PTH = { lat: 56.39209, lng: -3.4397 };
const STG = { lat: 56.11987, lng: -3.93454 };
const ARB = { lat: 56.55957, lng: -2.58893 };
const leg = (from: typeof DEE, to: typeof DEE, names: [string, string], departure: string): TransitLeg => ({
  feed: 'rail',
  agencyName: 'ScotRail',
  routeId: 'rail:x',
  routeType: 2,
  fromStopId: `rail:${names[0]}`,
  toStopId: `rail:${names[1]}`,
  fromStopName: `${names[0]} Rail Station`,
  toStopName: `${names[1]} Rail Station`,
  fromPoint: from,
  toPoint: to,
  departure: at(departure),
});
const deePth = leg(DEE, PTH, ['Dundee', 'Perth'], '2026-12-01T10:30');

describe('rail fare estimate', () => {
  it('a power law fit recovers its own coefficients', () => {
    const m = fitPower([10, 20, 40, 80].map((km) => ({ km, pence: 50 * km ** 0.9 })));
    expect(m.a).toBeCloseTo(50, 6);
    expect(m.b).toBeCloseTo(0.9, 6);
    expect(predictPence(m, 20)).toBeCloseTo(50 * 20 ** 0.9, 6);
    expect(() => fitPower([{ km: 10, pence: 100 }])).toThrow(/at least two/);
  });

  it('published pairs: the pilot fare (Courier 2024-09-27) + 3.8% April 2025, to 10p', () => {
    // Dundee-Perth £10.80 x 1.038 = £11.21 -> £11.20; Dundee-Arbroath and Stirling-Perth £10.40 x 1.038 = £10.80.
    expect(estimateRailReturn(rail, DEE, PTH).returnPence).toBe(1120);
    expect(estimateRailReturn(rail, PTH, DEE).returnPence).toBe(1120);
    expect(estimateRailReturn(rail, DEE, ARB).returnPence).toBe(1080);
    expect(estimateRailReturn(rail, STG, PTH).returnPence).toBe(1080);
    // Glasgow-Stirling £9.60 in Oct 2023 x 1.087 x 1.038 = £10.83 -> £10.80.
    expect(
      rail.observations.find((o) => o.from.name === 'Glasgow' && o.to.name === 'Stirling')?.indexed_pence,
    ).toBeCloseTo(960 * 1.087 * 1.038, 1);
    // The index reproduces the one post-abolition figure: Edinburgh-Glasgow £14.90 (Oct 2023 pilot) -> £16.81, published £16.80.
    expect(Math.round(1490 * 1.087 * 1.038)).toBe(1681);
  });

  it('other pairs: the fitted formula, labelled with its basis', () => {
    const m = railModel(rail);
    expect(m.n).toBe(14);
    const est = estimateRailReturn(rail, ARB, STG);
    expect(est.returnPence % 10).toBe(0);
    expect(est.basis).toMatch(/formula .* fitted to 14 published ScotRail off-peak returns/);
    expect(estimateRailReturn(rail, DEE, { lat: 56.4627, lng: -2.8706 }).basis).toMatch(/outside the 23-103 km/);
  });

  it('leave-one-out error (printed; README figures)', () => {
    const loo = leaveOneOut(rail.observations);
    console.log(
      `rail formula leave-one-out: mean |error| ${loo.meanAbsPct.toFixed(1)}%, median ${loo.medianAbsPct.toFixed(1)}%, max ${loo.maxAbsPct.toFixed(1)}%, RMSE £${(loo.rmsePence / 100).toFixed(2)} over ${loo.rows.length} fares`,
    );
    expect(loo.rows).toHaveLength(14);
    expect(loo.meanAbsPct).toBeCloseTo(30.1, 1);
    expect(loo.medianAbsPct).toBeCloseTo(23.5, 1);
    for (const r of loo.rows) expect(Number.isFinite(r.predictedPence)).toBe(true);
  });

  it('a train leg is priced, estimated and sourced; the 16-25 Railcard takes a third off after 10:00', () => {
    const adult = priceTransitLeg(deePth, {}, ctx);
    expect(adult.cost).toBe(1120);
    expect(adult.line.estimated).toBe(true);
    expect(adult.line.source?.url).toMatch(/thecourier/);
    expect(adult.line.description).toMatch(/one-way trip .* a single costs no more/);
    expect(priceTransitLeg(deePth, { railcard: '16-25 Railcard' }, ctx).cost).toBe(747);
    // 04:30-10:00 on a weekday: the GBP 12 minimum fare, so the full £11.20 (less than £12).
    expect(
      priceTransitLeg({ ...deePth, departure: at('2026-12-01T09:14') }, { railcard: '16-25 Railcard' }, ctx).cost,
    ).toBe(1120);
    expect(
      priceTransitLeg({ ...deePth, departure: at('2026-12-05T09:14') }, { railcard: '16-25 Railcard' }, ctx).cost,
    ).toBe(747);
    expect(priceTransitLeg(deePth, { railcard: '16-17 Saver' }, ctx).cost).toBe(560);
    expect(priceTransitLeg(deePth, { hasConcessionaryPass: true, age: 70 }, ctx).cost).toBe(1120);
  });

  it('a journey: out and back is one return; changes make one through ticket', () => {
    const out = priceTransitLeg(deePth, {}, ctx);
    const back = priceTransitLeg(leg(PTH, DEE, ['Perth', 'Dundee'], '2026-12-01T17:10'), {}, ctx);
    const both = priceJourney(
      [],
      [
        { ...out, trip: 0 },
        { ...back, trip: 1 },
      ],
      fares,
    );
    expect(both.cost).toBe(1120);
    expect(both.breakdown).toHaveLength(1);
    expect(both.breakdown[0]?.description).toMatch(/and back: one ScotRail off-peak return/);
    const onward = priceTransitLeg(leg(PTH, STG, ['Perth', 'Stirling'], '2026-12-01T11:20'), {}, ctx);
    const through = priceJourney(
      [],
      [
        { ...out, trip: 0 },
        { ...onward, trip: 0 },
      ],
      fares,
    );
    expect(through.breakdown).toHaveLength(1);
    expect(through.cost).toBe(estimateRailReturn(rail, DEE, STG).returnPence);
  });

  it('the steps add up to the total: the first train carries the ticket, the others say what covers them', () => {
    const out = priceTransitLeg(deePth, {}, ctx);
    const onward = priceTransitLeg(leg(PTH, STG, ['Perth', 'Stirling'], '2026-12-01T11:20'), {}, ctx);
    const back1 = priceTransitLeg(leg(STG, PTH, ['Stirling', 'Perth'], '2026-12-01T17:10'), {}, ctx);
    const back2 = priceTransitLeg(leg(PTH, DEE, ['Perth', 'Dundee'], '2026-12-01T18:10'), {}, ctx);
    const legs = [
      { ...out, trip: 0 },
      { ...onward, trip: 0 },
      { ...back1, trip: 1 },
      { ...back2, trip: 1 },
    ];
    const j = priceJourney([], legs, fares);
    // Each leg on its own would be priced at its own return: four times more than the one ticket.
    const separately = legs.reduce((s, l) => s + (l.cost as number), 0);
    expect(separately).toBeGreaterThan(j.cost as number);
    expect(j.legShares.map((s) => s.cost)).toEqual([j.cost, 0, 0, 0]);
    expect(j.legShares.reduce((s, l) => s + (l.cost as number), 0)).toBe(j.cost);
    expect(j.legShares[0]?.coveredBy).toBeUndefined();
    expect(j.legShares[0]?.buys).toBe(
      'ScotRail return Dundee Rail Station - Stirling Rail Station: also pays for 3 more rides below',
    );
    expect(j.legShares[1]?.coveredBy).toBe(
      'Included in the ScotRail return Dundee Rail Station - Stirling Rail Station above',
    );
    expect(j.legShares[2]?.coveredBy).toMatch(/^Included in the return ticket above/);
    expect(j.legShares[3]?.coveredBy).toMatch(/^Included in the return ticket above/);
  });

  it('north-east trains are priced by the same published ScotRail tariff (no longer unknown)', () => {
    const northEast = faresDataSchema.parse(
      JSON.parse(readFileSync(new URL('../../../data/regions/north-east/fares.json', import.meta.url), 'utf8')),
    );
    expect(northEast.rail).toEqual(rail);
    expect(northEast.published_fares).toEqual([]); // nothing else is known there, nothing made up
    // Aberdeen and Inverurie, as the rail feed's stops.txt places them.
    const abdInr = leg(
      { lat: 57.1437, lng: -2.09869 },
      { lat: 57.28386, lng: -2.37393 },
      ['Aberdeen', 'Inverurie'],
      '2026-12-01T10:30',
    );
    const priced = priceTransitLeg(abdInr, {}, { fareIndexes: new Map(), data: northEast });
    expect(typeof priced.cost).toBe('number');
    expect(priced.cost).toBe(estimateRailReturn(rail, abdInr.fromPoint!, abdInr.toPoint!).returnPence);
    expect(priced.line.estimated).toBe(true);
    expect(priced.line.description).toMatch(/estimated at 2025-09 prices/);
    // The published Dundee-Aberdeen return, for a train between them in either region.
    const deeAbd = leg(DEE, { lat: 57.1437, lng: -2.09869 }, ['Dundee', 'Aberdeen'], '2026-12-01T10:30');
    expect(priceTransitLeg(deeAbd, {}, { fareIndexes: new Map(), data: northEast }).line.description).toMatch(
      /published/,
    );
  });

  it('a rail replacement bus is priced as the train it replaces: rail tickets, never the bus pass', () => {
    const bus: TransitLeg = { ...deePth, routeType: 3, routeShortName: '5178', replacesRail: true };
    const adult = priceTransitLeg(bus, {}, ctx);
    expect(adult.cost).toBe(priceTransitLeg(deePth, {}, ctx).cost);
    expect(adult.serviceClass).toBe('bus'); // a bus on the road: bus emissions
    expect(adult.line.description).toMatch(/^ScotRail rail replacement bus: .* \(rail tickets apply\)/);
    expect(priceTransitLeg(bus, { hasConcessionaryPass: true, age: 70 }, ctx).cost).toBe(1120);
    expect(priceTransitLeg(bus, { railcard: '16-25 Railcard' }, ctx).cost).toBe(747);
    // The same bus not flagged is an ordinary bus: free with the pass.
    expect(priceTransitLeg({ ...bus, replacesRail: false }, { hasConcessionaryPass: true }, ctx).cost).toBe('free');
    // Bus then train on one way: one through ticket, as two trains would be.
    const onward = priceTransitLeg(leg(PTH, STG, ['Perth', 'Stirling'], '2026-12-01T11:20'), {}, ctx);
    const j = priceJourney(
      [],
      [
        { ...adult, trip: 0 },
        { ...onward, trip: 0 },
      ],
      fares,
    );
    expect(j.breakdown).toHaveLength(1);
    expect(j.cost).toBe(estimateRailReturn(rail, DEE, STG).returnPence);
  });

  it('bad input: an unknown railcard or a negative fare is a clear error', () => {
    const when = at('2026-12-01T10:30');
    expect(() => applyRailcard(1000, 'Family Railcard' as never, when)).toThrow(/unknown railcard 'Family Railcard'/);
    expect(() => applyRailcard(Number.NaN, '16-25 Railcard', when)).toThrow(/non-negative/);
    expect(estimateRailReturn(rail, DEE, DEE).returnPence).toBe(0);
  });
});
