/**
 * Builds the timetable model from one or more GTFS feeds merged into a region.
 * Ids are namespaced per feed ("feed:id"); display ids drop the prefix unless
 * two feeds share the id.
 */
import { dayRange, rollForward, ROLL_FORWARD_RULE, serviceDays } from './calendar';
import {
  buildFootpaths,
  DEFAULT_FOOTPATHS,
  expandStationTransfers,
  stationChildren,
  type StationTree,
  walkSeconds,
  type FootpathOptions,
  type ListedTransfer,
  type NetworkWalks,
} from './footpaths';
import type { GtfsSource } from './gtfs-source';
import { formatDay, formatGtfsTime } from './gtfs-time';
import { loadFeed } from './load-feed';
import { NO_CHANGE, type AgencyInfo, type FeedInfo, type Timetable } from './model';
import { groupPatterns, tripArrival, tripDeparture, type TripRef } from './patterns';
import type { RawFeed, RawTransferRule } from './raw-feed';
import { ReportBuilder, type FeedSummary, type ImportIssue } from './report';
import { specificityRank } from './gtfs/transfers';
import { seatLinks, type TripEnds } from './seats';
import { buildTrips, newTripStore, type TripStore } from './trip-times';

export interface FeedInput {
  source: GtfsSource;
  /** Map the feed's calendar onto these days (since epoch) by weekday: for expired demo feeds. */
  rollForward?: { first: number; last: number };
}

export interface BuildOptions {
  footpaths?: Partial<FootpathOptions>;
  /**
   * Walking over the street network between the given points (the used stops) within maxSeconds,
   * by index into `points`; where a region has a street graph (street/footpaths networkFootpaths).
   */
  walkNetwork?: (points: { lat: number; lng: number }[], maxSeconds: number) => NetworkWalks;
  /** Issues found before the build (TransXChange conversion, NaPTAN rows), listed in the import report. */
  issues?: readonly ImportIssue[];
  /** Called with each feed as loaded, before the merge: what else reads a feed (places, fares) reads it here, not from its files again. */
  onFeed?: (raw: RawFeed) => void;
}

