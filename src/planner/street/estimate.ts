/**
 * Street legs where there is no street graph (the Tayside demo region) or a point is too far
 * from it: straight-line distance times a per-mode detour factor, at a per-mode speed, flagged
 * `estimated`. No directions and no street names are invented; the geometry is the straight line.
 *
 * Detour factors (network distance / straight-line distance, "circuity"): studies of real road
 * networks find about 1.2-1.4 on average (Ballou, Rahardja & Sakai 2002, 1.17-1.33 by country;
 * Boscoe, Henry & Zdeb 2012, 1.417 for US driving trips; Giacomin & Levinson 2015, 1.2-1.5 by
 * city). Walkers and cyclists cut through on paths, so their factor is a little lower than the
 * car's, which also follows one-way systems and the few river crossings (Tay, Forth):
 *   walk 1.3, cycle 1.3, car 1.35.
 * Speeds: walking 4.8 km/h and cycling 15 km/h as in the street graph profiles; driving 30 km/h
 * for the first 5 km (town streets, junctions, parking) and 70 km/h beyond (A roads and the M90),
 * which gives Dundee to Perth (29 km apart, about 36 km by road, 35 minutes by the A90) an
 * estimate of 39.5 km in 40 minutes: cautious, as an estimate should be.
 */
import type { LatLng } from '../geo/geo';
import { distance, encodePolyline } from '../geo/geo';
import type { ElevationSampler } from './elevation';
import { elevationRange } from './elevation';
import type { Profile } from './profiles';
import { CYCLE_SPEED, WALK_SPEED } from './profiles';
import type { StreetRoute } from './types';

export const DETOUR_FACTOR: Record<Profile, number> = { walk: 1.3, cycle: 1.3, car: 1.35 };
const KMH = 1 / 3.6;
const CAR_TOWN_METRES = 5000;
const CAR_TOWN_SPEED = 30 * KMH;
const CAR_OPEN_SPEED = 70 * KMH;

/** Seconds to cover `metres` of (estimated) network distance by this mode. */
export function estimatedDuration(metres: number, profile: Profile): number {
  if (profile === 'walk') return metres / WALK_SPEED;
  if (profile === 'cycle') return metres / CYCLE_SPEED;
  const town = Math.min(metres, CAR_TOWN_METRES);
  return town / CAR_TOWN_SPEED + (metres - town) / CAR_OPEN_SPEED;
}

export function estimateRoute(
  from: LatLng,
  to: LatLng,
  profile: Profile,
  elevation?: ElevationSampler | null,
): StreetRoute {
  const metres = distance(from, to) * DETOUR_FACTOR[profile];
  const points = [from, to];
  return {
    profile,
    estimated: true,
    distance: Math.round(metres),
    duration: Math.round(estimatedDuration(metres, profile)),
    geometry: encodePolyline(points),
    points,
    directions: [],
    ...elevationRange(points, elevation),
  };
}
