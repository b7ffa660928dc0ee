/**
 * Place records, search results and the input records other parts of the planner
 * (the GTFS timetable model, the OSM street reader) feed into the place index.
 * Pure types: usable in the browser worker and on the server alike.
 */

/** What a place is (src/vocabulary). Order matters: it is the tie-break rank (earlier wins). */
import { PLACE_TYPES, type PlaceType } from '../../vocabulary/index';
export { PLACE_TYPES, type PlaceType };

/** A bounding box in WGS84 degrees (the same shape as a brand's `autocompleteBias`). */
export interface BiasBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** Where a record came from: shown where the licence asks (About the data, map control). */
export interface Attribution {
  /** Short key, e.g. "geonames". */
  key: string;
  /** The attribution line as the licence asks for it. */
  text: string;
  licence: string;
}

/** One searchable place, as held by the index. */
export interface PlaceRecord {
  /** Stable id, e.g. `postcode:DD14HN`, `stop:rail:DEE`, `place:geonames:dundee-v6`. */
  id: string;
  /** What the traveller sees and what the planner sends as origin/destination text. */
  label: string;
  /** Context under the label, e.g. "Railway station, Perth". */
  secondary: string;
  type: PlaceType;
  lat: number;
  lng: number;
  /** 0..1; higher ranks first among equally good text matches. */
  importance: number;
  /** Key into the index's attribution list. */
  source: string;
  /** Extra searchable words that are not shown (e.g. "railway", "train", a postcode without its space). */
  keywords?: string[];
}

/** What search and reverse return: what the API and the web form need. */
export interface PlaceResult {
  id: string;
  label: string;
  secondary: string;
  type: PlaceType;
  lat: number;
  lng: number;
}

export interface ReverseResult extends PlaceResult {
  /** Great-circle distance from the asked point, metres (rounded). */
  distanceM: number;
}

export type StopKind = 'rail' | 'bus' | 'coach' | 'tram' | 'subway' | 'ferry' | 'cable' | 'other';

/**
 * A stop or station as any timetable source describes it. The GTFS adapter in
 * gtfs-stops.ts reads these from stops.txt; the timetable model can feed them later.
 */
export interface StopInput {
  /** Stable id within its kind: a CRS code for rail ("DEE"), otherwise "<feed>:<stop_id>". */
  id: string;
  name: string;
  lat: number;
  lon: number;
  kind: StopKind;
  /** Departures in the source timetable (any period): a service-level hint for ranking. */
  departures?: number;
  /** Operator name, shown in the secondary text for coach stops ("Ember coach stop"). */
  operator?: string;
  /** Attribution key of the feed (defaults by kind). */
  source?: string;
}

/**
 * An OSM-derived place, as the street engineer's OSM reader will emit them
 * (src/planner/street). Coordinates are a representative point (a node, or a
 * way's middle vertex). `city` is addr:city or the containing place, if known.
 */
export type OsmPlaceInput =
  | {
      kind: 'address';
      osmId: string;
      housenumber: string;
      street: string;
      postcode?: string;
      city?: string;
      lat: number;
      lon: number;
    }
  | { kind: 'street'; osmId: string; name: string; city?: string; lat: number; lon: number }
  | { kind: 'poi'; osmId: string; name: string; category: string; city?: string; lat: number; lon: number };

export interface SearchOptions {
  /** Places inside this box rank first (the brand's autocompleteBias). */
  bias?: BiasBox;
  /** At most 8; default 8. */
  limit?: number;
  /** Only these types. */
  types?: readonly PlaceType[];
}
