/** Turning a PathResult into points and direction segments. */
import type { LatLng } from '../geo/geo';
import { distance } from '../geo/geo';
import type { Segment } from './directions';
import type { StreetGraph } from './graph';
import { edgeGeometry, nameOf } from './graph';
import { HIGHWAY_CLASSES, type HighwayClass } from './profiles';
import type { PathResult } from './router';

/**
 * Points of edge e between offsets a and b (metres from edgeFrom, as in Snap.offset); reversed
 * when b < a. Offsets are scaled from the stored length onto the geometry.
 */
export function edgeSlice(g: StreetGraph, e: number, a: number, b: number): LatLng[] {
  const pts = edgeGeometry(g, e);
  const cum = [0];
  for (let i = 1; i < pts.length; i++)
    cum.push((cum[i - 1] as number) + distance(pts[i - 1] as LatLng, pts[i] as LatLng));
  const total = cum[cum.length - 1] as number;
  const L = g.edgeLength[e] as number;
  const scale = L > 0 ? total / L : 0;
  const lo = Math.min(a, b) * scale;
  const hi = Math.max(a, b) * scale;
  const at = (x: number): LatLng => {
    for (let i = 1; i < pts.length; i++) {
      if (x <= (cum[i] as number) || i === pts.length - 1) {
        const s = cum[i - 1] as number;
        const len = (cum[i] as number) - s;
        const t = len > 0 ? Math.min(1, Math.max(0, (x - s) / len)) : 0;
        const p = pts[i - 1] as LatLng;
        const q = pts[i] as LatLng;
        return { lat: p.lat + (q.lat - p.lat) * t, lng: p.lng + (q.lng - p.lng) * t };
      }
    }
    return pts[0] as LatLng;
  };
  const out: LatLng[] = [at(lo)];
  for (let i = 1; i < pts.length - 1; i++)
    if ((cum[i] as number) > lo && (cum[i] as number) < hi) out.push(pts[i] as LatLng);
  out.push(at(hi));
  return b < a ? out.reverse() : out;
}

function segment(g: StreetGraph, e: number, points: LatLng[], length: number): Segment {
  return { name: nameOf(g, e), cls: HIGHWAY_CLASSES[g.edgeClass[e] as number] as HighwayClass, points, length };
}

/** The stretches a path traverses, in order: partial source edge, whole edges, partial target edge. */
export function pathSegments(g: StreetGraph, path: PathResult): Segment[] {
  const { source, target } = path;
  if (path.sameEdge) {
    const e = source.edge;
    return [segment(g, e, edgeSlice(g, e, source.offset, target.offset), Math.abs(target.offset - source.offset))];
  }
  const out: Segment[] = [];
  const e = source.edge;
  const Le = g.edgeLength[e] as number;
  const forward = (path.startHalf & 1) === 0;
  const startEnd = forward ? Le : 0;
  out.push(segment(g, e, edgeSlice(g, e, source.offset, startEnd), Math.abs(startEnd - source.offset)));
  for (const h of path.halves) {
    const ed = h >> 1;
    const L = g.edgeLength[ed] as number;
    out.push(segment(g, ed, h & 1 ? edgeSlice(g, ed, L, 0) : edgeSlice(g, ed, 0, L), L));
  }
  const f = target.edge;
  const Lf = g.edgeLength[f] as number;
  const entry = path.endHalf & 1 ? Lf : 0;
  out.push(segment(g, f, edgeSlice(g, f, entry, target.offset), Math.abs(target.offset - entry)));
  return out.filter((s) => s.points.length > 0);
}

/** Concatenates segment points, dropping repeated joints. */
export function joinPoints(segments: readonly { points: LatLng[] }[]): LatLng[] {
  const out: LatLng[] = [];
  for (const s of segments) {
    for (const p of s.points) {
      const last = out[out.length - 1];
      if (last && Math.abs(last.lat - p.lat) < 1e-9 && Math.abs(last.lng - p.lng) < 1e-9) continue;
      out.push(p);
    }
  }
  return out;
}
