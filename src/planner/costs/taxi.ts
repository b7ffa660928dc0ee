/**
 * Taxi fares from a council's published fare scale (data/regions/<region>/taxis.json).
 *
 * Scottish councils set maximum taxi fares (Civic Government (Scotland) Act 1982 s.17):
 * an initial charge covering a first distance, then a fixed amount per further
 * distance increment, with different tariffs by time of day, passengers or festive
 * dates. The meter fare is the price the traveller pays (VAT-inclusive by nature:
 * nothing is added whatever the driver's VAT status), so estimates add no VAT.
 *
 * Arithmetic (`meterFare`): fare = initial + increment x ceil((distance - initial distance) / increment distance)
 * for distances beyond the initial distance ("or part thereof": a started increment is
 * charged). Stirling's own examples confirm the rounding: 10 miles on Tariff 1 =
 * 340p + 10p x ceil((17600 - 880) / 86) = 340 + 10 x 195 = GBP 22.90, as the Courier
 * (2024-12-10) quotes; 20 miles: 340 + 10 x ceil(34320 / 86) = 340 + 4000 = GBP 43.40.
 *
 * Waiting time is not charged in estimates: no council in our sources has a current
 * published waiting rate, and the route's traffic delays are not known. Where a
 * fare scale lacks a value (Dundee: the distance the initial charge covers and the
 * hours of each tariff; Angus: the rate after the first mile) the price is unknown,
 * never guessed; the published parts are still shown.
 */
import { METRES_PER_YARD, type Cost, type PriceLine } from './money';
import { inClockWindow, parseClock, type LocalDateTime } from '../common/local-time';

export type TariffApplies =
  /** Clock window [from, to) local time, optionally only on some weekdays (0 Mon .. 6 Sun). Windows may cross midnight. */
  | { kind: 'clock'; from: string; to: string; days?: number[] | undefined }
  /** Journeys carrying at least this many passengers, at any time. */
  | { kind: 'passengers'; min: number }
  /** Festive dates, as MM-DD inclusive ranges (e.g. 12-24 to 01-02), optionally with a clock window. */
  | { kind: 'dates'; ranges: { from: string; to: string }[]; clock?: { from: string; to: string } | undefined }
  /** Whatever the source gives as text when it does not state when the tariff applies. */
  | { kind: 'unstated'; text: string };

export interface TaxiTariff {
  name: string;
  applies: TariffApplies;
  initial_charge_pence: number;
  /** Distance covered by the initial charge, yards; null when the source does not state it. */
  initial_distance_yards: number | null;
  /** Charge per further increment; null when the source does not state it. */
  increment_pence: number | null;
  increment_distance_yards: number | null;
  /** Pence per minute of waiting, when published. */
  waiting_pence_per_minute: number | null;
  effective_from: string | null;
  /** How a value was derived from the source wording, when it was (e.g. "+25%" -> increment distance). */
  derivation?: string | undefined;
  notes?: string | undefined;
  source_url: string;
  source_date: string;
}

export interface TaxiOperator {
  name: string;
  phone: string;
  source_url: string;
  source_date: string;
}

export interface CouncilTaxiData {
  council: string;
  tariffs: TaxiTariff[];
  /** What the sources do not give, said once per council for the breakdown. */
  gaps: string[];
  /** Local taxi operators of this council area (SPEC `taxis`: name, phone); empty when no source lists any. */
  operators: TaxiOperator[];
}

export interface TaxiData {
  councils: CouncilTaxiData[];
}

export type MeterResult = { kind: 'fare'; pence: number; increments: number } | { kind: 'unknown'; reason: string };

/** Fare for a distance on one tariff (pure arithmetic, see the file comment). */
export function meterFare(
  tariff: Pick<
    TaxiTariff,
    'initial_charge_pence' | 'initial_distance_yards' | 'increment_pence' | 'increment_distance_yards'
  >,
  distanceM: number,
): MeterResult {
  if (!Number.isFinite(distanceM) || distanceM < 0)
    throw new RangeError(`taxi distance must be a non-negative number of metres (got ${distanceM})`);
  const yards = distanceM / METRES_PER_YARD;
  if (tariff.initial_distance_yards === null) {
    return { kind: 'unknown', reason: 'the distance covered by the initial charge is not published in our sources' };
  }
  // A tiny tolerance so a distance of exactly n increments is not pushed into n+1 by floating point.
  const beyond = yards - tariff.initial_distance_yards;
  if (beyond <= 1e-6) return { kind: 'fare', pence: tariff.initial_charge_pence, increments: 0 };
  if (tariff.increment_pence === null || tariff.increment_distance_yards === null) {
    return { kind: 'unknown', reason: 'the charge after the initial distance is not published in our sources' };
  }
  const increments = Math.ceil(beyond / tariff.increment_distance_yards - 1e-9);
  return { kind: 'fare', pence: tariff.initial_charge_pence + increments * tariff.increment_pence, increments };
}

