import { describe, expect, it } from 'vitest';
import {
  chooseTariff,
  meterFare,
  priceTaxi,
  taxiOperatorsFor,
  type CouncilTaxiData,
  type TaxiData,
  type TaxiTariff,
} from '../../../src/planner/costs/taxi';
import { taxiDataSchema } from '../../../src/planner/costs/region-data';
import { at, regionJson } from './fixtures';

const data: TaxiData = taxiDataSchema.parse(regionJson('taxis.json'));
const YARD = 0.9144;
const MILE = 1609.344;

function quote(council: string | undefined, distanceM: number, departure: string, passengers = 1) {
  return priceTaxi({ council, distanceM, durationS: 600, departure: at(departure), passengers }, data);
}

describe('taxi fare arithmetic', () => {
  const stirlingT1 = {
    initial_charge_pence: 340,
    initial_distance_yards: 880,
    increment_pence: 10,
    increment_distance_yards: 86,
  };

  it("matches the Courier's Stirling examples (10 and 20 miles on Tariff 1)", () => {
    // 10 miles = 17,600 yd; beyond the first 880 yd: 16,720 / 86 = 194.4 -> 195 drops; 340 + 195 x 10 = 2290p.
    expect(meterFare(stirlingT1, 10 * MILE)).toEqual({ kind: 'fare', pence: 2290, increments: 195 });
    // 20 miles = 35,200 yd; 34,320 / 86 = 399.07 -> 400 drops; 340 + 4000 = 4340p.
    expect(meterFare(stirlingT1, 20 * MILE)).toEqual({ kind: 'fare', pence: 4340, increments: 400 });
  });

  it('charges the minimum fare up to the initial distance and a started increment in full', () => {
    expect(meterFare(stirlingT1, 880 * YARD).kind === 'fare' && meterFare(stirlingT1, 880 * YARD)).toMatchObject({
      pence: 340,
    });
    // 881 yd: 1 yd beyond -> 1 drop = 350p; 966 yd = 880 + 86 exactly -> 1 drop = 350p; 967 yd -> 2 drops = 360p.
    expect(meterFare(stirlingT1, 881 * YARD)).toMatchObject({ pence: 350 });
    expect(meterFare(stirlingT1, 966 * YARD)).toMatchObject({ pence: 350 });
    expect(meterFare(stirlingT1, 967 * YARD)).toMatchObject({ pence: 360 });
  });

  it('Dundee arithmetic with a stated initial distance; none is unknown to meterFare', () => {
    const dundeeT1 = {
      initial_charge_pence: 420,
      initial_distance_yards: 176,
      increment_pence: 22,
      increment_distance_yards: 176,
    };
    // Hypothetical 1/10-mile initial distance, 2 miles = 3,520 yd: (3520 - 176) / 176 = 19 drops; 420 + 19 x 22 = 838p.
    expect(meterFare(dundeeT1, 2 * MILE)).toMatchObject({ pence: 838 });
    expect(meterFare({ ...dundeeT1, initial_distance_yards: null }, 2 * MILE).kind).toBe('unknown');
  });
});

