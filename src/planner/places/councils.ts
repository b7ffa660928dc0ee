/**
 * GeoNames admin2 codes (old FIPS codes such as "T6") -> council area names,
 * derived by point-in-polygon of each GeoNames place in the council-area
 * boundaries and a majority vote per code. Run once by councils-node.ts; the
 * result is the small CSV data/tayside/geo/geonames-admin2-councils.csv.
 */

import { councilAreasFromGeoJson, councilAt } from '../geo/council-areas';

export interface Admin2Council {
  admin2: string;
  council: string;
  /** Places with this code that fell in that council / with this code and any council. */
  votes: number;
  places: number;
}

export function deriveAdmin2Councils(
  places: readonly { admin2: string; lat: number; lng: number }[],
  geojson: unknown,
): Admin2Council[] {
  const areas = councilAreasFromGeoJson(geojson);
  const tally = new Map<string, Map<string, number>>();
  for (const p of places) {
    const council = councilAt(areas, p.lat, p.lng);
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
