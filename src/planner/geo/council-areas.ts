/**
 * Which council area a point is in: point-in-polygon over council boundaries
 * (data/regions/<region>/council-areas.json, simplified ONS/OS 2023 boundaries).
 * Pure: the caller loads the polygons. Shared by costs (taxi tariff by council) and places
 * (council names for towns).
 */

/** [lng, lat] pairs; the first ring is the outer boundary, the rest are holes. */
export type Ring = [number, number][];

export interface CouncilArea {
  name: string;
  /** One or more polygons, each a list of rings. */
  polygons: Ring[][];
  /** [minLng, minLat, maxLng, maxLat], computed when missing. */
  bbox?: [number, number, number, number];
}

function inRing(ring: Ring, lng: number, lat: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i];
    const b = ring[j];
    if (!a || !b) continue;
    const [xi, yi] = a;
    const [xj, yj] = b;
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function bboxOf(polygons: Ring[][]): [number, number, number, number] {
  let minLng = Infinity,
    minLat = Infinity,
    maxLng = -Infinity,
    maxLat = -Infinity;
  for (const p of polygons)
    for (const [lng, lat] of p[0] ?? []) {
      if (lng < minLng) minLng = lng;
      if (lng > maxLng) maxLng = lng;
      if (lat < minLat) minLat = lat;
      if (lat > maxLat) maxLat = lat;
    }
  return [minLng, minLat, maxLng, maxLat];
}

/** Name of the council area containing (lat, lng), or undefined. */
export function councilAt(areas: readonly CouncilArea[], lat: number, lng: number): string | undefined {
  for (const a of areas) {
    const [minLng, minLat, maxLng, maxLat] = a.bbox ?? bboxOf(a.polygons);
    if (lng < minLng || lng > maxLng || lat < minLat || lat > maxLat) continue;
    for (const [outer, ...holes] of a.polygons) {
      if (outer && inRing(outer, lng, lat) && !holes.some((h) => inRing(h, lng, lat))) return a.name;
    }
  }
  return undefined;
}

/** Council areas from a GeoJSON FeatureCollection of Polygon/MultiPolygon features with properties.name. */
export function councilAreasFromGeoJson(geojson: unknown, only?: readonly string[]): CouncilArea[] {
  const features = (geojson as { features?: unknown[] }).features ?? [];
  const out: CouncilArea[] = [];
  for (const f of features as { properties?: { name?: string }; geometry?: { type: string; coordinates: unknown } }[]) {
    const name = f.properties?.name;
    const g = f.geometry;
    if (!name || !g || (only && !only.includes(name))) continue;
    const polygons =
      g.type === 'Polygon' ? [g.coordinates as Ring[]] : g.type === 'MultiPolygon' ? (g.coordinates as Ring[][]) : [];
    out.push({ name, polygons, bbox: bboxOf(polygons) });
  }
  return out;
}
