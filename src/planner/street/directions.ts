/**
 * Turn-by-turn directions in the SPEC's Direction shape ({ html_instructions, distance.text }).
 * Consecutive stretches of the same named street merge into one instruction; unnamed ways are
 * described by what they are ("the footpath", "an unnamed road"), never given invented names.
 * Instructions are plain sentences, HTML-escaped (they are html_instructions).
 */
import type { LatLng } from '../geo/geo';
import { bearing, compassWord, distance } from '../geo/geo';
import type { HighwayClass } from './profiles';

export interface Direction {
  html_instructions: string;
  distance: { text: string };
}

/** One traversed stretch of a way (part or all of an edge). */
export interface Segment {
  name: string | null;
  cls: HighwayClass;
  points: LatLng[];
  /** Metres. */
  length: number;
}

/** "45 m", "200 m", "1.2 km", "12 km": 5 m steps under 100 m, 10 m under 1 km, then 0.1 km under 10 km. */
export function formatDistance(metres: number): string {
  if (!Number.isFinite(metres) || metres < 0) return '';
  if (metres < 100) return `${Math.max(5, Math.round(metres / 5) * 5)} m`;
  if (metres < 995) return `${Math.round(metres / 10) * 10} m`;
  if (metres < 9950) return `${(Math.round(metres / 100) / 10).toFixed(1)} km`;
  return `${Math.round(metres / 1000)} km`;
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** How an unnamed way of this class is described. */
export function describeUnnamed(cls: HighwayClass): string {
  switch (cls) {
    case 'footway':
    case 'corridor':
      return 'the footpath';
    case 'sidewalk':
      return 'the pavement';
    case 'crossing':
      return 'the crossing';
    case 'path':
      return 'the path';
    case 'cycleway':
      return 'the cycle path';
    case 'bridleway':
      return 'the bridleway';
    case 'steps':
      return 'the steps';
    case 'pedestrian':
      return 'the pedestrian street';
    case 'platform':
      return 'the platform';
    case 'elevator':
      return 'the lift';
    case 'track':
      return 'a track';
    case 'service':
      return 'a service road';
    case 'ferry':
      return 'the ferry';
    case 'motorway_link':
    case 'trunk_link':
    case 'primary_link':
    case 'secondary_link':
    case 'tertiary_link':
      return 'the slip road';
    default:
      return 'an unnamed road';
  }
}

/** Path-like classes group together when unnamed, as do road-like ones. */
function family(cls: HighwayClass): string {
  if (cls === 'ferry' || cls === 'steps' || cls === 'elevator') return cls;
  if (
    cls === 'footway' ||
    cls === 'sidewalk' ||
    cls === 'crossing' ||
    cls === 'path' ||
    cls === 'corridor' ||
    cls === 'platform' ||
    cls === 'pedestrian' ||
    cls === 'bridleway'
  )
    return 'path';
  if (cls === 'cycleway') return 'cycleway';
  if (cls === 'track') return 'track';
  if (cls === 'service') return 'service';
  return 'road';
}

interface Group {
  name: string | null;
  cls: HighwayClass;
  points: LatLng[];
  length: number;
}

function sameWay(a: Group, s: Segment): boolean {
  if (a.cls === 'ferry' || s.cls === 'ferry') return a.cls === s.cls && a.name === s.name;
  if (a.name !== null || s.name !== null) return a.name === s.name;
  return family(a.cls) === family(s.cls);
}

/** Bearing over the first (or last) ~20 m of a polyline, skipping zero-length steps. */
function edgeBearing(points: LatLng[], atEnd: boolean): number | null {
  const n = points.length;
  if (n < 2) return null;
  if (!atEnd) {
    const a = points[0] as LatLng;
    for (let i = 1; i < n; i++) {
      const b = points[i] as LatLng;
      if (distance(a, b) >= 20 || (i === n - 1 && distance(a, b) > 0.5)) return bearing(a.lat, a.lng, b.lat, b.lng);
    }
    return null;
  }
  const b = points[n - 1] as LatLng;
  for (let i = n - 2; i >= 0; i--) {
    const a = points[i] as LatLng;
    if (distance(a, b) >= 20 || (i === 0 && distance(a, b) > 0.5)) return bearing(a.lat, a.lng, b.lat, b.lng);
  }
  return null;
}

function turnPhrase(delta: number): string | null {
  const a = Math.abs(delta);
  const side = delta > 0 ? 'right' : 'left';
  if (a < 20) return null;
  if (a < 60) return `Slight ${side}`;
  if (a < 140) return `Turn ${side}`;
  if (a < 170) return `Sharp ${side}`;
  return 'Make a U-turn';
}

/** Stretches shorter than this between two others are folded into the previous one (junction slivers). */
const SLIVER_M = 8;
/** Crossing a side street: up to this long between two stretches of the same street. */
const CROSSING_M = 25;

export function buildDirections(segments: readonly Segment[]): Direction[] {
  const groups: Group[] = [];
  for (const s of segments) {
    if (s.points.length === 0) continue;
    const last = groups[groups.length - 1];
    if (last && sameWay(last, s)) {
      last.points.push(...s.points.slice(1));
      last.length += s.length;
    } else groups.push({ name: s.name, cls: s.cls, points: [...s.points], length: s.length });
  }
  // Fold slivers (a few metres of unnamed link inside a junction) into the previous stretch,
  // then merge neighbours that became the same street.
  for (let i = 1; i < groups.length - 1; i++) {
    const g = groups[i] as Group;
    if (g.length < SLIVER_M && g.name === null && g.cls !== 'ferry' && g.cls !== 'steps') {
      const prev = groups[i - 1] as Group;
      prev.points.push(...g.points.slice(1));
      prev.length += g.length;
      groups.splice(i, 1);
      const next = groups[i] as Group;
      if (sameWay(prev, { ...next })) {
        prev.points.push(...next.points.slice(1));
        prev.length += next.length;
        groups.splice(i, 1);
      }
      i--;
    }
  }
  // A short stretch of another street between two stretches of the same street is crossing
  // it (a side road, a junction): stay on the street.
  for (let i = 1; i + 1 < groups.length; i++) {
    const prev = groups[i - 1] as Group;
    const g = groups[i] as Group;
    const next = groups[i + 1] as Group;
    if (
      g.length < CROSSING_M &&
      prev.name !== null &&
      prev.name === next.name &&
      g.cls !== 'ferry' &&
      g.cls !== 'steps'
    ) {
      prev.points.push(...g.points.slice(1), ...next.points.slice(1));
      prev.length += g.length + next.length;
      groups.splice(i, 2);
      i--;
    }
  }
  // A first or last stretch of a few metres (starting or ending just beside a junction) joins
  // its neighbour, so the route does not open with "Head north on X, 2 m".
  while (groups.length > 1 && (groups[0] as Group).length < SLIVER_M && (groups[0] as Group).cls !== 'ferry') {
    const first = groups.shift() as Group;
    const next = groups[0] as Group;
    next.points = [...first.points, ...next.points.slice(1)];
    next.length += first.length;
  }
  while (
    groups.length > 1 &&
    (groups[groups.length - 1] as Group).length < SLIVER_M &&
    (groups[groups.length - 1] as Group).cls !== 'ferry'
  ) {
    const last = groups.pop() as Group;
    const prev = groups[groups.length - 1] as Group;
    prev.points.push(...last.points.slice(1));
    prev.length += last.length;
  }
  const out: Direction[] = [];
  let prevEnd: number | null = null;
  groups.forEach((g, i) => {
    const where = g.name !== null ? escapeHtml(g.name) : describeUnnamed(g.cls);
    const start = edgeBearing(g.points, false);
    let text: string;
    if (g.cls === 'ferry') text = g.name !== null ? `Take the ferry ${escapeHtml(g.name)}` : 'Take the ferry';
    else if (i === 0) {
      const verb = start !== null ? `Head ${compassWord(start)}` : 'Start';
      text = g.name !== null ? `${verb} on ${where}` : `${verb} along ${where}`;
    } else {
      const delta = prevEnd !== null && start !== null ? ((start - prevEnd + 540) % 360) - 180 : 0;
      const turn = turnPhrase(delta);
      if (g.cls === 'steps') text = turn ? `${turn} and take the steps` : 'Take the steps';
      else if (turn) text = `${turn} onto ${where}`;
      else if (g.name !== null) text = `Continue onto ${where}`;
      // Straight on along a road with no name: nothing honest to add but the distance.
      else if (family(g.cls) === 'road') text = `Continue for ${formatDistance(g.length)}`;
      else text = `Continue along ${where}`;
    }
    out.push({ html_instructions: text, distance: { text: formatDistance(g.length) } });
    prevEnd = edgeBearing(g.points, true) ?? prevEnd;
  });
  out.push({ html_instructions: 'Arrive at your destination', distance: { text: '' } });
  return out;
}
