/**
 * A Region bundles what door-to-door planning needs for one area: the timetable (with its
 * router), the street planner (graph or estimates) with elevation, the cost and emission data,
 * fare indexes, and the area it covers. Browser-safe; loading from files is in region-node.ts.
 */
import type { FareIndex } from '../costs/gtfs-fares';
import type { BikeHireData, CarClubData, DrtData } from '../costs/region-data';
import type { PaymentMethodsData } from '../costs/payment-methods';
import type { TaxiData } from '../costs/taxi';
import type { FaresData } from '../costs/transit';
import type { ModeFactors } from '../emissions/factors';
import type { CouncilArea } from '../geo/council-areas';
import type { BBox, LatLng } from '../geo/geo';
import { emptyBBox, extendBBox } from '../geo/geo';
import { Planner } from '../query/planner';
import type { Snap } from '../street/spatial';
import type { StreetPlanner } from '../street/street';
import type { Timetable } from '../timetable/model';

/** The cost files of a region (same shape as costs/region-data-node's RegionCostData). */
export interface RegionCosts {
  taxis: TaxiData;
  carClubs: CarClubData;
  bikeHire: BikeHireData;
  drt: DrtData;
  fares: FaresData;
  paymentMethods: PaymentMethodsData;
  councilAreas: CouncilArea[];
  emissionFactors: ModeFactors;
}

export interface RegionParts {
  name: string;
  timetable: Timetable;
  street: StreetPlanner;
  costs: RegionCosts;
  fareIndexes?: Map<string, FareIndex>;
  /** ISO 4217 code of fares and prices (GBP in Scotland). */
  currency?: string;
  /** Own-car cost per mile (HMRC 45p unless the region says otherwise). */
  carPencePerMile?: number;
}

export interface Region extends Required<RegionParts> {
  transit: Planner;
  /** Boarding stops (location_type 0) and their coordinates. */
  stops: Int32Array;
  stopPoints: LatLng[];
  /** Walk snaps of stopPoints, computed on first use (null: off the graph). */
  stopSnaps: (Snap | null)[] | null;
  /** What the region covers: stops, street graph and council areas, with a margin. */
  bounds: BBox;
}

/** Margin around the region's stops/streets/councils that still counts as inside (degrees, ~10 km). */
const MARGIN_LAT = 0.09;

export function createRegion(parts: RegionParts): Region {
  const tt = parts.timetable;
  const stops: number[] = [];
  const box = emptyBBox();
  for (let s = 0; s < tt.stopCount; s++) {
    if (tt.stopLocationType[s] !== 0) continue;
    stops.push(s);
    extendBBox(box, tt.stopLat[s] as number, tt.stopLon[s] as number);
  }
  const g = parts.street.graph;
  if (g) {
    extendBBox(box, g.bbox.minLat, g.bbox.minLng);
    extendBBox(box, g.bbox.maxLat, g.bbox.maxLng);
  }
  for (const a of parts.costs.councilAreas) {
    if (!a.bbox) continue;
    extendBBox(box, a.bbox[1], a.bbox[0]);
    extendBBox(box, a.bbox[3], a.bbox[2]);
  }
  const mLng = MARGIN_LAT / Math.max(0.2, Math.cos((((box.minLat + box.maxLat) / 2) * Math.PI) / 180));
  const bounds = { minLat: box.minLat - MARGIN_LAT, maxLat: box.maxLat + MARGIN_LAT, minLng: box.minLng - mLng, maxLng: box.maxLng + mLng };
  return {
    name: parts.name,
    timetable: tt,
    street: parts.street,
    costs: parts.costs,
    fareIndexes: parts.fareIndexes ?? new Map(),
    currency: parts.currency ?? 'GBP',
    carPencePerMile: parts.carPencePerMile ?? 45,
    transit: new Planner(tt),
    stops: Int32Array.from(stops),
    stopPoints: stops.map((s) => ({ lat: tt.stopLat[s] as number, lng: tt.stopLon[s] as number })),
    stopSnaps: null,
    bounds,
  };
}
