/**
 * Shared geometry helpers for the planner: great-circle distance, bearings, bounding boxes
 * and Google encoded polylines. No I/O; runs in a browser worker.
 */

/** Mean Earth radius in metres (IUGG), the usual choice for haversine. */
export const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

export interface LatLng {
  lat: number;
  lng: number;
}

/** Great-circle distance in metres between two points given in degrees. */
export function haversine(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const s = Math.sin(dLat / 2);
  const t = Math.sin(dLng / 2);
  const a = s * s + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * t * t;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

export function distance(a: LatLng, b: LatLng): number {
  return haversine(a.lat, a.lng, b.lat, b.lng);
}

/** Initial bearing from point 1 to point 2, degrees clockwise from north in [0, 360). */
export function bearing(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const p1 = lat1 * RAD;
  const p2 = lat2 * RAD;
  const dl = (lng2 - lng1) * RAD;
  const y = Math.sin(dl) * Math.cos(p2);
  const x = Math.cos(p1) * Math.sin(p2) - Math.sin(p1) * Math.cos(p2) * Math.cos(dl);
  const deg = Math.atan2(y, x) / RAD;
  return (deg + 360) % 360;
}

/** The eight compass words used in "Head north on ...". */
export function compassWord(deg: number): string {
  const words = ['north', 'northeast', 'east', 'southeast', 'south', 'southwest', 'west', 'northwest'];
  return words[Math.round((((deg % 360) + 360) % 360) / 45) % 8] as string;
}

/** Point at `fraction` (0..1) of the way from a to b (linear in degrees; fine for street segments). */
export function interpolate(a: LatLng, b: LatLng, fraction: number): LatLng {
  return { lat: a.lat + (b.lat - a.lat) * fraction, lng: a.lng + (b.lng - a.lng) * fraction };
}

/** Total length in metres of a polyline. */
export function pathLength(points: readonly LatLng[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += distance(points[i - 1] as LatLng, points[i] as LatLng);
  return total;
}

/**
 * Points along a polyline at most `step` metres apart (the vertices plus interpolated points),
 * used to sample elevation along a route.
 */
export function densify(points: readonly LatLng[], step: number): LatLng[] {
  const out: LatLng[] = [];
  if (points.length === 0) return out;
  out.push(points[0] as LatLng);
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as LatLng;
    const b = points[i] as LatLng;
    const n = Math.ceil(distance(a, b) / step);
    for (let k = 1; k <= n; k++) out.push(k === n ? b : interpolate(a, b, k / n));
  }
  return out;
}

export interface BBox {
  minLat: number;
  minLng: number;
  maxLat: number;
  maxLng: number;
}

export function emptyBBox(): BBox {
  return { minLat: Infinity, minLng: Infinity, maxLat: -Infinity, maxLng: -Infinity };
}

export function extendBBox(box: BBox, lat: number, lng: number): BBox {
  if (lat < box.minLat) box.minLat = lat;
  if (lat > box.maxLat) box.maxLat = lat;
  if (lng < box.minLng) box.minLng = lng;
  if (lng > box.maxLng) box.maxLng = lng;
  return box;
}

export function bboxContains(box: BBox, lat: number, lng: number): boolean {
  return lat >= box.minLat && lat <= box.maxLat && lng >= box.minLng && lng <= box.maxLng;
}

/**
 * Google encoded polyline (precision 5 by default), as the Directions API and the SPEC's
 * overview_polyline use: https://developers.google.com/maps/documentation/utilities/polylinealgorithm
 */
export function encodePolyline(points: readonly LatLng[], precision = 5): string {
  const factor = 10 ** precision;
  let out = '';
  let prevLat = 0;
  let prevLng = 0;
  for (const p of points) {
    const lat = Math.round(p.lat * factor);
    const lng = Math.round(p.lng * factor);
    out += encodeSigned(lat - prevLat) + encodeSigned(lng - prevLng);
    prevLat = lat;
    prevLng = lng;
  }
  return out;
}

function encodeSigned(value: number): string {
  let v = value < 0 ? ~(value << 1) : value << 1;
  let out = '';
  while (v >= 0x20) {
    out += String.fromCharCode((0x20 | (v & 0x1f)) + 63);
    v >>>= 5;
  }
  return out + String.fromCharCode(v + 63);
}

export function decodePolyline(encoded: string, precision = 5): LatLng[] {
  const factor = 10 ** precision;
  const out: LatLng[] = [];
  let i = 0;
  let lat = 0;
  let lng = 0;
  const next = (): number => {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = encoded.charCodeAt(i++) - 63;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20 && i < encoded.length + 1);
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (i < encoded.length) {
    lat += next();
    lng += next();
    out.push({ lat: lat / factor, lng: lng / factor });
  }
  return out;
}
