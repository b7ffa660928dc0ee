/**
 * GeoNames admin2 codes (old FIPS codes such as "T6") -> council area names,
 * derived by point-in-polygon of each GeoNames place in the council-area
 * boundaries and a majority vote per code. Run once by councils-node.ts; the
 * result is the small CSV data/tayside/geo/geonames-admin2-councils.csv.
 */

type Ring = [number, number][];
interface Feature {
  properties: { name?: string };
  geometry: { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] };
}

function inRing(ring: Ring, lng: number, lat: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function inPolygon(rings: Ring[], lng: number, lat: number): boolean {
  const [outer, ...holes] = rings;
  return outer !== undefined && inRing(outer, lng, lat) && !holes.some((h) => inRing(h, lng, lat));
}

export function councilAt(features: readonly Feature[], lat: number, lng: number): string | undefined {
  for (const f of features) {
    const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
    if (polygons.some((p) => inPolygon(p, lng, lat))) return f.properties.name;
  }
  return undefined;
}

export interface Admin2Council {
  admin2: string;
  council: string;
  /** Places with this code that fell in that council / with this code and any council. */
  votes: number;
  places: number;
}

export function deriveAdmin2Councils(
  places: readonly { admin2: string; lat: number; lng: number }[],
  geojson: { features: readonly Feature[] },
): Admin2Council[] {
  const tally = new Map<string, Map<string, number>>();
  for (const p of places) {
    const council = councilAt(geojson.features, p.lat, p.lng);
    if (!council || !p.admin2) continue;
    const t = tally.get(p.admin2) ?? new Map<string, number>();
    tally.set(p.admin2, t);
    t.set(council, (t.get(council) ?? 0) + 1);
  }
  return [...tally.entries()]
    .map(([admin2, t]) => {
      const [council, votes] = [...t.entries()].sort((a, b) => b[1] - a[1])[0]!;
      return { admin2, council, votes, places: [...t.values()].reduce((a, b) => a + b, 0) };
    })
    .sort((a, b) => (a.admin2 < b.admin2 ? -1 : 1));
}
