/** Small spherical helpers; no dependencies, browser-safe. */
import { haversine } from '../geo/geo';
import type { BiasBox } from './types';

/** Great-circle distance in metres. */
export const distanceM = haversine;

/**
 * Great Britain (mainland, islands, Shetland to Scilly; St Kilda at -8.6).
 * A box, so it also takes in part of Northern Ireland and the Isle of Man; the
 * product only promises "nothing outside GB".
 */
export const GB_BOX: BiasBox = { south: 49.8, west: -8.75, north: 60.95, east: 1.8 };

export function inBox(box: BiasBox, lat: number, lng: number): boolean {
  return lat >= box.south && lat <= box.north && lng >= box.west && lng <= box.east;
}

export function inGreatBritain(lat: number, lng: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lng) && inBox(GB_BOX, lat, lng);
}

/** Distance in metres from a point to the nearest edge of a box (0 inside). */
export function distanceToBoxM(box: BiasBox, lat: number, lng: number): number {
  const clampedLat = Math.min(box.north, Math.max(box.south, lat));
  const clampedLng = Math.min(box.east, Math.max(box.west, lng));
  return distanceM(lat, lng, clampedLat, clampedLng);
}