describe('priceTaxi with the Tayside fare scales', () => {
  it('Stirling by day: Tariff 1', () => {
    // 1 mile = 1,760 yd; (1760 - 880) / 86 = 10.23 -> 11 drops; 340 + 110 = 450p.
    const q = quote('Stirling', MILE, '2026-03-10T14:00');
    expect(q.cost).toBe(450);
    expect(q.tariff).toMatch(/^Tariff 1/);
    expect(q.estimated).toBe(true);
    expect(q.line.source?.url).toMatch(/stirling\.gov\.uk/);
    expect(q.caveats.join(' ')).toMatch(/Waiting-time charge/);
  });

  it('Stirling at night (11pm-7am): Tariff 2, its 25% higher rate as 10p per 68.8 yd', () => {
    // (1760 - 880) / 68.8 = 12.79 -> 13 drops; 400 + 130 = 530p.
    expect(quote('Stirling', MILE, '2026-03-10T23:30').cost).toBe(530);
    expect(quote('Stirling', MILE, '2026-03-11T06:59').cost).toBe(530);
    expect(quote('Stirling', MILE, '2026-03-11T07:00').cost).toBe(450);
    expect(quote('Stirling', MILE, '2026-03-10T22:59').cost).toBe(450);
  });

  it('Stirling with 5 passengers: Tariff 3', () => {
    // (1760 - 880) / 53.75 = 16.37 -> 17 drops; 540 + 170 = 710p.
    expect(quote('Stirling', MILE, '2026-03-10T14:00', 5).cost).toBe(710);
    expect(quote('Stirling', MILE, '2026-03-10T14:00', 4).cost).toBe(450);
  });

  it('Angus: the first-mile fare by day and evening; beyond it the region median rate', () => {
    // Tuesday 10:00 is daytime (Mon-Fri 6am-6pm): 0.8 mile -> 500p.
    expect(quote('Angus', 0.8 * MILE, '2026-03-10T10:00').cost).toBe(500);
    // Tuesday 19:00 and Saturday 10:00 are the evening tariff: 610p.
    expect(quote('Angus', 0.8 * MILE, '2026-03-10T19:00').cost).toBe(610);
    expect(quote('Angus', 0.8 * MILE, '2026-03-14T10:00').cost).toBe(610);
    expect(quote('Angus', 0.8 * MILE, '2026-03-10T05:59').cost).toBe(610);
    // Beyond the first mile the rate is not published: the daytime region median, Stirling T1 (10p per 86 yd
    // = 204.65p a mile) and Dundee T1 (22p per 1/10 mile = 220p a mile) -> 212.33p a mile, to the penny.
    // 10 miles: 500 + ceil(15,840 yd x 212.33 / 1760) = 500 + 1911 = 2411p.
    const long = quote('Angus', 10 * MILE, '2026-03-10T10:00');
    expect(long.cost).toBe(2411);
    expect(long.line.description).toMatch(
      /rate after the initial distance is not published: 212\.3p a mile, the median of the published daytime scales/,
    );
    // Evening: Angus's £6.10 first mile, then the night median of Stirling T2 (255.81p) and Dundee T2/T3 (250p) = 252.91p a mile.
    expect(quote('Angus', 10 * MILE, '2026-03-10T23:59').cost).toBe(
      610 + Math.ceil((15840 * ((255.8139534883721 + 250) / 2)) / 1760),
    );
    // Before the 31 October 2025 scale took effect Angus has no current tariff in the data: the region fallback.
    expect(quote('Angus', 0.8 * MILE, '2025-10-30T10:00').line.description).toMatch(/region fallback/);
  });

  it('Dundee: the daytime Tariff 1 (hours unpublished), its first distance from the region median, stated', () => {
    // Initial distance: median of Stirling (880 yd) and Angus (1760 yd) daytime scales = 1320 yd.
    // 10 miles = 17,600 yd: (17600 - 1320) / 176 = 92.5 -> 93 drops; 420 + 93 x 22 = 2466p.
    for (const when of ['2026-03-10T14:00', '2026-03-10T23:59', '2026-03-14T21:00']) {
      const q = quote('Dundee City', 10 * MILE, when);
      expect(q.cost).toBe(2466);
      expect(q.tariff).toBe('Tariff 1 (daytime)');
      expect(q.line.description).toMatch(
        /hours of Dundee City's tariffs are not published, so the daytime tariff is used/,
      );
      expect(q.line.description).toMatch(/initial charge covers is not published: 1320 yards/);
      expect(q.line.source?.url).toMatch(/thecourier/);
    }
  });

  it('Perth and Kinross (no current scale): the region daytime medians, said so', () => {
    // £4.20 (median of 340, 420, 500) for 1320 yd, then 212.33p a mile: 10 miles = 420 + ceil(16,280 x 212.33 / 1760) = 2385p.
    const q = quote('Perth and Kinross', 10 * MILE, '2026-03-10T14:00');
    expect(q.cost).toBe(2385);
    expect(q.line.description).toMatch(
      /no current published fare scale .* region fallback is used \(median of the published daytime scales of Stirling, Dundee City, Angus\)/,
    );
    expect(quote('Perth and Kinross', MILE, '2026-03-10T02:00').cost).toBe(
      quote('Perth and Kinross', MILE, '2026-03-10T14:00').cost,
    );
  });

  it('places outside the four councils: unknown, said so', () => {
    expect(quote(undefined, MILE, '2026-03-10T14:00').cost).toBe('unknown');
    expect(quote('City of Edinburgh', MILE, '2026-03-10T14:00').line.description).toMatch(
      /no published fare scale for City of Edinburgh/,
    );
  });

  it("Stirling 10 and 20 miles by day: the Courier's worked examples (£22.90, £43.40)", () => {
    expect(quote('Stirling', 10 * MILE, '2026-03-10T14:00').cost).toBe(2290);
    expect(quote('Stirling', 20 * MILE, '2026-03-10T14:00').cost).toBe(4340);
  });

  it('the night boundary: the tariff in force when the hire starts (23:59 is night; 22:59 stays day)', () => {
    // Tariff 2 at 23:59, 10 miles: 16,720 / 68.8 = 243.02 -> 244 drops; 400 + 2440 = 2840p.
    expect(quote('Stirling', 10 * MILE, '2026-03-10T23:59').cost).toBe(2840);
    expect(quote('Stirling', 10 * MILE, '2026-12-31T23:59').cost).toBe(2840);
    expect(quote('Stirling', 10 * MILE, '2026-03-10T22:59').cost).toBe(2290);
    // Angus: Friday 23:59 and Saturday 00:00 are both the evening tariff.
    expect(quote('Angus', 0.5 * MILE, '2026-03-13T23:59').cost).toBe(610);
    expect(quote('Angus', 0.5 * MILE, '2026-03-14T00:00').cost).toBe(610);
  });

  it('bad input: a negative or non-numeric distance, zero passengers: a clear error, never NaN', () => {
    expect(() => quote('Stirling', -5, '2026-03-10T14:00')).toThrow(/non-negative number of metres/);
    expect(() => quote('Stirling', Number.NaN, '2026-03-10T14:00')).toThrow(/non-negative number of metres/);
    expect(() => quote('Stirling', MILE, '2026-03-10T14:00', 0)).toThrow(/passengers/);
    expect(() =>
      meterFare(
        { initial_charge_pence: 340, initial_distance_yards: 880, increment_pence: 10, increment_distance_yards: 86 },
        -1,
      ),
    ).toThrow(RangeError);
    expect(quote('Stirling', 0, '2026-03-10T14:00').cost).toBe(340);
  });

  it('lists no taxi operators: no fact names any', () => {
    for (const c of data.councils) expect(taxiOperatorsFor(c.council, data)).toEqual([]);
    expect(quote('Stirling', MILE, '2026-03-10T14:00').operators).toEqual([]);
  });
});

