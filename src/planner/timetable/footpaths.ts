/**
 * Walking transfers between stops. A feed's transfers.txt comes first: a feed
 * that lists transfers between distinct stops gets exactly those among its own
 * stops; all other pairs of used stops within `maxDistance` get a generated
 * footpath: walking time over the street network where the region has a street
 * graph and both stops are on it (`NetworkWalks`), else straight line x detour
 * factor at walking speed.
 *
 * Stations (GTFS location_type 1): a transfers.txt rule naming a station applies to
 * every stop of that station (GTFS reference, transfers.txt: "If the stop_id refers to
 * a station, the rule applies to all its child stops"), a rule naming a stop wins over
 * one naming its station, and stops of one station with no rule between them get a
 * default change: the walk between their coordinates, at least STATION_MIN_CHANGE_S.
 */
import { haversine } from '../geo/geo';

export interface FootpathOptions {
  /** Metres, straight line. */
  maxDistance: number;
  detourFactor: number;
  /** Metres per second. */
  walkSpeed: number;
}

export const DEFAULT_FOOTPATHS: FootpathOptions = { maxDistance: 400, detourFactor: 1.3, walkSpeed: 1.3 };

export interface ListedTransfer {
  from: number;
  to: number;
  /** Seconds; -1 when the feed gives none (then the walking estimate is used). */
  minTime: number;
  /** GTFS transfer_type; 3 = not possible. */
  type: number;
}

/** Where a footpath came from (Timetable.footSource). */
export const FOOT_SOURCE = { generated: 0, transfers: 1, network: 2, station: 3 } as const;

/** Seconds: the least time allowed to change between two stops of one station with no transfers.txt rule. */
export const STATION_MIN_CHANGE_S = 60;

/** Stop hierarchy by global stop index (Timetable.stopParent / stopLocationType). */
export interface StationTree {
  parent: Int32Array;
  locationType: Uint8Array;
}

/** The stops (location_type 0) of each station, by station index. */
export function stationChildren(tree: StationTree): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (let s = 0; s < tree.parent.length; s++) {
    const p = tree.parent[s] as number;
    if (p < 0 || tree.locationType[s] !== 0 || tree.locationType[p] !== 1) continue;
    const list = out.get(p);
    if (list) list.push(s);
    else out.set(p, [s]);
  }
  return out;
}

/**
 * transfers.txt rules with stations replaced by their stops, least specific first
 * (station-station, then station-stop, then stop-stop) so a later, more specific rule
 * overrides: the expanded rules may include from === to (a station's own change time).
 */
export function expandStationTransfers(listed: ListedTransfer[], tree: StationTree): ListedTransfer[] {
  const children = stationChildren(tree);
  const ends = (s: number) => (tree.locationType[s] === 1 ? (children.get(s) ?? []) : [s]);
  const specificity = (t: ListedTransfer) =>
    (tree.locationType[t.from] === 1 ? 0 : 1) + (tree.locationType[t.to] === 1 ? 0 : 1);
  const out: ListedTransfer[] = [];
  for (const rank of [0, 1, 2]) {
    for (const t of listed) {
      if (specificity(t) !== rank) continue;
      for (const from of ends(t.from))
        for (const to of ends(t.to)) out.push({ from, to, minTime: t.minTime, type: t.type });
    }
  }
  return out;
}

/**
 * Walks between stops over a street network, by stop index of the timetable. Stops with
 * `snapped` 1 are on the network: pairs of two such stops get only these walks (none when the
 * network search found none within the budget); pairs with an unsnapped stop keep the estimate.
 */
export interface NetworkWalks {
  from: Int32Array;
  to: Int32Array;
  /** Seconds. */
  duration: ArrayLike<number>;
  snapped: Uint8Array;
}

export interface Footpaths {
  start: Int32Array;
  to: Int32Array;
  duration: Int32Array;
  source: Uint8Array;
}

export function walkSeconds(metres: number, o: FootpathOptions): number {
  return Math.ceil((metres * o.detourFactor) / o.walkSpeed);
}

