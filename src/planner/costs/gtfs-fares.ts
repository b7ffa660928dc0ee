/**
 * Fares from GTFS: Fares v1 (fare_attributes + fare_rules: route_id, origin_id,
 * destination_id, contains_id zones) and the common single-leg case of Fares v2
 * (fare_products, fare_leg_rules, areas/stop_areas, networks, timeframes, rider
 * categories). Published fares in a feed are the whole price (bus/coach/rail fares
 * are zero-rated for VAT), so nothing is added.
 *
 * Input is a set of GTFS tables (header + rows, as the timetable loader keeps them in
 * `Timetable.extras` under "feed/file"), plus stops.txt (stop_id, zone_id) and
 * routes.txt (route_id, agency_id, network_id) because zones and networks are needed
 * to match rules. Ids are the feed's own (not the "feed:" namespaced ones).
 *
 * Honest gaps: a feed with several fare_attributes but no fare_rules (Ember E1 as
 * published) cannot say which fare a trip costs, so the answer is unknown with that
 * reason; v1 transfers and v2 transfer rules / leg joins are not applied (each leg
 * is priced alone); v2 timeframes are matched by time of day only (their service_id
 * is not checked).
 */
import { tableRecords, type Table } from './csv';

export type FareTables = Record<string, Table | undefined>;

export interface FareLegQuery {
  routeId: string;
  fromStopId: string;
  toStopId: string;
  /** Every stop the vehicle calls at from boarding to alighting (inclusive), for contains_id. */
  passedStopIds?: readonly string[];
  /** Minutes since midnight at boarding, for Fares v2 timeframes. */
  departureMinutes?: number;
}

export type GtfsFareResult =
  | {
      kind: 'fare';
      /** Minor units of `currency`. */
      amount: number;
      currency: string;
      fareId: string;
      version: 1 | 2;
      /** Human text: product name or fare id, and how it is bought when the feed says. */
      description: string;
      /** Other fares that also matched (e.g. the on-board price when the cheapest is bought before boarding). */
      alternatives: { fareId: string; amount: number; description: string }[];
    }
  | { kind: 'none'; reason: string };

/** Minor-unit digits per ISO 4217 code (2 unless listed). */
const CURRENCY_DIGITS: Record<string, number> = { JPY: 0, KRW: 0, CLP: 0, ISK: 0, BHD: 3, KWD: 3, TND: 3 };
function toMinor(price: string, currency: string): number {
  const digits = CURRENCY_DIGITS[currency] ?? 2;
  return Math.round(Number(price) * 10 ** digits);
}

const PAYMENT_METHOD: Record<string, string> = { '0': 'paid on board', '1': 'bought before boarding' };

interface V1Fare {
  id: string;
  amount: number;
  currency: string;
  paymentMethod: string;
  agencyId: string;
}
interface V1Rule {
  fareId: string;
  routeId: string;
  origin: string;
  destination: string;
  contains: string;
}
interface V2Rule {
  network: string;
  from: string;
  to: string;
  fromTimeframe: string;
  toTimeframe: string;
  product: string;
  priority: number;
}
interface V2Product {
  id: string;
  name: string;
  rider: string;
  media: string;
  amount: number;
  currency: string;
}

/** A feed's fare tables indexed for lookups. Build once per feed. */
export class FareIndex {
  readonly v1Fares = new Map<string, V1Fare>();
  readonly v1Rules: V1Rule[] = [];
  readonly stopZone = new Map<string, string>();
  readonly routeAgency = new Map<string, string>();
  readonly routeNetwork = new Map<string, string>();
  readonly stopAreas = new Map<string, string[]>();
  readonly v2Rules: V2Rule[] = [];
  readonly v2Products = new Map<string, V2Product[]>();
  readonly timeframes = new Map<string, { start: number; end: number }[]>();
  readonly defaultRiders = new Set<string>();
  readonly mediaNames = new Map<string, string>();
  readonly hasV1: boolean;
  readonly hasV2: boolean;