describe('festive tariffs (dates and clock windows)', () => {
  const base: Omit<TaxiTariff, 'name' | 'applies' | 'initial_charge_pence'> = {
    initial_distance_yards: 880,
    increment_pence: 10,
    increment_distance_yards: 86,
    waiting_pence_per_minute: null,
    effective_from: null,
    source_url: 'https://example.org/test-fixture',
    source_date: 'test',
  };
  const council: CouncilTaxiData = {
    council: 'Test',
    gaps: [],
    operators: [],
    tariffs: [
      { ...base, name: 'Day', applies: { kind: 'clock', from: '07:00', to: '23:00' }, initial_charge_pence: 300 },
      { ...base, name: 'Night', applies: { kind: 'clock', from: '23:00', to: '07:00' }, initial_charge_pence: 400 },
      {
        ...base,
        name: 'Festive night',
        applies: { kind: 'dates', ranges: [{ from: '12-24', to: '01-02' }], clock: { from: '19:00', to: '07:00' } },
        initial_charge_pence: 600,
      },
    ],
  };
  const name = (departure: string) => {
    const c = chooseTariff(council, at(departure));
    return c.kind === 'tariff' ? c.tariff.name : c.reason;
  };

  it('picks the festive tariff inside its dates and hours, across the new year', () => {
    expect(name('2026-12-24T20:00')).toBe('Festive night');
    expect(name('2027-01-02T03:00')).toBe('Festive night');
    expect(name('2026-12-31T23:59')).toBe('Festive night');
    expect(name('2026-12-25T12:00')).toBe('Day');
    expect(name('2027-01-03T03:00')).toBe('Night');
    expect(name('2026-12-23T20:00')).toBe('Day');
  });
});