export async function buildTimetable(inputs: FeedInput[], options: BuildOptions = {}): Promise<Timetable> {
  const report = new ReportBuilder();
  for (const issue of options.issues ?? []) report.warn(issue);
  const raws: RawFeed[] = [];
  for (const input of inputs) {
    const raw = await loadFeed(input.source, report);
    options.onFeed?.(raw);
    raws.push(raw);
  }

  // Calendars, rolled forward where asked.
  const feedInfos: FeedInfo[] = [];
  const dayLists: Map<string, number[]>[] = [];
  raws.forEach((raw, f) => {
    let days = serviceDays(raw);
    const own = dayRange(days);
    const info: FeedInfo = { name: raw.name, firstDay: own.first, lastDay: own.last };
    const roll = inputs[f]?.rollForward;
    if (roll) {
      const source = {
        first: Number.isFinite(raw.feedStart) ? Math.max(raw.feedStart, own.first) : own.first,
        last: Number.isFinite(raw.feedEnd) ? Math.min(raw.feedEnd, own.last) : own.last,
      };
      days = rollForward(days, source, roll.first, roll.last);
      Object.assign(info, {
        firstDay: roll.first,
        lastDay: roll.last,
        sourceFirstDay: source.first,
        sourceLastDay: source.last,
      });
    }
    dayLists.push(days);
    feedInfos.push(info);
  });
  const finite = feedInfos.filter((f) => Number.isFinite(f.firstDay));
  const calendarStart = finite.length ? Math.min(...finite.map((f) => f.firstDay)) : 0;
  const calendarEnd = finite.length ? Math.max(...finite.map((f) => f.lastDay)) : 0;
  const calendarDays = calendarEnd - calendarStart + 1;
  const serviceWords = Math.ceil(calendarDays / 32);
  const serviceIds: string[] = [];
  const serviceIndex: Map<string, number>[] = [];
  const bitsList: number[][] = [];
  dayLists.forEach((days, f) => {
    const index = new Map<string, number>();
    for (const [id, list] of days) {
      index.set(id, serviceIds.length);
      serviceIds.push(`${raws[f]?.name}:${id}`);
      bitsList.push(list);
    }
    serviceIndex.push(index);
  });
  const serviceBits = new Uint32Array(serviceIds.length * serviceWords);
  bitsList.forEach((list, s) => {
    for (const day of list) {
      const d = day - calendarStart;
      serviceBits[s * serviceWords + (d >>> 5)] =
        ((serviceBits[s * serviceWords + (d >>> 5)] as number) | (1 << (d & 31))) >>> 0;
    }
  });

  // Stops, agencies, routes.
  const stopBase: number[] = [];
  const stopCount = raws.reduce((n, r) => (stopBase.push(n), n + r.stops.length), 0);
  const stopIds: string[] = [];
  const rawStopIds: string[] = [];
  const stopNames: string[] = [];
  const stopZones: string[] = [];
  const stopLat = new Float64Array(stopCount);
  const stopLon = new Float64Array(stopCount);
  const stopParent = new Int32Array(stopCount).fill(-1);
  const stopLocationType = new Uint8Array(stopCount);
  const stopWheelchair = new Uint8Array(stopCount);
  const stopFeed = new Uint16Array(stopCount);
  const stopMinTransfer = new Int32Array(stopCount);
  const agencies: AgencyInfo[] = [];
  const routeIds: string[] = [];
  const routeShortNames: string[] = [];
  const routeLongNames: string[] = [];
  const routeColors: string[] = [];
  const routeTextColors: string[] = [];
  const routeTypes: number[] = [];
  const routeAgencies: number[] = [];
  const routeBase: number[] = [];
  const listed: ListedTransfer[] = [];
  const specific: RawTransferRule[] = [];
  const rawTripBase: number[] = [];
  let rawTrips = 0;
  const feedsWithOwnTransfers = new Set<number>();
  raws.forEach((raw, f) => {
    const base = stopBase[f] as number;
    const local = new Map(raw.stops.map((s, i) => [s.id, i]));
    raw.stops.forEach((s, i) => {
      const g = base + i;
      stopIds.push(`${raw.name}:${s.id}`);
      rawStopIds.push(s.id);
      stopNames.push(s.name);
      stopZones.push(s.zoneId);
      stopLat[g] = s.lat;
      stopLon[g] = s.lon;
      stopParent[g] = s.parentId ? base + (local.get(s.parentId) as number) : -1;
      stopLocationType[g] = s.locationType;
      stopWheelchair[g] = s.wheelchair;
      stopFeed[g] = f;
    });
    const agencyIndex = new Map<string, number>();
    for (const a of raw.agencies) {
      agencyIndex.set(a.id, agencies.length);
      agencies.push({ ...a, id: `${raw.name}:${a.id}` });
    }
    routeBase.push(routeIds.length);
    for (const r of raw.routes) {
      routeIds.push(`${raw.name}:${r.id}`);
      routeShortNames.push(r.shortName);
      routeLongNames.push(r.longName);
      routeColors.push(r.color);
      routeTextColors.push(r.textColor);
      routeTypes.push(r.type);
      routeAgencies.push(
        agencyIndex.get(r.agencyId) ?? agencyIndex.get('') ?? (raw.agencies.length === 1 ? agencies.length - 1 : -1),
      );
    }
    for (const t of raw.transfers) {
      if (t.from !== t.to) feedsWithOwnTransfers.add(f);
      listed.push({ from: base + t.from, to: base + t.to, minTime: t.minTime, type: t.type });
    }
    const rb = routeBase[f] as number;
    rawTripBase.push(rawTrips);
    for (const t of raw.transferRules) {
      specific.push({
        fromStop: base + t.fromStop,
        toStop: base + t.toStop,
        fromTrip: t.fromTrip >= 0 ? rawTrips + t.fromTrip : -1,
        toTrip: t.toTrip >= 0 ? rawTrips + t.toTrip : -1,
        fromRoute: t.fromRoute >= 0 ? rb + t.fromRoute : -1,
        toRoute: t.toRoute >= 0 ? rb + t.toRoute : -1,
        type: t.type,
        minTime: t.minTime,
      });
    }
    rawTrips += raw.trips.length;
  });
  // Rules naming a station apply to each of its stops; a stop's rule with itself is its change time,
  // the more specific rule last: a minimum time (type 2), no change at all (type 3), else none needed.
  const stations = { parent: stopParent, locationType: stopLocationType };
  const stopTransfers = expandStationTransfers(listed, stations).filter((t) => {
    if (t.from !== t.to) return true;
    stopMinTransfer[t.from] = t.type === 3 ? NO_CHANGE : t.type === 2 && t.minTime >= 0 ? t.minTime : 0;
    return false;
  });
  const stopDisplayIds = displayIds(rawStopIds, stopIds);

  // Trips and patterns.
  const stores: TripStore[] = [];
  const refs: TripRef[] = [];
  const tripFeed = new Map<TripStore, number>();
  raws.forEach((raw, f) => {
    const store = newTripStore();
    stores.push(store);
    tripFeed.set(store, f);
    const services = serviceIndex[f] as Map<string, number>;
    const used = buildTrips(raw, stopBase[f] as number, store, report, (t) =>
      services.has(raw.trips[t]?.service ?? ''),
    );
    let unused = 0;
    raw.stops.forEach((s, i) => {
      if (!used[i] && s.locationType === 0) unused++;
    });
    if (unused > 0)
      report.warn({
        feed: raw.name,
        file: 'stops.txt',
        line: 0,
        message: `${unused} stops are not used by any trip (kept for lookup, not routed)`,
      });
    for (let rec = 0; rec < store.recStart.length; rec++) {
      refs.push({ store, rec, route: (routeBase[f] as number) + (raw.trips[store.recTrip.get(rec)]?.route ?? 0) });
    }
  });
  const patterns = groupPatterns(refs);

  const patternCount = patterns.length;
  const patternRoute = new Int32Array(patternCount);
  const patternStopStart = new Int32Array(patternCount + 1);
  const patternTripStart = new Int32Array(patternCount + 1);
  const patternTimeStart = new Int32Array(patternCount);
  let stopSlots = 0;
  let timeSlots = 0;
  patterns.forEach((p, i) => {
    patternRoute[i] = p.route;
    patternStopStart[i] = stopSlots;
    patternTripStart[i] = i === 0 ? 0 : (patternTripStart[i - 1] as number) + (patterns[i - 1]?.trips.length as number);
    patternTimeStart[i] = timeSlots;
    stopSlots += p.stops.length;
    timeSlots += p.stops.length * p.trips.length;
  });
  patternStopStart[patternCount] = stopSlots;
  patternTripStart[patternCount] = refs.length;
  const patternStops = new Int32Array(stopSlots);
  const patternStopFlags = new Uint8Array(stopSlots);
  const arrivals = new Int32Array(timeSlots);
  const departures = new Int32Array(timeSlots);
  const tripCount = refs.length;
  const tripIds: string[] = [];
  const rawTripIds: string[] = [];
  const tripHeadsigns: string[] = [];
  const tripShortNames: string[] = [];
  const tripService = new Int32Array(tripCount);
  const tripWheelchair = new Uint8Array(tripCount);
  const tripDirection = new Uint8Array(tripCount);
  const tripShape = new Int32Array(tripCount).fill(-1);
  const tripSpan = new Int32Array(tripCount).fill(-1);
  const tripSource = new Int32Array(tripCount);
  const tripWait = new Int32Array(tripCount);
  const shapeIndex = new Map<string, number>();
  const shapeStartList: number[] = [0];
  const shapeLat: number[] = [];
  const shapeLon: number[] = [];
  const routed = new Uint8Array(stopCount);
  const ends: TripEnds[] = raws.map((raw) => {
    const n = raw.trips.length;
    return {
      modelTrip: new Int32Array(n).fill(-1),
      firstStop: new Int32Array(n),
      lastStop: new Int32Array(n),
      firstDeparture: new Int32Array(n),
      lastArrival: new Int32Array(n),
    };
  });
  patterns.forEach((p, i) => {
    patternStops.set(p.stops, patternStopStart[i]);
    patternStopFlags.set(p.flags, patternStopStart[i]);
    for (const s of p.stops) routed[s] = 1;
    const n = p.stops.length;
    p.trips.forEach((ref, j) => {
      const base = (patternTimeStart[i] as number) + j * n;
      for (let k = 0; k < n; k++) {
        arrivals[base + k] = tripArrival(ref, k);
        departures[base + k] = tripDeparture(ref, k);
      }
      const t = (patternTripStart[i] as number) + j;
      const f = tripFeed.get(ref.store) as number;
      const raw = raws[f] as RawFeed;
      const trip = raw.trips[ref.store.recTrip.get(ref.rec)];
      if (!trip) return;
      const freq = ref.store.recFrequency.get(ref.rec);
      if (freq < 0) {
        const e = ends[f] as TripEnds;
        const r = ref.store.recTrip.get(ref.rec);
        e.modelTrip[r] = t;
        e.firstStop[r] = p.stops[0] as number;
        e.lastStop[r] = p.stops[n - 1] as number;
        e.firstDeparture[r] = departures[base] as number;
        e.lastArrival[r] = arrivals[base + n - 1] as number;
      }
      const suffix = freq >= 0 ? `@${formatGtfsTime(freq)}` : '';
      tripIds.push(`${raw.name}:${trip.id}${suffix}`);
      rawTripIds.push(`${trip.id}${suffix}`);
      tripHeadsigns.push(trip.headsign);
      tripShortNames.push(trip.shortName);
      tripService[t] = serviceIndex[f]?.get(trip.service) ?? 0;
      tripSpan[t] = ref.store.recSpan.get(ref.rec);
      tripSource[t] = (rawTripBase[f] as number) + ref.store.recTrip.get(ref.rec);
      tripWait[t] = ref.store.recWait.get(ref.rec);
      tripWheelchair[t] = trip.wheelchair;
      tripDirection[t] = trip.directionId;
      const shapeKey = `${raw.name}:${trip.shapeId}`;
      const shape = raw.shapes.get(trip.shapeId);
      if (trip.shapeId && shape && shape.lat.length > 1) {
        let si = shapeIndex.get(shapeKey);
        if (si === undefined) {
          si = shapeIndex.size;
          shapeIndex.set(shapeKey, si);
          for (let k = 0; k < shape.lat.length; k++) {
            shapeLat.push(shape.lat[k] as number);
            shapeLon.push(shape.lon[k] as number);
          }
          shapeStartList.push(shapeLat.length);
        }
        tripShape[t] = si;
      }
    });
  });

  // Stay-seated links; trip ends are global stop indexes, one place if they share a parent station.
  const station = (s: number) => ((stopParent[s] as number) >= 0 ? (stopParent[s] as number) : s);
  const seats = raws.flatMap((raw, f) => seatLinks(raw, ends[f] as TripEnds, (a, b) => station(a) === station(b)));
  const footOptions = { ...DEFAULT_FOOTPATHS, ...options.footpaths };
  const footpaths = buildFootpaths(
    stopLat,
    stopLon,
    routed,
    stopFeed,
    feedsWithOwnTransfers,
    stopTransfers,
    footOptions,
    networkWalks(options, footOptions, stopLat, stopLon, routed),
    stations,
  );

  const extras: Timetable['extras'] = {};
  for (const raw of raws) {
    for (const [file, table] of Object.entries(raw.extras)) extras[`${raw.name}/${file}`] = table;
    if (raw.locationsGeoJson)
      extras[`${raw.name}/locations.geojson`] = { header: ['geojson'], rows: [[raw.locationsGeoJson]] };
  }

  const summaries: FeedSummary[] = raws.map((raw, f) => {
    const info = feedInfos[f] as FeedInfo;
    const summary: FeedSummary = {
      feed: raw.name,
      agencies: raw.agencies.length,
      stops: raw.stops.length,
      routes: raw.routes.length,
      trips: refs.filter((r) => tripFeed.get(r.store) === f).length,
      stopTimes: raw.stopTimes.trip.length,
      services: dayLists[f]?.size ?? 0,
      // A feed with no service (every journey clipped out of the region) has no dates.
      firstDate: Number.isFinite(info.firstDay) ? formatDay(info.firstDay) : '',
      lastDate: Number.isFinite(info.lastDay) ? formatDay(info.lastDay) : '',
      ...(Object.keys(raw.transferKinds).length ? { transfers: { ...raw.transferKinds } } : {}),
    };
    if (
      info.sourceFirstDay !== undefined &&
      info.sourceLastDay !== undefined &&
      Number.isFinite(info.sourceFirstDay) &&
      Number.isFinite(info.sourceLastDay)
    ) {
      summary.rolledForward = {
        sourceFirst: formatDay(info.sourceFirstDay),
        sourceLast: formatDay(info.sourceLastDay),
        targetFirst: formatDay(info.firstDay),
        targetLast: formatDay(info.lastDay),
        rule: ROLL_FORWARD_RULE,
      };
    }
    return summary;
  });

  const zones = [...new Set(raws.flatMap((r) => r.agencies.map((a) => a.timezone)).filter(Boolean))];
  if (zones.length > 1) {
    report.warn({
      feed: raws[0]?.name ?? '',
      file: 'agency.txt',
      line: 0,
      column: 'agency_timezone',
      message: `agencies name several time zones (${zones.join(', ')}); times are read in ${zones[0]}`,
    });
  }
  return {
    feeds: feedInfos,
    ...(zones[0] ? { timezone: zones[0] } : {}),
    report: {
      feeds: summaries,
      warnings: report.warnings,
      suppressed: report.suppressed,
      importedAt: new Date().toISOString(),
    },
    calendarStart,
    calendarDays,
    serviceWords,
    serviceBits,
    serviceIds,
    stopCount,
    stopIds,
    stopDisplayIds,
    stopNames,
    stopZones,
    stopLat,
    stopLon,
    stopParent,
    stopLocationType,
    stopWheelchair,
    stopFeed,
    stopMinTransfer,
    footStart: footpaths.start,
    footTo: footpaths.to,
    footDuration: footpaths.duration,
    footSource: footpaths.source,
    agencies,
    routeCount: routeIds.length,
    routeIds,
    routeShortNames,
    routeLongNames,
    routeColors,
    routeTextColors,
    routeType: Int32Array.from(routeTypes),
    routeAgency: Int32Array.from(routeAgencies),
    patternCount,
    patternRoute,
    patternStopStart,
    patternStops,
    patternStopFlags,
    patternTripStart,
    patternTimeStart,
    arrivals,
    departures,
    tripCount,
    tripIds,
    tripDisplayIds: displayIds(rawTripIds, tripIds),
    tripHeadsigns,
    tripShortNames,
    tripService,
    tripWheelchair,
    tripDirection,
    tripShape,
    ...(tripSpan.some((x) => x >= 0) ? { tripSpan, tripWait } : {}),
    ...(specific.length ? { ...transferRuleArrays(expandRuleStations(specific, stations)), tripSource } : {}),
    seatFrom: Int32Array.from(seats, (x) => x[0]),
    seatTo: Int32Array.from(seats, (x) => x[1]),
    shapeStart: Int32Array.from(shapeStartList),
    shapeLat: Float32Array.from(shapeLat),
    shapeLon: Float32Array.from(shapeLon),
    extras,
  };
}

