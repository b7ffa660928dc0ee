/**
 * ScotRail fare estimates where no GTFS fares feed covers a train (see README.md, "Rail fares").
 *
 * Since 1 September 2025 ScotRail charges the off-peak fare all day (peak fares abolished;
 * Scotsman 2025-08-31, in fares.json rules). The off-peak return is therefore the fare a
 * traveller pays at any time. Our published off-peak returns are the prices ScotRail charged
 * all day during the 2023-24 pilot (ScotRail 2023-11-01; The Courier 2024-09-27) and one
 * after the abolition (Edinburgh-Glasgow £16.80, Scotsman 2025-08-31). Each is brought to the
 * September 2025 price level by the published ScotRail-wide rises after the date its source saw
 * it (8.7% April 2024, 3.8% April 2025); data/regions/tayside/fares.json `rail` lists them.
 *
 * Estimate for a pair of stations, in this order:
 *  1. A published off-peak return for the same two stations (either direction), indexed.
 *  2. Otherwise the formula: return = a x d^b pounds, d the great-circle distance in km between
 *     the two stations, a and b fitted by least squares on log(fare) ~ log(d) over the
 *     indexed published returns (fitted at load time from the data, so new facts refit it).
 * Both rounded to the nearest 10p (ScotRail fares are in 10p steps in every source we hold).
 * Leave-one-out error of the formula: `leaveOneOut` (printed by `npm run bench -- rail-fares`).
 *
 * Singles: no ScotRail single fare is in our sources, so a one-way trip is priced at the
 * return: a return ticket covers the one-way trip, so it is an upper bound, and it says so.
 */
import { distance, type LatLng } from '../geo/geo';

export interface RailStation extends LatLng {
  name: string;
}

export interface RailFareObservation {
  from: RailStation;
  to: RailStation;
  product: string;
  /** The price as published, pence. */
  published_pence: number;
  /** The date the source saw the price in force (YYYY-MM-DD): the start of its indexing. */
  seen: string;
  /** The published price at the data's price level (rises after `seen` applied), pence, unrounded. */
  indexed_pence: number;
  source_url: string;
  source_date: string;
}

export interface RailFareRise {
  effective_date: string;
  percent: number;
  source_url: string;
  source_date: string;
}

export interface RailFareData {
  operator: string;
  /** The price level every indexed fare is brought to (YYYY-MM-DD). */
  price_level: string;
  /** Why the off-peak fare applies all day (the peak-fare abolition), with its source. */
  all_day_rule: { text: string; source_url: string; source_date: string };
  rises: RailFareRise[];
  observations: RailFareObservation[];
  /** Published fares not used (a station outside the rail feed, superseded by a newer price). */
  excluded: { from: string; to: string; price_pence: number; reason: string; source_url: string }[];
}

export interface PowerModel {
  /** Pence for 1 km. */
  a: number;
  b: number;
  /** The distance range the fit saw, km. */
  minKm: number;
  maxKm: number;
  n: number;
}

const km = (o: { from: LatLng; to: LatLng }) => distance(o.from, o.to) / 1000;

/** Least squares of log(price) on log(km). Needs two distinct distances. */
export function fitPower(points: readonly { km: number; pence: number }[]): PowerModel {
  const usable = points.filter((p) => p.km > 0 && p.pence > 0);
  const xs = usable.map((p) => Math.log(p.km));
  const ys = usable.map((p) => Math.log(p.pence));
  const n = xs.length;
  const mx = xs.reduce((s, x) => s + x, 0) / n;
  const my = ys.reduce((s, y) => s + y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += ((xs[i] as number) - mx) ** 2;
    sxy += ((xs[i] as number) - mx) * ((ys[i] as number) - my);
  }
  if (n < 2 || sxx === 0) throw new Error(`rail fare fit needs at least two fares at different distances (got ${n})`);
  const b = sxy / sxx;
  return {
    a: Math.exp(my - b * mx),
    b,
    minKm: Math.min(...usable.map((p) => p.km)),
    maxKm: Math.max(...usable.map((p) => p.km)),
    n,
  };
}

export function predictPence(model: PowerModel, distanceKm: number): number {
  return model.a * Math.max(0, distanceKm) ** model.b;
}

const round10 = (pence: number) => Math.round(pence / 10) * 10;

export interface LooRow {
  pair: string;
  km: number;
  actualPence: number;
  predictedPence: number;
  /** (predicted - actual) / actual */
  error: number;
}

