/**
 * Google's encoded polyline format (the journey's leg overview_polyline and step polyline):
 * each coordinate is a zig-zag, 5-bit-chunked delta from the previous one, at 1e-5 degrees.
 * Decoded to GeoJSON order, [lng, lat]. A malformed string ends the line where it breaks.
 */
export type LngLat = [lng: number, lat: number];

export function decodePolyline(encoded: string): LngLat[] {
  const points: LngLat[] = [];
  let index = 0;
  let lat = 0;
  let lng = 0;
  const next = (): number | null => {
    let result = 0;
    let shift = 0;
    for (;;) {
      if (index >= encoded.length) return null;
      const byte = encoded.charCodeAt(index++) - 63;
      if (byte < 0 || byte > 63) return null;
      result |= (byte & 0x1f) << shift;
      shift += 5;
      if (byte < 0x20) break;
      if (shift > 30) return null;
    }
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < encoded.length) {
    const dLat = next();
    const dLng = next();
    if (dLat === null || dLng === null) break;
    lat += dLat;
    lng += dLng;
    points.push([lng / 1e5, lat / 1e5]);
  }
  return points;
}
