/**
 * Money and units shared by every price in the planner.
 *
 * Internally every amount is an integer number of minor units (pence for GBP).
 * A journey's cost text (SPEC section 3) is 'free', 'unknown' or an amount, so a
 * price is one of those three: `Cost`.
 *
 * VAT (SPEC section 1: "estimated prices ... include VAT"):
 *  - VAT-inclusive by nature, nothing added: published bus, coach and rail fares
 *    (passenger transport in vehicles of 10+ seats is zero-rated, the fare is the
 *    whole price), council taxi fare scales (the meter fare is the most a driver may
 *    charge, whatever their VAT status), consumer car-club and bike-hire tariffs
 *    unless the source says they are ex-VAT, the HMRC mileage rate (a cost rate, not
 *    a supply).
 *  - VAT added: any tariff whose data row says `vat_included: false`.
 */

export type Cost = number | 'free' | 'unknown';

/** UK standard rate of VAT (20% since 4 January 2011). Configurable per call. */
export const UK_VAT_RATE = 0.2;

/** 1 yard = 0.9144 m exactly (taxi tariffs count yards). Miles are the vocabulary's (units.ts). */
export const METRES_PER_YARD = 0.9144;

/** Whole pence from a pounds figure as published ("2.40", 2.4, "£2.40"); NaN when it is not a plain amount. */
export function penceFromPounds(value: string | number): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value * 100) : Number.NaN;
  const text = value.trim().replace(/^£/, '');
  if (!/^\d+(\.\d+)?$/.test(text)) return Number.NaN;
  return Math.round(Number(text) * 100);
}

/** Adds VAT to an ex-VAT amount, rounding to the nearest penny. */
export function addVat(exVatPence: number, rate = UK_VAT_RATE): number {
  return Math.round(exVatPence * (1 + rate));
}

/** A price as charged to the traveller: adds VAT only when the tariff is quoted ex-VAT. */
export function withVat(pence: number, vatIncluded: boolean, rate = UK_VAT_RATE): number {
  return vatIncluded ? pence : addVat(pence, rate);
}

const SYMBOLS: Record<string, string> = { GBP: '£', EUR: '€', USD: '$', BRL: 'R$' };

/** "£12.40", "free" or "unknown". Non-GBP amounts use their symbol or ISO code. */
export function formatCost(cost: Cost, currency = 'GBP'): string {
  if (cost === 'free' || cost === 'unknown') return cost;
  if (!Number.isFinite(cost)) return 'unknown';
  const sign = cost < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cost));
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  const symbol = SYMBOLS[currency];
  return symbol ? `${sign}${symbol}${text}` : `${sign}${text} ${currency}`;
}

/** Sum of costs: any 'unknown' makes the total unknown; all 'free' stays free; otherwise the pence add up. */
export function sumCosts(costs: readonly Cost[]): Cost {
  let total = 0;
  let anyPriced = false;
  for (const c of costs) {
    if (c === 'unknown') return 'unknown';
    if (c === 'free') continue;
    total += c;
    anyPriced = true;
  }
  return anyPriced ? total : 'free';
}

/** One line of a journey's pricing_breakdown (SPEC section 3: description, cost). */
export interface PriceLine {
  description: string;
  cost: Cost;
  /** Not a fixed published price for this exact trip: computed from a tariff or a dated published fare. */
  estimated: boolean;
  /** Where the figure comes from (url) and when it was published, when it comes from region data. */
  source?: { url: string; date: string };
}

/** The SPEC's pricing_breakdown entry (description, cost text), plus whether it is an estimate and its source. */
export function toBreakdown(line: PriceLine, currency = 'GBP'): PricingBreakdownItem {
  return {
    description: line.description,
    cost: formatCost(line.cost, currency),
    estimated: line.estimated,
    source: line.source ?? null,
  };
}

export interface PricingBreakdownItem {
  description: string;
  cost: string;
  /** true: an estimate from a tariff, a dated fare or a formula; false: the published fare for this trip (or free). */
  estimated?: boolean;
  source?: { url: string; date: string } | null;
}
