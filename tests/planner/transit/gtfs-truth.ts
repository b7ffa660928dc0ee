/**
 * Earliest arrival straight from GTFS files, for the differential tests: written from the GTFS
 * reference (https://gtfs.org/documentation/schedule/reference/) alone, deliberately simple and
 * sharing nothing with the planner but the CSV parser and the zip reader. It never reads the
 * planner's timetable model: a bug in the import or in the transfer model cannot hide here.
 *
 * What it follows, from the reference:
 * - calendar.txt and calendar_dates.txt (1 adds, 2 removes) say which services run on a day; times are
 *   seconds from the service day's start (the queries avoid days the clocks change), and a trip of the
 *   day before may still run after midnight.
 * - stop_times.txt: pickup_type / drop_off_type 1 forbid boarding / alighting; 2 and 3 (phone, ask the
 *   driver) allow it. frequencies.txt exact_times=1 repeats the trip every headway_secs from
 *   start_time while before end_time.
 * - transfers.txt: for a change from trip T (route R) at stop A to trip U (route Q) at stop B, the rule
 *   that applies is the most specific one whose fields all match: both trips, then a trip and a route,
 *   one trip, both routes, one route, stops only; a stop named by itself beats its station. Type 1
 *   (timed): U waits for T, so any U leaving at or after T arrives; type 2: at least min_transfer_time;
 *   type 3: not possible (from_stop_id = to_stop_id: no change of vehicle at that stop); type 0: the
 *   stop-level rules apply. A rule naming a station applies to each of its stops.
 * - block_id and types 4/5: someone on a trip at its last stop stays on the vehicle's next trip of the
 *   day in the block (or a type 4 trip), when it leaves from there no earlier; type 5 says not.
 *
 * Where GTFS says nothing, the planner's published policy is taken, each one here and nowhere else:
 * - a change at one stop without a rule takes no time;
 * - between two stops, a change needs a transfers.txt rule or both being stops of one station; such a
 *   change takes the rule's min_transfer_time, else the walk (straight line at 1.3 m/s after a 1.3 detour
 *   factor), and between stops of one station at least 60 s (src/planner/timetable/footpaths.ts);
 * - walks between stops that transfers.txt does not name are not made here: the tests build the planner
 *   with generated footpaths off (`footpaths: { maxDistance: 0 }`);
 * - the journey starts by boarding at the origin stop and ends by getting off at the destination stop.
 * - exact_times=0 frequencies (a window, not a schedule) are the planner's own model: not read here.
 */
import { readFileSync } from 'node:fs';
import { CsvParser } from '../../../src/planner/timetable/csv';
import { ZipSource } from '../../../src/planner/timetable/gtfs-source';

type Table = Record<string, string>[];

async function readCsv(zip: ZipSource, file: string): Promise<Table> {
  if (!(await zip.files()).includes(file)) return [];
  let header: string[] | undefined;
  const rows: Table = [];
  const parser = new CsvParser((fields) => {
    if (!header) {
      header = fields.map((f) => f.trim().toLowerCase());
      return;
    }
    if (fields.length === 1 && fields[0] === '') return;
    const row: Record<string, string> = {};
    header.forEach((h, i) => (row[h] = (fields[i] ?? '').trim()));
    rows.push(row);
  });
  await zip.read(file, (text) => parser.push(text));
  parser.end();
  return rows;
}

