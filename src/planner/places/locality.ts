/** Nearest named town for secondary text ("Railway station, Perth"). */
import { distanceM } from './geo';

export interface Locality {
  name: string;
  lat: number;
  lng: number;
}

export class LocalityFinder {
  constructor(private readonly places: readonly Locality[]) {}

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
    return best ?? this.nearest(lat, lng, maxM);
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

  /** The nearest locality within maxM metres, or undefined. */
  nearest(lat: number, lng: number, maxM = 8000): Locality | undefined {
    let best: Locality | undefined;
    let bestD = maxM;
    // Cheap box filter first: 0.1 degree latitude is ~11 km.
    const dLat = maxM / 111_000;
    const dLng = dLat / Math.max(0.2, Math.cos((lat * Math.PI) / 180));
    for (const p of this.places) {
      if (Math.abs(p.lat - lat) > dLat || Math.abs(p.lng - lng) > dLng) continue;
      const d = distanceM(lat, lng, p.lat, p.lng);
      if (d <= bestD) {
        bestD = d;
        best = p;
      }
    }
    return best;
  }
}