  constructor(tables: FareTables) {
    for (const r of tableRecords(tables['fare_attributes.txt'])) {
      if (!r.fare_id) continue;
      const currency = (r.currency_type || 'GBP').toUpperCase();
      this.v1Fares.set(r.fare_id, {
        id: r.fare_id,
        amount: toMinor(r.price ?? '', currency),
        currency,
        paymentMethod: r.payment_method ?? '',
        agencyId: r.agency_id ?? '',
      });
    }
    for (const r of tableRecords(tables['fare_rules.txt'])) {
      if (!r.fare_id) continue;
      this.v1Rules.push({
        fareId: r.fare_id,
        routeId: r.route_id ?? '',
        origin: r.origin_id ?? '',
        destination: r.destination_id ?? '',
        contains: r.contains_id ?? '',
      });
    }
    for (const r of tableRecords(tables['stops.txt']))
      if (r.stop_id && r.zone_id) this.stopZone.set(r.stop_id, r.zone_id);
    for (const r of tableRecords(tables['routes.txt'])) {
      if (!r.route_id) continue;
      this.routeAgency.set(r.route_id, r.agency_id ?? '');
      if (r.network_id) this.routeNetwork.set(r.route_id, r.network_id);
    }
    for (const r of tableRecords(tables['route_networks.txt']))
      if (r.route_id && r.network_id) this.routeNetwork.set(r.route_id, r.network_id);
    for (const r of tableRecords(tables['stop_areas.txt'])) {
      if (!r.stop_id || !r.area_id) continue;
      const list = this.stopAreas.get(r.stop_id) ?? [];
      list.push(r.area_id);
      this.stopAreas.set(r.stop_id, list);
    }
    for (const r of tableRecords(tables['fare_products.txt'])) {
      if (!r.fare_product_id) continue;
      const currency = (r.currency || 'GBP').toUpperCase();
      const list = this.v2Products.get(r.fare_product_id) ?? [];
      list.push({
        id: r.fare_product_id,
        name: r.fare_product_name ?? '',
        rider: r.rider_category_id ?? '',
        media: r.fare_media_id ?? '',
        amount: toMinor(r.amount ?? '', currency),
        currency,
      });
      this.v2Products.set(r.fare_product_id, list);
    }
    for (const r of tableRecords(tables['fare_leg_rules.txt'])) {
      if (!r.fare_product_id) continue;
      this.v2Rules.push({
        network: r.network_id ?? '',
        from: r.from_area_id ?? '',
        to: r.to_area_id ?? '',
        fromTimeframe: r.from_timeframe_group_id ?? '',
        toTimeframe: r.to_timeframe_group_id ?? '',
        product: r.fare_product_id,
        priority: Number(r.rule_priority || 0) || 0,
      });
    }
    for (const r of tableRecords(tables['timeframes.txt'])) {
      if (!r.timeframe_group_id) continue;
      const list = this.timeframes.get(r.timeframe_group_id) ?? [];
      list.push({ start: clock(r.start_time || '00:00:00'), end: clock(r.end_time || '24:00:00') });
      this.timeframes.set(r.timeframe_group_id, list);
    }
    for (const r of tableRecords(tables['rider_categories.txt']))
      if (r.is_default_fare_category === '1' && r.rider_category_id) this.defaultRiders.add(r.rider_category_id);
    for (const r of tableRecords(tables['fare_media.txt']))
      if (r.fare_media_id) this.mediaNames.set(r.fare_media_id, r.fare_media_name || r.fare_media_id);
    this.hasV1 = this.v1Fares.size > 0;
    this.hasV2 = this.v2Rules.length > 0;
  }

