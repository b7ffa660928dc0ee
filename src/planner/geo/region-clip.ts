/**
 * A region as a set of council areas plus a margin: what national sources (Traveline's
 * TransXChange, the RDG timetable, the OSM extract for Scotland) are clipped to. A point is kept
 * when it lies in one of the councils, or within `marginM` of one's boundary (so a stop just over
 * the border, and the streets to it, stay). `box` is the councils' bounding box grown by the
 * margin: the cheap first test, and all the OSM reader uses per node.
 */
import { bboxOf, councilAt, type CouncilArea } from './council-areas';
import { haversine } from './geo';

export interface RegionClip {
  councils: string[];
  marginM: number;
  /** [minLng, minLat, maxLng, maxLat] with the margin. */
  box: [number, number, number, number];
  keep(lat: number, lon: number): boolean;
}

/** Distance in metres from a point to a segment (equirectangular near the point; fine at a few km). */
function segmentDistance(lat: number, lon: number, a: [number, number], b: [number, number]): number {
  const k = Math.cos((lat * Math.PI) / 180);
  const ax = (a[0] - lon) * k;
  const ay = a[1] - lat;
  const bx = (b[0] - lon) * k;
  const by = b[1] - lat;
  const dx = bx - ax;
  const dy = by - ay;
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len));
  const px = ax + t * dx;
  const py = ay + t * dy;
  return haversine(lat, lon, lat + py, lon + px / k);
}

export function regionClip(areas: readonly CouncilArea[], marginM: number): RegionClip {
  if (areas.length === 0) throw new Error('a region clip needs at least one council area');
  const boxes = areas.map((a) => a.bbox ?? bboxOf(a.polygons));
  const minLat = Math.min(...boxes.map((b) => b[1]));
  const maxLat = Math.max(...boxes.map((b) => b[3]));
  const dLat = marginM / 111_320;
  const dLon = marginM / (111_320 * Math.cos((Math.max(Math.abs(minLat), Math.abs(maxLat)) * Math.PI) / 180));
  const box: [number, number, number, number] = [
    Math.min(...boxes.map((b) => b[0])) - dLon,
    minLat - dLat,
    Math.max(...boxes.map((b) => b[2])) + dLon,
    maxLat + dLat,
  ];
  const nearBoundary = (lat: number, lon: number): boolean => {
    for (const a of areas)
      for (const polygon of a.polygons)
        for (const ring of polygon)
          for (let i = 1; i < ring.length; i++)
            if (segmentDistance(lat, lon, ring[i - 1]!, ring[i]!) <= marginM) return true;
    return false;
  };
  return {
    councils: areas.map((a) => a.name),
    marginM,
    box,
    keep(lat, lon) {
      if (lon < box[0] || lon > box[2] || lat < box[1] || lat > box[3]) return false;
      return councilAt(areas, lat, lon) !== undefined || (marginM > 0 && nearBoundary(lat, lon));
    },
  };
}