function monthDay(date: string): string {
  return date.slice(5, 10);
}

function inDateRanges(md: string, ranges: { from: string; to: string }[]): boolean {
  return ranges.some((r) => (r.from <= r.to ? md >= r.from && md <= r.to : md >= r.from || md <= r.to));
}

export type TariffChoice = { kind: 'tariff'; tariff: TaxiTariff } | { kind: 'unknown'; reason: string };

/**
 * Which tariff applies: festive dates first, then passenger-count tariffs, then the
 * clock windows. When the council's tariffs do not say when they apply (Dundee), no
 * tariff can be chosen.
 */
export function chooseTariff(council: CouncilTaxiData, t: LocalDateTime, passengers = 1): TariffChoice {
  const md = monthDay(t.date);
  const current = council.tariffs.filter((x) => !x.effective_from || x.effective_from <= t.date);
  for (const x of current) {
    if (x.applies.kind !== 'dates') continue;
    const clockOk =
      !x.applies.clock || inClockWindow(t.minutes, parseClock(x.applies.clock.from), parseClock(x.applies.clock.to));
    if (inDateRanges(md, x.applies.ranges) && clockOk) return { kind: 'tariff', tariff: x };
  }
  const byPassengers = current
    .filter(
      (x): x is TaxiTariff & { applies: { kind: 'passengers'; min: number } } =>
        x.applies.kind === 'passengers' && passengers >= x.applies.min,
    )
    .sort((a, b) => b.applies.min - a.applies.min);
  if (byPassengers[0]) return { kind: 'tariff', tariff: byPassengers[0] };
  for (const x of current) {
    if (x.applies.kind !== 'clock') continue;
    if (x.applies.days && !x.applies.days.includes(t.weekday)) continue;
    if (inClockWindow(t.minutes, parseClock(x.applies.from), parseClock(x.applies.to)))
      return { kind: 'tariff', tariff: x };
  }
  if (current.some((x) => x.applies.kind === 'unstated')) {
    return { kind: 'unknown', reason: 'the hours each taxi tariff applies are not published in our sources' };
  }
  return { kind: 'unknown', reason: 'no current taxi tariff for this time in our sources' };
}

export interface TaxiQuote {
  cost: Cost;
  estimated: true;
  council: string | null;
  tariff: string | null;
  /** A floor when the cost is unknown but some fare is certain (the lowest initial charge). */
  atLeastPence?: number;
  line: PriceLine;
  /** What the council's published scale leaves out (waiting time, festive dates, ...), for the UI's estimate notice. */
  caveats: string[];
  /** SPEC `taxis` for the 'Find local taxi operators' modal. */
  operators: { name: string; phone: string }[];
}

export interface TaxiRequest {
  distanceM: number;
  /** Trip duration; kept for the waiting-time charge once a council publishes one (not used now). */
  durationS: number;
  /** Local departure (common/local-time localDateTime). */
  departure: LocalDateTime;
  /** Council area of the origin (councilAt), or undefined outside every known area. */
  council: string | undefined;
  passengers?: number;
}

function pounds(p: number): string {
  return `£${(p / 100).toFixed(2)}`;
}

function describeTariff(t: TaxiTariff): string {
  const inc =
    t.increment_pence !== null && t.increment_distance_yards !== null
      ? ` then ${t.increment_pence}p per ${t.increment_distance_yards} yards`
      : '';
  const first = t.initial_distance_yards !== null ? ` for the first ${t.initial_distance_yards} yards` : '';
  return `${t.name}: ${pounds(t.initial_charge_pence)}${first}${inc}`;
}

/** Which part of the day a tariff is for: 'other' = passenger-count or festive tariffs. */
export type TariffBand = 'day' | 'night' | 'other';