  /** Fare for one leg: Fares v2 when the feed has leg rules, else v1, else none. */
  lookup(q: FareLegQuery): GtfsFareResult {
    if (this.hasV2) {
      const v2 = this.lookupV2(q);
      if (v2.kind === 'fare' || !this.hasV1) return v2;
    }
    if (this.hasV1) return this.lookupV1(q);
    return { kind: 'none', reason: 'the feed publishes no fares' };
  }

  lookupV1(q: FareLegQuery): GtfsFareResult {
    const agency = this.routeAgency.get(q.routeId) ?? '';
    const fares = [...this.v1Fares.values()].filter((f) => !f.agencyId || !agency || f.agencyId === agency);
    let matching: V1Fare[];
    if (this.v1Rules.length === 0) {
      // GTFS: without fare_rules a feed's single fare applies to every trip; with several it is ambiguous.
      if (fares.length !== 1) {
        return {
          kind: 'none',
          reason: `the feed lists ${fares.length} fares (fare_attributes.txt) but no fare_rules.txt saying which trips they apply to`,
        };
      }
      matching = fares;
    } else {
      const fromZone = this.stopZone.get(q.fromStopId) ?? '';
      const toZone = this.stopZone.get(q.toStopId) ?? '';
      const passed = new Set(
        (q.passedStopIds ?? [q.fromStopId, q.toStopId])
          .map((s) => this.stopZone.get(s))
          .filter((z): z is string => !!z),
      );
      const ok = new Set<string>();
      const containsGroups = new Map<string, Set<string>>();
      for (const r of this.v1Rules) {
        if (r.routeId && r.routeId !== q.routeId) continue;
        if (r.origin && r.origin !== fromZone) continue;
        if (r.destination && r.destination !== toZone) continue;
        if (!r.contains) {
          ok.add(r.fareId);
          continue;
        }
        const key = `${r.fareId}\u0000${r.routeId}\u0000${r.origin}\u0000${r.destination}`;
        const set = containsGroups.get(key) ?? new Set<string>();
        set.add(r.contains);
        containsGroups.set(key, set);
      }
      // contains_id: the fare applies when the zones passed through are exactly the listed ones.
      for (const [key, zones] of containsGroups) {
        if (zones.size === passed.size && [...passed].every((z) => zones.has(z)))
          ok.add(key.split('\u0000')[0] as string);
      }
      matching = fares.filter((f) => ok.has(f.id));
      if (matching.length === 0)
        return { kind: 'none', reason: 'no fare rule in the feed matches this route and these zones' };
    }
    matching.sort((a, b) => a.amount - b.amount);
    const best = matching[0] as V1Fare;
    const describe = (f: V1Fare) => {
      const how = PAYMENT_METHOD[f.paymentMethod];
      return how ? `${f.id} (${how})` : f.id;
    };
    return {
      kind: 'fare',
      amount: best.amount,
      currency: best.currency,
      fareId: best.id,
      version: 1,
      description: describe(best),
      alternatives: matching.slice(1).map((f) => ({ fareId: f.id, amount: f.amount, description: describe(f) })),
    };
  }

