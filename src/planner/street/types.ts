/** Public result shapes of the street module. */
import type { LatLng } from '../geo/geo';
import type { Direction } from './directions';
import type { Profile } from './profiles';

export interface StreetRoute {
  profile: Profile;
  /** True when distance and duration are straight-line estimates (no street graph, or a point off it). */
  estimated: boolean;
  /** Metres, rounded. */
  distance: number;
  /** Seconds, rounded. */
  duration: number;
  /** Google encoded polyline (precision 5). */
  geometry: string;
  points: LatLng[];
  /** Turn-by-turn directions ending with "Arrive at your destination"; empty for estimates. */
  directions: Direction[];
  /** Metres; null when no elevation data covers the route ("not available"). */
  elevationHighest: number | null;
  elevationLowest: number | null;
}

/** A kind of amenity near a stop or the destination, as a journey's leg lists it (SPEC Leg.pois). */
export interface Poi {
  name: string;
  type: string;
  count: number;
  link: string | null;
}

export interface ToiletMarker {
  name: string;
  location: { lat: number; lng: number };
  openingTimes: Record<string, [string, string] | string>;
  accessible: boolean | null;
  allGender: boolean | null;
  men: boolean | null;
  women: boolean | null;
  babyChange: boolean | null;
  paymentDetails: string | null;
  notes: string | null;
}
