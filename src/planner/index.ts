/**
 * The planner's public face for browsers (a Web Worker planning on the device) and any other
 * caller without Node: door-to-door planning, a region from snapshot (pack) bytes, place search,
 * and the journey types. Nothing reached from here imports a Node builtin or a `*-node` module
 * (tests/planner/index.test.ts walks the imports); loaders that read files are in
 * region/load-node.ts and region/build-node.ts.
 */
export {
  plan,
  planAll,
  PlanError,
  validateRequest,
  createRegion,
  selectTransit,
  sortByEmissions,
  stableId,
  TRAVEL_TYPES,
} from './plan/index';
export type {
  PlanOptions,
  Region,
  RegionParts,
  RegionCostData,
  PlanErrorCode,
  PlanProfile,
  PlanRequest,
  PlaceIn,
} from './plan/index';
export type * from './journey/types';
export { journeyForAnyone, journeyForTraveller, pricesOf, withPrices } from './journey/prices';
export {
  crc32,
  decodeRegionSnapshot,
  regionFromSnapshot,
  regionSnapshotSections,
  RegionSnapshotError,
  REGION_SNAPSHOT_VERSION,
  type RegionInfo,
  type RegionReport,
  type RegionSnapshot,
} from './region/snapshot';
export { bboxContains, distance, type BBox, type LatLng } from './geo/geo';
export { atSea, LAND_TOLERANCE_M, type LandMask } from './geo/land';
export { placeRefusal, SAME_PLACE_METRES } from './plan/request';
export { rolledForwardFeeds, type RolledForwardFeed } from './timetable/rolled-forward';
export { PlaceIndex } from './places/place-index';
export { isScottishCity } from './places/centres';
export { parseCsv } from './common/csv';
export { PlaceIndexSet } from './places/index-set';
export type { PlaceResult, ReverseResult, SearchOptions } from './places/types';
export type { SearchOutcome } from './places/search';
