/**
 * A Region bundles what door-to-door planning needs for one area: the timetable (with its
 * router), the street planner (graph or estimates) with elevation, the cost and emission data,
 * fare indexes, and the area it covers. Browser-safe; loading from files is in load-node.ts.
 */
import type { FareIndex } from '../costs/gtfs-fares';
import { HMRC_CAR_PENCE_PER_MILE } from '../costs/car';
import type { RegionCostData } from '../costs/region-data';
import type { BBox, LatLng } from '../geo/geo';
import { emptyBBox, extendBBox } from '../geo/geo';
import type { PlaceIndex } from '../places/place-index';
import { Planner } from '../transit/planner';
import type { ServiceTimetable } from '../transit/service-timetable';
import type { Snap } from '../street/spatial';
import type { StreetPlanner } from '../street/street';
import type { Timetable } from '../timetable/model';

export interface RegionParts {
  name: string;
  timetable: Timetable;
  street: StreetPlanner;
  costs: RegionCostData;
  fareIndexes?: Map<string, FareIndex>;
  /** ISO 4217 code of fares and prices (GBP in Scotland). */
  currency?: string;
  /**
   * Own-car cost per mile in the region's currency's minor unit: the region's own figure, else the
   * HMRC 45p for a GBP region; null (the cost is unknown) elsewhere, as the HMRC rate is a UK one.
   */
  carPencePerMile?: number | null;
  /** The built-in place index (autocomplete, reverse look-up); null when the region lists no place sources. */
  places?: PlaceIndex | null;
}

export interface Region extends Required<RegionParts> {
  transit: Planner;
  /** Boarding stops (location_type 0) and their coordinates. */
  stops: Int32Array;
  stopPoints: LatLng[];
  /** Service timetables already built (pattern, direction and service day -> the day's timetable). */
  timetables: Map<string, ServiceTimetable>;
  /** Walk snaps of stopPoints, computed on first use (null: off the graph). */
  stopSnaps: (Snap | null)[] | null;
  /**
   * Where a journey may start: the council areas when the region lists them (Tayside: Angus,
   * Dundee, Perth and Kinross, Stirling), else the street graph, else the stops; with a margin.
   */
  bounds: BBox;
  /** Where a journey may end: everything the region's stops, streets and councils cover, with a margin. */
  reach: BBox;
}

/** Margin around the region's stops/streets/councils that still counts as inside (degrees, ~10 km). */
const MARGIN_LAT = 0.09;

export function createRegion(parts: RegionParts): Region {
  const tt = parts.timetable;
  const stops: number[] = [];
  const stopBox = emptyBBox();
  for (let s = 0; s < tt.stopCount; s++) {
    if (tt.stopLocationType[s] !== 0) continue;
    stops.push(s);
    extendBBox(stopBox, tt.stopLat[s] as number, tt.stopLon[s] as number);
  }
  const g = parts.street.graph;
  const councilBox = emptyBBox();
  for (const a of parts.costs.councilAreas) {
    if (!a.bbox) continue;
    extendBBox(councilBox, a.bbox[1], a.bbox[0]);
    extendBBox(councilBox, a.bbox[3], a.bbox[2]);
  }
  const start = Number.isFinite(councilBox.minLat) ? councilBox : g ? { ...g.bbox } : stopBox;
  const reach = union(union(stopBox, councilBox), g ? g.bbox : emptyBBox());
  return {
    name: parts.name,
    timetable: tt,
    street: parts.street,
    costs: parts.costs,
    fareIndexes: parts.fareIndexes ?? new Map(),
    currency: parts.currency ?? 'GBP',
    carPencePerMile: parts.carPencePerMile ?? ((parts.currency ?? 'GBP') === 'GBP' ? HMRC_CAR_PENCE_PER_MILE : null),
    places: parts.places ?? null,
    transit: new Planner(tt),
    stops: Int32Array.from(stops),
    stopPoints: stops.map((s) => ({ lat: tt.stopLat[s] as number, lng: tt.stopLon[s] as number })),
    stopSnaps: null,
    timetables: new Map(),
    bounds: widen(start),
    reach: widen(reach),
  };
}

function union(a: BBox, b: BBox): BBox {
  return {
    minLat: Math.min(a.minLat, b.minLat),
    minLng: Math.min(a.minLng, b.minLng),
    maxLat: Math.max(a.maxLat, b.maxLat),
    maxLng: Math.max(a.maxLng, b.maxLng),
  };
}

function widen(box: BBox): BBox {
  const mLng = MARGIN_LAT / Math.max(0.2, Math.cos((((box.minLat + box.maxLat) / 2) * Math.PI) / 180));
  return {
    minLat: box.minLat - MARGIN_LAT,
    maxLat: box.maxLat + MARGIN_LAT,
    minLng: box.minLng - mLng,
    maxLng: box.maxLng + mLng,
  };
}