export interface LooSummary {
  rows: LooRow[];
  meanAbsPct: number;
  medianAbsPct: number;
  maxAbsPct: number;
  rmsePence: number;
}

/** Leave-one-out: each published fare predicted by the formula fitted to all the others (rounded as in use). */
export function leaveOneOut(observations: readonly RailFareObservation[]): LooSummary {
  const points = observations.map((o) => ({ km: km(o), pence: o.indexed_pence }));
  const rows = observations.map((o, i) => {
    const model = fitPower(points.filter((_, j) => j !== i));
    const predictedPence = round10(predictPence(model, points[i]?.km ?? 0));
    const actualPence = round10(o.indexed_pence);
    return {
      pair: `${o.from.name}-${o.to.name}`,
      km: points[i]?.km ?? 0,
      actualPence,
      predictedPence,
      error: (predictedPence - actualPence) / actualPence,
    };
  });
  const abs = rows.map((r) => Math.abs(r.error) * 100).sort((x, y) => x - y);
  const mid = abs.length >> 1;
  return {
    rows,
    meanAbsPct: abs.reduce((s, x) => s + x, 0) / abs.length,
    medianAbsPct: abs.length % 2 ? (abs[mid] as number) : ((abs[mid - 1] as number) + (abs[mid] as number)) / 2,
    maxAbsPct: abs[abs.length - 1] ?? 0,
    rmsePence: Math.sqrt(rows.reduce((s, r) => s + (r.predictedPence - r.actualPence) ** 2, 0) / rows.length),
  };
}

const models = new WeakMap<RailFareData, PowerModel>();

export function railModel(data: RailFareData): PowerModel {
  let m = models.get(data);
  if (!m) {
    m = fitPower(data.observations.map((o) => ({ km: km(o), pence: o.indexed_pence })));
    models.set(data, m);
  }
  return m;
}

/** Stations closer than this are the same station (a published pair matches a leg). */
const SAME_STATION_M = 800;

export interface RailEstimate {
  /** Off-peak return, pence, rounded to 10p. */
  returnPence: number;
  /** What the figure is, for the pricing breakdown. */
  basis: string;
  source: { url: string; date: string };
}

function samePair(o: RailFareObservation, from: LatLng, to: LatLng): boolean {
  const near = (a: LatLng, b: LatLng) => distance(a, b) < SAME_STATION_M;
  return (near(o.from, from) && near(o.to, to)) || (near(o.from, to) && near(o.to, from));
}

const pounds = (p: number) => `£${(p / 100).toFixed(2)}`;

function indexing(o: RailFareObservation, data: RailFareData): string {
  const applied = data.rises.filter((r) => r.effective_date > o.seen && r.effective_date <= data.price_level);
  return applied.length
    ? ` + ${applied.map((r) => `${r.percent}% (${r.effective_date.slice(0, 7)})`).join(' + ')}`
    : '';
}

/** The off-peak return between two stations at the data's price level (see the file comment). */
export function estimateRailReturn(data: RailFareData, from: LatLng, to: LatLng): RailEstimate {
  const published = data.observations.find((o) => samePair(o, from, to));
  if (published) {
    return {
      returnPence: round10(published.indexed_pence),
      basis: `published off-peak return ${pounds(published.published_pence)} (${published.seen.slice(0, 7)})${indexing(published, data)} fare rises`,
      source: { url: published.source_url, date: published.source_date },
    };
  }
  const model = railModel(data);
  const d = distance(from, to) / 1000;
  const nearest = [...data.observations].sort(
    (x, y) => Math.abs(km(x) - d) - Math.abs(km(y) - d),
  )[0] as RailFareObservation;
  const range =
    d < model.minKm || d > model.maxKm
      ? `; outside the ${Math.round(model.minKm)}-${Math.round(model.maxKm)} km the formula was fitted on, so less reliable`
      : '';
  return {
    returnPence: round10(predictPence(model, d)),
    basis: `formula £${(model.a / 100).toFixed(3)} x ${d.toFixed(1)} km^${model.b.toFixed(3)} fitted to ${model.n} published ScotRail off-peak returns; nearest published: ${nearest.from.name}-${nearest.to.name} ${pounds(round10(nearest.indexed_pence))}${range}`,
    source: { url: nearest.source_url, date: nearest.source_date },
  };
}