const NOON_MONDAY = 12 * 60;

export function tariffBand(t: TaxiTariff): TariffBand {
  const a = t.applies;
  if (a.kind === 'clock') {
    const weekday = !a.days || a.days.includes(0);
    return weekday && inClockWindow(NOON_MONDAY, parseClock(a.from), parseClock(a.to)) ? 'day' : 'night';
  }
  if (a.kind === 'unstated') {
    if (/^daytime/i.test(a.text) || /\(daytime\)/i.test(t.name)) return 'day';
    if (/evening|night/i.test(a.text)) return 'night';
  }
  return 'other';
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const v = [...values].sort((x, y) => x - y);
  const mid = v.length >> 1;
  return v.length % 2 ? (v[mid] as number) : ((v[mid - 1] as number) + (v[mid] as number)) / 2;
}

const perMile = (t: TaxiTariff) =>
  t.increment_pence !== null && t.increment_distance_yards !== null
    ? (t.increment_pence * 1760) / t.increment_distance_yards
    : null;

export interface RegionFallback {
  initial_charge_pence: number | null;
  initial_distance_yards: number | null;
  pence_per_mile: number | null;
  /** The councils whose published scales the medians come from. */
  councils: string[];
}

/**
 * The stated fallback for what a council's scale does not publish: per component (initial charge,
 * distance it covers, rate per mile), the median over the region's councils of each council's
 * published values for the same part of the day (a council's own values are first reduced to
 * their median, so a council with two evening tariffs counts once).
 */
export function regionFallback(data: TaxiData, band: 'day' | 'night', date: string): RegionFallback {
  const per = (pick: (t: TaxiTariff) => number | null) => {
    const values: number[] = [];
    const councils: string[] = [];
    for (const c of data.councils) {
      const own = c.tariffs
        .filter((t) => (!t.effective_from || t.effective_from <= date) && tariffBand(t) === band)
        .map(pick)
        .filter((v): v is number => v !== null);
      const m = median(own);
      if (m !== null) {
        values.push(m);
        councils.push(c.council);
      }
    }
    return { value: median(values), councils };
  };
  const charge = per((t) => t.initial_charge_pence);
  const dist = per((t) => t.initial_distance_yards);
  const rate = per(perMile);
  return {
    initial_charge_pence: charge.value === null ? null : Math.round(charge.value),
    initial_distance_yards: dist.value,
    pence_per_mile: rate.value,
    councils: [...new Set([...charge.councils, ...dist.councils, ...rate.councils])],
  };
}

function checkRequest(req: TaxiRequest): void {
  meterFare(
    { initial_charge_pence: 0, initial_distance_yards: 0, increment_pence: null, increment_distance_yards: null },
    req.distanceM,
  );
  if (req.passengers !== undefined && (!Number.isInteger(req.passengers) || req.passengers < 1))
    throw new RangeError(`taxi passengers must be a whole number from 1 (got ${req.passengers})`);
}

/**
 * Estimated taxi fare from the origin council's published fare scale (meters run on the tariff of
 * the council where the hire starts, whatever boundary the trip crosses; the tariff in force at
 * the start of the hire applies). Where the scale leaves something out, the stated fallbacks:
 * tariff hours not published -> the daytime tariff; a component not published -> the region
 * median for that part of the day (regionFallback); no current scale -> the region's daytime
 * medians. Each fallback is named in the breakdown line.
 */