/** The network walks between used stops, re-indexed from the used-stop list to stop indexes. */
function networkWalks(
  options: BuildOptions,
  o: FootpathOptions,
  lat: Float64Array,
  lon: Float64Array,
  used: Uint8Array,
): NetworkWalks | null {
  if (!options.walkNetwork || o.maxDistance <= 0) return null;
  const stops: number[] = [];
  for (let s = 0; s < lat.length; s++) if (used[s] && !Number.isNaN(lat[s])) stops.push(s);
  // The same time budget as a straight-line footpath of maxDistance.
  const walks = options.walkNetwork(
    stops.map((s) => ({ lat: lat[s] as number, lng: lon[s] as number })),
    walkSeconds(o.maxDistance, o),
  );
  const snapped = new Uint8Array(lat.length);
  stops.forEach((s, i) => (snapped[s] = walks.snapped[i] as number));
  return {
    from: walks.from.map((i) => stops[i] as number),
    to: walks.to.map((i) => stops[i] as number),
    duration: walks.duration,
    snapped,
  };
}

/** Trip- and route-specific rules with stations replaced by their stops, ranked (Timetable.ruleRank). */
function expandRuleStations(rules: RawTransferRule[], tree: StationTree): (RawTransferRule & { rank: number })[] {
  const children = stationChildren(tree);
  const ends = (s: number) => (tree.locationType[s] === 1 ? (children.get(s) ?? []) : [s]);
  const side = (trip: number, route: number) => (trip >= 0 ? 'trip' : route >= 0 ? 'route' : '');
  const out: (RawTransferRule & { rank: number })[] = [];
  for (const r of rules) {
    const stops = (tree.locationType[r.fromStop] === 1 ? 0 : 1) + (tree.locationType[r.toStop] === 1 ? 0 : 1);
    const rank = specificityRank(side(r.fromTrip, r.fromRoute), side(r.toTrip, r.toRoute)) * 3 + stops;
    for (const fromStop of ends(r.fromStop))
      for (const toStop of ends(r.toStop)) out.push({ ...r, fromStop, toStop, rank });
  }
  return out.sort((a, b) => b.rank - a.rank);
}

function transferRuleArrays(rules: (RawTransferRule & { rank: number })[]): Partial<Timetable> {
  return {
    ruleFromStop: Int32Array.from(rules, (r) => r.fromStop),
    ruleToStop: Int32Array.from(rules, (r) => r.toStop),
    ruleFromTrip: Int32Array.from(rules, (r) => r.fromTrip),
    ruleToTrip: Int32Array.from(rules, (r) => r.toTrip),
    ruleFromRoute: Int32Array.from(rules, (r) => r.fromRoute),
    ruleToRoute: Int32Array.from(rules, (r) => r.toRoute),
    ruleType: Uint8Array.from(rules, (r) => r.type),
    ruleMinTime: Int32Array.from(rules, (r) => r.minTime),
    ruleRank: Uint8Array.from(rules, (r) => r.rank),
  };
}

/** The raw id, or the namespaced one where two feeds use the same raw id. */
function displayIds(raw: string[], namespaced: string[]): string[] {
  const count = new Map<string, number>();
  for (const id of raw) count.set(id, (count.get(id) ?? 0) + 1);
  return raw.map((id, i) => ((count.get(id) ?? 0) > 1 ? (namespaced[i] as string) : id));
}