  lookupV2(q: FareLegQuery): GtfsFareResult {
    const network = this.routeNetwork.get(q.routeId) ?? '';
    const fromAreas = this.stopAreas.get(q.fromStopId) ?? [];
    const toAreas = this.stopAreas.get(q.toStopId) ?? [];
    // Spec matching, field by field over the whole table: when some rule names this leg's
    // network (area, timeframe), the rules leaving that field empty no longer match;
    // only when none names it do the empty ("any") rules apply.
    const inFrame = (group: string) =>
      q.departureMinutes !== undefined &&
      (this.timeframes.get(group) ?? []).some(
        (t) => q.departureMinutes! * 60 >= t.start && q.departureMinutes! * 60 < t.end,
      );
    const fields: [(r: V2Rule) => string, (v: string) => boolean][] = [
      [(r) => r.network, (v) => v === network],
      [(r) => r.from, (v) => fromAreas.includes(v)],
      [(r) => r.to, (v) => toAreas.includes(v)],
      [(r) => r.fromTimeframe, inFrame],
    ];
    const filters = fields.map(([field, matches]) => {
      const exact = this.v2Rules.some((r) => field(r) !== '' && matches(field(r)));
      return (r: V2Rule) => (exact ? field(r) !== '' && matches(field(r)) : field(r) === '');
    });
    let rules = this.v2Rules.filter((r) => filters.every((f) => f(r)));
    if (rules.length === 0) return { kind: 'none', reason: 'no fare leg rule in the feed matches this leg' };
    const top = Math.max(...rules.map((r) => r.priority));
    rules = rules.filter((r) => r.priority === top);
    const products: V2Product[] = [];
    for (const r of rules) {
      for (const p of this.v2Products.get(r.product) ?? []) {
        if (p.rider && !this.defaultRiders.has(p.rider)) continue;
        products.push(p);
      }
    }
    if (products.length === 0)
      return { kind: 'none', reason: 'the matching fare rules name no product for the default rider' };
    products.sort((a, b) => a.amount - b.amount);
    const describe = (p: V2Product) => {
      const media = p.media ? this.mediaNames.get(p.media) : undefined;
      return `${p.name || p.id}${media ? ` (${media})` : ''}`;
    };
    const best = products[0] as V2Product;
    return {
      kind: 'fare',
      amount: best.amount,
      currency: best.currency,
      fareId: best.id,
      version: 2,
      description: describe(best),
      alternatives: products.slice(1).map((p) => ({ fareId: p.id, amount: p.amount, description: describe(p) })),
    };
  }
}

function clock(text: string): number {
  const [h, m, s] = text.split(':').map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
}

/** Fare tables of one feed from a timetable's extras ("feed/file" keys), plus stops/routes tables read separately. */
export function fareTablesFromExtras(extras: Record<string, Table>, feed: string, more: FareTables = {}): FareTables {
  const out: FareTables = { ...more };
  const prefix = `${feed}/`;
  for (const [key, table] of Object.entries(extras)) if (key.startsWith(prefix)) out[key.slice(prefix.length)] = table;
  return out;
}

/** "feed:id" -> "id" (the timetable namespaces stop and route ids by feed). */
export function feedLocalId(id: string, feed: string): string {
  return id.startsWith(`${feed}:`) ? id.slice(feed.length + 1) : id;
}

/** The parts of the timetable model the fare index reads (Timetable satisfies it). */
export interface TimetableFareSource {
  feeds: readonly { name: string }[];
  extras: Record<string, Table>;
  routeIds: readonly string[];
  routeAgency: ArrayLike<number>;
  agencies: readonly { id: string }[];
}

/**
 * One FareIndex per feed that has fare tables in the timetable's extras. The model has
 * no stop zone_id, so Fares v1 zone rules need stops.txt from `more[feed]`
 * (readFareTables on the same feed); routes.txt (route -> agency) is rebuilt from the model.
 */
export function fareIndexesFromTimetable(
  tt: TimetableFareSource,
  more: Record<string, FareTables> = {},
): Map<string, FareIndex> {
  const out = new Map<string, FareIndex>();
  for (const { name } of tt.feeds) {
    const tables = fareTablesFromExtras(tt.extras, name, more[name] ?? {});
    if (!tables['fare_attributes.txt'] && !tables['fare_leg_rules.txt']) continue;
    if (!tables['routes.txt']) {
      const rows: string[][] = [];
      tt.routeIds.forEach((id, r) => {
        if (!id.startsWith(`${name}:`)) return;
        rows.push([id.slice(name.length + 1), feedLocalId(tt.agencies[tt.routeAgency[r] as number]?.id ?? '', name)]);
      });
      tables['routes.txt'] = { header: ['route_id', 'agency_id'], rows };
    }
    out.set(name, new FareIndex(tables));
  }
  return out;
}