export function priceTaxi(req: TaxiRequest, data: TaxiData): TaxiQuote {
  checkRequest(req);
  const council = req.council ? data.councils.find((c) => c.council === req.council) : undefined;
  if (!council) {
    const where = req.council ?? 'this area';
    return {
      cost: 'unknown',
      estimated: true,
      council: req.council ?? null,
      tariff: null,
      operators: [],
      caveats: [],
      line: {
        description: `Taxi: no published fare scale for ${where} in our region data`,
        cost: 'unknown',
        estimated: true,
      },
    };
  }
  const operators = council.operators.map((o) => ({ name: o.name, phone: o.phone }));
  const caveats = [...council.gaps];
  const date = req.departure.date;
  const notes: string[] = [];
  const choice = chooseTariff(council, req.departure, req.passengers ?? 1);
  let tariff: TaxiTariff | undefined;
  if (choice.kind === 'tariff') tariff = choice.tariff;
  else {
    const current = council.tariffs.filter((t) => !t.effective_from || t.effective_from <= date);
    tariff = current.find((t) => t.applies.kind === 'unstated' && tariffBand(t) === 'day');
    if (tariff)
      notes.push(
        `the hours of ${council.council}'s tariffs are not published, so the daytime tariff is used (evening and festive tariffs cost more)`,
      );
  }
  const band = tariff && tariffBand(tariff) === 'night' ? 'night' : 'day';
  const fb = regionFallback(data, band, date);
  const from = `median of the published ${band === 'day' ? 'daytime' : 'night'} scales of ${fb.councils.join(', ')}`;
  if (!tariff) {
    if (fb.initial_charge_pence === null || fb.initial_distance_yards === null || fb.pence_per_mile === null) {
      return {
        cost: 'unknown',
        estimated: true,
        council: council.council,
        tariff: null,
        operators,
        caveats,
        line: {
          description: `Taxi (${council.council}): ${choice.kind === 'unknown' ? choice.reason : ''}; the region publishes no complete scale to fall back on`,
          cost: 'unknown',
          estimated: true,
        },
      };
    }
    notes.push(
      `${council.council} has no current published fare scale in our sources, so the region fallback is used (${from}); hours not published, so the daytime scale`,
    );
    tariff = {
      name: 'region fallback (daytime)',
      applies: { kind: 'unstated', text: 'fallback' },
      initial_charge_pence: fb.initial_charge_pence,
      initial_distance_yards: fb.initial_distance_yards,
      increment_pence: null,
      increment_distance_yards: null,
      waiting_pence_per_minute: null,
      effective_from: null,
      source_url: '',
      source_date: '',
    };
  }
  let filled = tariff;
  if (filled.initial_distance_yards === null && fb.initial_distance_yards !== null) {
    filled = { ...filled, initial_distance_yards: Math.round(fb.initial_distance_yards) };
    notes.push(
      `the distance its initial charge covers is not published: ${Math.round(fb.initial_distance_yards)} yards, the ${from}`,
    );
  }
  if ((filled.increment_pence === null || filled.increment_distance_yards === null) && fb.pence_per_mile !== null) {
    // 1p per (1760 / rate) yards: the rate per mile, charged to the penny.
    filled = { ...filled, increment_pence: 1, increment_distance_yards: 1760 / fb.pence_per_mile };
    if (tariff.source_url)
      notes.push(
        `the rate after the initial distance is not published: ${fb.pence_per_mile.toFixed(1)}p a mile, the ${from}`,
      );
    else
      notes.push(
        `${fb.initial_charge_pence !== null ? pounds(fb.initial_charge_pence) : ''} for the first ${filled.initial_distance_yards} yards then ${fb.pence_per_mile.toFixed(1)}p a mile`,
      );
  }
  const fare = meterFare(filled, req.distanceM);
  const source = tariff.source_url ? { source: { url: tariff.source_url, date: tariff.source_date } } : {};
  const stated = notes.length ? `; ${notes.join('; ')}` : '';
  if (fare.kind === 'unknown') {
    return {
      cost: 'unknown',
      estimated: true,
      council: council.council,
      tariff: tariff.name,
      operators,
      caveats,
      atLeastPence: tariff.initial_charge_pence,
      line: {
        description: `Taxi (${council.council}, ${describeTariff(tariff)}): ${fare.reason}${stated}`,
        cost: 'unknown',
        estimated: true,
        ...source,
      },
    };
  }
  const scale = tariff.source_url
    ? `${council.council} ${describeTariff(tariff)}; fare scale of ${tariff.source_date}`
    : `${council.council}`;
  return {
    cost: fare.pence,
    estimated: true,
    council: council.council,
    tariff: tariff.name,
    operators,
    caveats,
    line: {
      description: `Taxi estimate (${scale}${stated}; the origin council's tariff at the start of the hire; waiting time not included)`,
      cost: fare.pence,
      estimated: true,
      ...source,
    },
  };
}

/** The SPEC `taxis` list for an origin council: empty when no source names an operator. */
export function taxiOperatorsFor(council: string | undefined, data: TaxiData): { name: string; phone: string }[] {
  const c = council ? data.councils.find((x) => x.council === council) : undefined;
  return c ? c.operators.map((o) => ({ name: o.name, phone: o.phone })) : [];
}
