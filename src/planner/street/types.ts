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
