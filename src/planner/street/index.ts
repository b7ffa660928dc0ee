/** Street module public API (browser-safe; file loading lives in osm-node.ts and elevation-node.ts). */
export { CLIMB_SECONDS_PER_M, buildStreetGraph, type BuildOptions, type BuildStats, type ChunkSource } from './build';
export { buildDirections, formatDistance, type Direction, type Segment } from './directions';
export {
  ElevationModel,
  Raster,
  elevationProfile,
  elevationRange,
  type ElevationRange,
  type ElevationSample,
  type ElevationSampler,
} from './elevation';
export { DETOUR_FACTOR, estimateRoute, estimatedDuration } from './estimate';
export { networkFootpaths, type NetworkFootpaths } from './footpaths';
export { readGeoTiff } from './geotiff';
export type { StreetGraph } from './graph';
export { readHgt } from './hgt';
export { PROFILES, type Profile } from './profiles';
export { Router, type PathResult } from './router';
export { STREET_SNAPSHOT_VERSION, deserializeStreetGraph, serializeStreetGraph } from './snapshot';
export { snapPoint, type Snap } from './spatial';
export { StreetPlanner, estimateReach, type Reach, type StreetPlannerOptions } from './street';
export type { StreetRoute } from './types';