function seconds(text: string): number {
  const m = /^(\d+):(\d\d):(\d\d)$/.exec(text);
  if (!m) throw new Error(`not a GTFS time: '${text}'`);
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

function dayNumber(yyyymmdd: string): number {
  return (
    Date.UTC(Number(yyyymmdd.slice(0, 4)), Number(yyyymmdd.slice(4, 6)) - 1, Number(yyyymmdd.slice(6, 8))) / 86_400_000
  );
}

interface Trip {
  id: string;
  route: string;
  service: string;
  block: string;
  stops: string[];
  arr: number[];
  dep: number[];
  board: boolean[];
  alight: boolean[];
}

interface Instance {
  trip: Trip;
  /** Seconds from the query day's start to the trip's service day's. */
  shift: number;
}

interface Hop {
  /** Index into the day's instances. */
  trip: number;
  i: number;
  dep: number;
  arr: number;
}

interface Rule {
  fromStop: string;
  toStop: string;
  fromTrip: string;
  toTrip: string;
  fromRoute: string;
  toRoute: string;
  type: number;
  minTime: number;
  rank: number;
}

interface Stop {
  lat: number;
  lon: number;
  parent: string;
  locationType: number;
}

/** One or more GTFS feeds, ids prefixed "feed:" as the planner names them. */
export class GtfsTruth {
  readonly stops = new Map<string, Stop>();
  private readonly trips: Trip[] = [];
  private readonly calendars = new Map<string, { days: string[]; start: number; end: number }>();
  private readonly dates = new Map<string, Map<number, number>>();
  private readonly rules: Rule[] = [];
  private readonly seatRules = new Map<string, number>();
  private readonly children = new Map<string, string[]>();

  static async load(paths: readonly { path: string; name: string }[]): Promise<GtfsTruth> {
    const truth = new GtfsTruth();
    for (const p of paths) await truth.add(new ZipSource(p.name, new Uint8Array(readFileSync(p.path))));
    for (const [id, s] of truth.stops) {
      if (s.locationType === 0 && s.parent && truth.stops.get(s.parent)?.locationType === 1)
        truth.children.set(s.parent, [...(truth.children.get(s.parent) ?? []), id]);
    }
    return truth;
  }

  private async add(zip: ZipSource): Promise<void> {
    const ns = (id: string) => (id ? `${zip.name}:${id}` : '');
    for (const r of await readCsv(zip, 'stops.txt'))
      this.stops.set(ns(r.stop_id as string), {
        lat: Number(r.stop_lat),
        lon: Number(r.stop_lon),
        parent: ns(r.parent_station ?? ''),
        locationType: Number(r.location_type || 0),
      });
    for (const r of await readCsv(zip, 'calendar.txt'))
      this.calendars.set(ns(r.service_id as string), {
        days: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((d) => r[d] ?? '0'),
        start: dayNumber(r.start_date as string),
        end: dayNumber(r.end_date as string),
      });
    for (const r of await readCsv(zip, 'calendar_dates.txt')) {
      const id = ns(r.service_id as string);
      const m = this.dates.get(id) ?? new Map<number, number>();
      m.set(dayNumber(r.date as string), Number(r.exception_type));
      this.dates.set(id, m);
    }
    const byId = new Map<string, Trip>();
    const routeOf = new Map<string, string>();
    for (const r of await readCsv(zip, 'trips.txt')) {
      const trip: Trip = {
        id: ns(r.trip_id as string),
        route: ns(r.route_id as string),
        service: ns(r.service_id as string),
        block: r.block_id ? ns(r.block_id) : '',
        stops: [],
        arr: [],
        dep: [],
        board: [],
        alight: [],
      };
      byId.set(trip.id, trip);
      routeOf.set(trip.id, trip.route);
    }
    const rows = (await readCsv(zip, 'stop_times.txt')).filter((r) => byId.has(ns(r.trip_id as string)));
    rows.sort((a, b) => Number(a.stop_sequence) - Number(b.stop_sequence));
    const blank = new Map<Trip, { at: number[]; dist: number[] }>();
    for (const r of rows) {
      if (r.stop_id === undefined || r.stop_id === '') continue; // GTFS-Flex zones: not a timetabled call
      const trip = byId.get(ns(r.trip_id as string)) as Trip;
      const arr = r.arrival_time || r.departure_time || '';
      const dep = r.departure_time || r.arrival_time || '';
      const b =
        blank.get(trip) ?? (blank.set(trip, { at: [], dist: [] }).get(trip) as { at: number[]; dist: number[] });
      b.dist.push(r.shape_dist_traveled ? Number(r.shape_dist_traveled) : Number.NaN);
      if (arr === '') b.at.push(trip.stops.length);
      trip.stops.push(ns(r.stop_id));
      trip.arr.push(arr === '' ? -1 : seconds(arr));
      trip.dep.push(dep === '' ? -1 : seconds(dep));
      trip.board.push(r.pickup_type !== '1');
      trip.alight.push(r.drop_off_type !== '1');
    }
    for (const [trip, b] of blank) if (b.at.length > 0) this.interpolate(trip, b.dist);
    const frequencies = await readCsv(zip, 'frequencies.txt');
    const repeated = new Set(frequencies.map((f) => ns(f.trip_id as string)));
    for (const trip of byId.values()) if (trip.stops.length >= 2 && !repeated.has(trip.id)) this.trips.push(trip);
    for (const f of frequencies) {
      if (f.exact_times !== '1') throw new Error('exact_times=0 frequencies are the planner model, not read here');
      const trip = byId.get(ns(f.trip_id as string)) as Trip;
      const headway = Number(f.headway_secs);
      for (let t0 = seconds(f.start_time as string); t0 < seconds(f.end_time as string); t0 += headway) {
        const shift = t0 - (trip.dep[0] as number);
        this.trips.push({ ...trip, arr: trip.arr.map((x) => x + shift), dep: trip.dep.map((x) => x + shift) });
      }
    }
    for (const r of await readCsv(zip, 'transfers.txt')) {
      const type = Number(r.transfer_type || 0);
      if (type === 4 || type === 5) {
        this.seatRules.set(`${ns(r.from_trip_id ?? '')}>${ns(r.to_trip_id ?? '')}`, type);
        continue;
      }
      const side = (trip: string, route: string) => (trip ? 2 : route ? 1 : 0);
      const from = side(r.from_trip_id ?? '', r.from_route_id ?? '');
      const to = side(r.to_trip_id ?? '', r.to_route_id ?? '');
      // GTFS ranking: both trips, trip and route, one trip, both routes, one route, stops only.
      const rank =
        from === 2 && to === 2
          ? 5
          : from + to === 3
            ? 4
            : from === 2 || to === 2
              ? 3
              : from + to === 2
                ? 2
                : from + to === 1
                  ? 1
                  : 0;
      this.rules.push({
        fromStop: ns(r.from_stop_id ?? ''),
        toStop: ns(r.to_stop_id ?? ''),
        fromTrip: ns(r.from_trip_id ?? ''),
        toTrip: ns(r.to_trip_id ?? ''),
        fromRoute: ns(r.from_route_id ?? ''),
        toRoute: ns(r.to_route_id ?? ''),
        type,
        minTime: r.min_transfer_time ? Number(r.min_transfer_time) : -1,
        rank,
      });
    }
  }

  /**
   * Blank times between two timed stops (GTFS: stops that are not timepoints): GTFS says to interpolate
   * but not how; the planner's policy, taken here: in proportion to shape_dist_traveled where every stop
   * between has it, else to straight-line distance between consecutive stops, to the nearest second.
   */
  private interpolate(trip: Trip, dist: number[]): void {
    let last = 0;
    for (let i = 1; i < trip.stops.length; i++) {
      if ((trip.arr[i] as number) < 0) continue;
      if (i > last + 1) {
        const useShape = dist.slice(last, i + 1).every((x) => !Number.isNaN(x));
        const pos = [0];
        for (let k = last + 1; k <= i; k++) {
          const step = useShape
            ? (dist[k] as number) - (dist[k - 1] as number)
            : distance(
                this.stops.get(trip.stops[k - 1] as string) as Stop,
                this.stops.get(trip.stops[k] as string) as Stop,
              );
          pos.push((pos[pos.length - 1] as number) + (Number.isFinite(step) && step > 0 ? step : 0));
        }
        const total = pos[pos.length - 1] as number;
        const t0 = trip.dep[last] as number;
        const span = (trip.arr[i] as number) - t0;
        for (let k = last + 1; k < i; k++) {
          const frac = total > 0 ? (pos[k - last] as number) / total : (k - last) / (i - last);
          trip.arr[k] = trip.dep[k] = t0 + Math.round(span * frac);
        }
      }
      last = i;
    }
  }

  runs(service: string, day: number): boolean {
    const exception = this.dates.get(service)?.get(day);
    if (exception === 1) return true;
    if (exception === 2) return false;
    const c = this.calendars.get(service);
    if (!c || day < c.start || day > c.end) return false;
    return c.days[new Date(day * 86_400_000).getUTCDay()] === '1';
  }

  /** The rule for a change from trip `from` at stop a to trip `to` at stop b, or undefined (none names them). */
  private rule(from: Trip, a: string, to: Trip, b: string): Rule | undefined {
    const names = (ruleStop: string, stop: string) =>
      ruleStop === stop || (ruleStop !== '' && ruleStop === this.stops.get(stop)?.parent)
        ? ruleStop === stop
          ? 1
          : 0
        : -1;
    let best: Rule | undefined;
    let bestScore = -1;
    for (const r of this.rules) {
      const sa = names(r.fromStop, a);
      const sb = names(r.toStop, b);
      if (sa < 0 || sb < 0) continue;
      if (r.fromTrip && r.fromTrip !== from.id) continue;
      if (r.toTrip && r.toTrip !== to.id) continue;
      if (r.fromRoute && r.fromRoute !== from.route) continue;
      if (r.toRoute && r.toRoute !== to.route) continue;
      const score = r.rank * 3 + sa + sb;
      if (score > bestScore) {
        best = r;
        bestScore = score;
      }
    }
    return best;
  }

  /** Seconds needed after arriving at a to board at b by the stop-level rules, or Infinity when there is no change. */
  private stopChange(a: string, b: string, cache: Map<string, number>): number {
    const key = `${a}>${b}`;
    const known = cache.get(key);
    if (known !== undefined) return known;
    let best: Rule | undefined;
    let bestScore = -1;
    for (const r of this.rules) {
      if (r.rank !== 0) continue;
      const sa = r.fromStop === a ? 1 : r.fromStop === this.stops.get(a)?.parent && r.fromStop !== '' ? 0 : -1;
      const sb = r.toStop === b ? 1 : r.toStop === this.stops.get(b)?.parent && r.toStop !== '' ? 0 : -1;
      if (sa < 0 || sb < 0) continue;
      if (sa + sb > bestScore) {
        best = r;
        bestScore = sa + sb;
      }
    }
    const sA = this.stops.get(a) as Stop;
    const sB = this.stops.get(b) as Stop;
    const walk = Math.ceil((distance(sA, sB) * 1.3) / 1.3);
    const siblings =
      a !== b && sA.parent !== '' && sA.parent === sB.parent && this.stops.get(sA.parent)?.locationType === 1;
    let out: number;
    if (best?.type === 3) out = Infinity;
    else if (best && a === b) out = best.type === 2 && best.minTime >= 0 ? best.minTime : 0;
    else if (best) out = best.minTime >= 0 ? best.minTime : walk;
    else if (a === b) out = 0;
    else if (siblings) out = Math.max(60, walk);
    else out = Infinity;
    cache.set(key, out);
    return out;
  }

  /**
   * Earliest arrival at stop `to` leaving stop `from` no earlier than `time` (seconds from the start of
   * `day`, days since 1970), by at least one trip; Infinity when none. A connection scan over every trip
   * of days day-2 .. day+1, each arrival kept with its trip, so a rule naming trips is applied to exactly
   * the trips it names.
   */
  earliestArrival(from: string, to: string, time: number, day: number): number {
    const { instances, hops, next } = this.dayPlan(day);
    const onBoard = new Uint8Array(instances.length);
    /** Every arrival by trip so far, by stop: [instance, time]. */
    const arrivals = new Map<string, [number, number][]>();
    const changeFrom = this.sourceCache;
    const cache = this.changeCache;
    let best = Infinity;
    let lo = 0;
    let hi = hops.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((hops[mid] as Hop).dep < time) lo = mid + 1;
      else hi = mid;
    }
    for (let x = lo; x < hops.length; x++) {
      const h = hops[x] as Hop;
      if (h.dep >= best) break;
      const inst = instances[h.trip] as { trip: Trip; shift: number };
      const trip = inst.trip;
      const stop = trip.stops[h.i] as string;
      if (!onBoard[h.trip] && trip.board[h.i]) {
        if (stop === from) onBoard[h.trip] = 1;
        else {
          for (const a of this.changeSources(stop, changeFrom)) {
            for (const [k, at] of arrivals.get(a) ?? []) {
              const came = (instances[k] as { trip: Trip }).trip;
              const rule = this.rule(came, a, trip, stop);
              let need: number;
              if (!rule || rule.type === 0 || (rule.type === 2 && rule.minTime < 0))
                need = at + this.stopChange(a, stop, cache);
              else if (rule.type === 3) need = Infinity;
              else if (rule.type === 1) need = at;
              else need = at + rule.minTime;
              if (need <= h.dep) {
                onBoard[h.trip] = 1;
                break;
              }
            }
            if (onBoard[h.trip]) break;
          }
        }
      }
      if (!onBoard[h.trip]) continue;
      const reached = trip.stops[h.i + 1] as string;
      if (trip.alight[h.i + 1]) {
        const list = arrivals.get(reached) ?? (arrivals.set(reached, []).get(reached) as [number, number][]);
        list.push([h.trip, h.arr]);
        if (reached === to && h.arr < best) best = h.arr;
      }
      if (h.i + 2 === trip.stops.length) for (const k of next.get(h.trip) ?? []) onBoard[k] = 1;
    }
    return best;
  }

  private readonly sourceCache = new Map<string, string[]>();
  private readonly changeCache = new Map<string, number>();
  private planned?: { day: number; instances: Instance[]; hops: Hop[]; next: Map<number, number[]> };

  /** Every trip running on days day-2 .. day+1 and its hops between consecutive stops, sorted by departure. */
  private dayPlan(day: number): { instances: Instance[]; hops: Hop[]; next: Map<number, number[]> } {
    if (this.planned?.day === day) return this.planned;
    const instances: Instance[] = [];
    for (const trip of this.trips)
      for (let d = -2; d <= 1; d++) if (this.runs(trip.service, day + d)) instances.push({ trip, shift: d * 86_400 });
    const hops: Hop[] = [];
    instances.forEach((inst, k) => {
      for (let i = 0; i + 1 < inst.trip.stops.length; i++) {
        const dep = (inst.trip.dep[i] as number) + inst.shift;
        hops.push({ trip: k, i, dep, arr: (inst.trip.arr[i + 1] as number) + inst.shift });
      }
    });
    hops.sort((x, y) => x.dep - y.dep || x.arr - y.arr);
    // Vehicles one stays on from a trip's last stop: the next trip of its block that day, and type 4 rules.
    this.planned = { day, instances, hops, next: this.seatLinks(instances) };
    return this.planned;
  }

  /** Stops from which a change to `stop` may be made: itself, its station's stops, and any transfers.txt names. */
  private changeSources(stop: string, cache: Map<string, string[]>): string[] {
    const known = cache.get(stop);
    if (known) return known;
    const out = new Set([stop]);
    const parent = this.stops.get(stop)?.parent ?? '';
    for (const s of this.children.get(parent) ?? []) out.add(s);
    for (const r of this.rules) {
      if (r.toStop !== stop && r.toStop !== parent) continue;
      const ends =
        this.stops.get(r.fromStop)?.locationType === 1 ? (this.children.get(r.fromStop) ?? []) : [r.fromStop];
      for (const s of ends) out.add(s);
    }
    const list = [...out];
    cache.set(stop, list);
    return list;
  }

  private seatLinks(instances: { trip: Trip; shift: number }[]): Map<number, number[]> {
    const out = new Map<number, number[]>();
    const place = (s: string) => this.stops.get(s)?.parent || s;
    const link = (a: number, b: number) => {
      const x = instances[a] as { trip: Trip; shift: number };
      const y = instances[b] as { trip: Trip; shift: number };
      if (this.seatRules.get(`${x.trip.id}>${y.trip.id}`) === 5) return;
      if (
        x.shift !== y.shift ||
        place(x.trip.stops[x.trip.stops.length - 1] as string) !== place(y.trip.stops[0] as string)
      )
        return;
      if ((y.trip.dep[0] as number) < (x.trip.arr[x.trip.arr.length - 1] as number)) return;
      out.set(a, [...(out.get(a) ?? []), b]);
    };
    const blocks = new Map<string, number[]>();
    instances.forEach((inst, k) => {
      if (inst.trip.block) {
        const key = `${inst.trip.block}@${inst.shift}`;
        blocks.set(key, [...(blocks.get(key) ?? []), k]);
      }
    });
    for (const list of blocks.values()) {
      list.sort(
        (a, b) =>
          ((instances[a] as { trip: Trip }).trip.dep[0] as number) -
          ((instances[b] as { trip: Trip }).trip.dep[0] as number),
      );
      for (let i = 0; i + 1 < list.length; i++) link(list[i] as number, list[i + 1] as number);
    }
    if (this.seatRules.size > 0) {
      const byId = new Map<string, number[]>();
      instances.forEach((inst, k) => byId.set(inst.trip.id, [...(byId.get(inst.trip.id) ?? []), k]));
      for (const [pair, type] of this.seatRules) {
        if (type !== 4) continue;
        const [a, b] = pair.split('>') as [string, string];
        for (const x of byId.get(a) ?? []) for (const y of byId.get(b) ?? []) link(x, y);
      }
    }
    return out;
  }
}

function distance(a: Stop, b: Stop): number {
  const rad = Math.PI / 180;
  const s = Math.sin(((b.lat - a.lat) * rad) / 2);
  const t = Math.sin(((b.lon - a.lon) * rad) / 2);
  const h = s * s + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * t * t;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}
