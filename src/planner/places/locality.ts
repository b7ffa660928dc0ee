/** Nearest named town for secondary text ("Railway station, Perth"). */
import { distanceM } from './geo';

export interface Locality {
  name: string;
  lat: number;
  lng: number;
}

/** Metres within which the nearest live postcode says which locality a point is in. */
const POSTCODE_NEAR_M = 400;

export class LocalityFinder {
  /**
   * `places`: towns and villages (one point each). `postcodes`: live postcodes named with their
   * locality (as placesFromPostcodes names them): where one lies near a point, its locality
   * wins over the nearest town point, which may be across a river in another council area
   * (Broughty Ferry station is in Dundee, not in Tayport 2 km over the Tay).
   */
  constructor(
    private readonly places: readonly Locality[],
    private readonly postcodes: readonly Locality[] = [],
  ) {}

  /** A copy that also knows the postcodes' localities. */
  withPostcodes(postcodes: readonly Locality[]): LocalityFinder {
    return new LocalityFinder(this.places, postcodes);
  }

  /**
   * The locality a named thing belongs to: a locality its name starts with
   * ("Dundee West", "Edinburgh Park") within 15 km, else the nearest within maxM.
   * GeoNames gives one point per town, so a city's edge is often nearer a village.
   */
  forName(name: string, lat: number, lng: number, maxM = 8000): Locality | undefined {
    const lower = name.toLowerCase();
    let best: Locality | undefined;
    for (const p of this.places) {
      const pl = p.name.toLowerCase();
      if (!lower.startsWith(pl) || (lower.length > pl.length && /[a-z]/.test(lower.charAt(pl.length)))) continue;
      if (best && best.name.length >= p.name.length) continue;
      if (distanceM(lat, lng, p.lat, p.lng) <= 15_000) best = p;
    }
    return best ?? this.around(lat, lng, maxM);
  }

  /** The locality of the nearest live postcode within 400 m, else the nearest locality within maxM. */
  around(lat: number, lng: number, maxM = 8000): Locality | undefined {
    const postcode = nearestOf(this.postcodes, lat, lng, POSTCODE_NEAR_M);
    return postcode ? { name: postcode.name, lat, lng } : this.nearest(lat, lng, maxM);
  }

  /** A locality named in an address ("Taymount Terrace, Perth (between ...)"), if within 15 km. */
  fromAddress(address: string, lat: number, lng: number): Locality | undefined {
    const parts = address
      .replace(/\([^)]*\)/g, '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .reverse();
    for (const part of parts) {
      const hit = this.places.find((p) => p.name.toLowerCase() === part && distanceM(lat, lng, p.lat, p.lng) <= 15_000);
      if (hit) return hit;
    }
    return undefined;
  }

  /** The nearest town or village within maxM metres, or undefined. */
  nearest(lat: number, lng: number, maxM = 8000): Locality | undefined {
    return nearestOf(this.places, lat, lng, maxM);
  }
}

function nearestOf(places: readonly Locality[], lat: number, lng: number, maxM: number): Locality | undefined {
  let best: Locality | undefined;
  let bestD = maxM;
  // Cheap box filter first: 0.1 degree latitude is ~11 km.
  const dLat = maxM / 111_000;
  const dLng = dLat / Math.max(0.2, Math.cos((lat * Math.PI) / 180));
  for (const p of places) {
    if (Math.abs(p.lat - lat) > dLat || Math.abs(p.lng - lng) > dLng) continue;
    const d = distanceM(lat, lng, p.lat, p.lng);
    if (d <= bestD) {
      bestD = d;
      best = p;
    }
  }
  return best;
}