export function buildFootpaths(
  lat: Float64Array,
  lon: Float64Array,
  used: Uint8Array,
  stopFeed: Uint16Array,
  feedsWithOwnTransfers: Set<number>,
  listed: ListedTransfer[],
  o: FootpathOptions,
  network: NetworkWalks | null = null,
  stations: StationTree | null = null,
): Footpaths {
  const n = lat.length;
  const edges = new Map<number, { duration: number; source: number }>();
  const key = (a: number, b: number) => a * n + b;

  if (o.maxDistance > 0) {
    // Grid of cells about maxDistance wide, so each stop only looks at its 3x3 neighbourhood.
    const cellLat = o.maxDistance / 111_320;
    const grid = new Map<string, number[]>();
    const cellOf = (s: number) => {
      const cellLon = cellLat / Math.max(0.1, Math.cos(((lat[s] as number) * Math.PI) / 180));
      return [Math.floor((lat[s] as number) / cellLat), Math.floor((lon[s] as number) / cellLon)] as const;
    };
    for (let s = 0; s < n; s++) {
      if (!used[s] || Number.isNaN(lat[s])) continue;
      const [a, b] = cellOf(s);
      const k = `${a},${b}`;
      const list = grid.get(k);
      if (list) list.push(s);
      else grid.set(k, [s]);
    }
    for (let s = 0; s < n; s++) {
      if (!used[s] || Number.isNaN(lat[s])) continue;
      const [a, b] = cellOf(s);
      for (let da = -1; da <= 1; da++) {
        for (let db = -1; db <= 1; db++) {
          for (const t of grid.get(`${a + da},${b + db}`) ?? []) {
            if (t === s) continue;
            if (stopFeed[s] === stopFeed[t] && feedsWithOwnTransfers.has(stopFeed[s] as number)) continue;
            if (network?.snapped[s] && network.snapped[t]) continue;
            const d = haversine(lat[s] as number, lon[s] as number, lat[t] as number, lon[t] as number);
            if (d <= o.maxDistance)
              edges.set(key(s, t), { duration: walkSeconds(d, o), source: FOOT_SOURCE.generated });
          }
        }
      }
    }
  }

  if (network) {
    for (let i = 0; i < network.from.length; i++) {
      const s = network.from[i] as number;
      const t = network.to[i] as number;
      if (s === t || !used[s] || !used[t]) continue;
      if (stopFeed[s] === stopFeed[t] && feedsWithOwnTransfers.has(stopFeed[s] as number)) continue;
      edges.set(key(s, t), { duration: Math.ceil(network.duration[i] as number), source: FOOT_SOURCE.network });
    }
  }

  // Stops of one station: always a way to change, never quicker than STATION_MIN_CHANGE_S (listed rules below win).
  if (stations) {
    for (const stops of stationChildren(stations).values()) {
      for (const s of stops) {
        for (const t of stops) {
          if (s === t || !used[s] || !used[t]) continue;
          const walk = walkSeconds(
            haversine(lat[s] as number, lon[s] as number, lat[t] as number, lon[t] as number),
            o,
          );
          const known = edges.get(key(s, t))?.duration ?? (Number.isFinite(walk) ? walk : 0);
          edges.set(key(s, t), { duration: Math.max(STATION_MIN_CHANGE_S, known), source: FOOT_SOURCE.station });
        }
      }
    }
  }

  for (const t of listed) {
    if (t.from === t.to) continue;
    if (t.type === 3) {
      edges.delete(key(t.from, t.to));
      continue;
    }
    const walk = walkSeconds(
      haversine(lat[t.from] as number, lon[t.from] as number, lat[t.to] as number, lon[t.to] as number),
      o,
    );
    edges.set(key(t.from, t.to), {
      duration: t.minTime >= 0 ? t.minTime : Number.isFinite(walk) ? walk : 0,
      source: FOOT_SOURCE.transfers,
    });
  }

  const sorted = [...edges.entries()].sort((x, y) => x[0] - y[0]);
  const start = new Int32Array(n + 1);
  const to = new Int32Array(sorted.length);
  const duration = new Int32Array(sorted.length);
  const source = new Uint8Array(sorted.length);
  sorted.forEach(([k, e], i) => {
    const from = Math.floor(k / n);
    start[from + 1] = (start[from + 1] as number) + 1;
    to[i] = k - from * n;
    duration[i] = e.duration;
    source[i] = e.source;
  });
  for (let s = 0; s < n; s++) start[s + 1] = (start[s + 1] as number) + (start[s] as number);
  return { start, to, duration, source };
}
