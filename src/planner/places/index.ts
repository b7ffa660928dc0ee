/**
 * Places: the built-in address/place/stop/postcode index for autocomplete and
 * reverse look-up. Browser-safe; Node file loading is in sources-node.ts.
 */
export { PlaceIndex } from './place-index';
export { PlaceIndexSet } from './index-set';
export { buildPlaceIndex, PLACE_INDEX_VERSION } from './build';
export type { BuildOptions, PlaceIndexData } from './build';
export { serializePlaceIndex, deserializePlaceIndex } from './serialize';
export { MAX_RESULTS } from './search';
export type { ScoredPlace, ScoredSearchOutcome, SearchOutcome } from './search';
export type { ReverseOptions } from './reverse';
export { checkQuery, MAX_QUERY_CHARS, MIN_QUERY_CHARS } from './validate';
export type { QueryCheck, QueryError, QueryErrorCode } from './validate';
export { assembleRegionPlaces, PLACE_RECIPE_VERSION } from './region';
export type { RegionPlaces, RegionSources } from './region';
export { stopsFromGtfsZip, stopsFromRawFeed } from './gtfs-stops';
export { osmPlacesFromPbf } from './osm-places';
export type { GtfsStopsOptions } from './gtfs-stops';
export { placesFromOsm, placesFromStops } from './sources';
export { ATTRIBUTIONS } from './attributions';
export { GB_BOX, inGreatBritain } from './geo';
export { normalizeText } from './normalize';
export { PLACE_TYPES } from './types';
export type {
  Attribution,
  BiasBox,
  OsmPlaceInput,
  PlaceRecord,
  PlaceResult,
  PlaceType,
  ReverseResult,
  SearchOptions,
  StopInput,
  StopKind,
} from './types';
