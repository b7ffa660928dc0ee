/**
 * What the journey map shows, as plain data (SPEC sections 2, 3 and 9): the leg's line from its
 * encoded polylines, its bounds, the 'Show on map' choices, the toilet info window's rows and
 * the text alternative. No React and no MapLibre here, so the rules are unit-tested alone.
 */
import type { Leg, Step, ToiletMarker } from '../../../../contract/journey';
import { FALLBACK_STYLE_PATH } from '../../../../contract/map';
import { mapIconPath } from '../../../components/icon-glyphs';
import { modeIcon, type IconName } from '../../../components/journey-labels';
import { decodePolyline, type LngLat } from './polyline';

/** SPEC section 9: map zoom 14; here the closest a fitted route or a shared position zooms to. */
export const MAP_ZOOM = 14;
/** SPEC section 9: the shared position refreshes every 10 seconds. */
export const POSITION_REFRESH_MS = 10_000;
/** SPEC section 9: outbound blue, return orange (dark shades: 3:1 or more against the base map). */
export const ROUTE_COLOURS = { depart: '#1864ab', return: '#c2410c' } as const;

export type LegKey = 'depart' | 'return';

/** Where a Start/End label hangs from its point (MapLibre marker anchors). */
export type LabelAnchor = 'bottom' | 'top' | 'bottom-left' | 'bottom-right' | 'top-left' | 'top-right';

/**
 * Where the Start and End labels hang, from the two points' places on the screen (x right, y
 * down; `width` the map's) (issue 32: on a short trip or a stage map they overlapped, or ran off
 * the edge). The higher point's label sits above it and the lower one's below, so the two never
 * cross; each reaches towards the middle of the map from a point in its outer thirds, and is
 * centred on a point in the middle third, so a label stays on the map at 390 px.
 */
export function labelAnchors(
  start: { x: number; y: number },
  end: { x: number; y: number },
  width: number,
): { start: LabelAnchor; end: LabelAnchor } {
  const startAbove = start.y <= end.y;
  const side = (x: number) => (x < width / 3 ? '-left' : x > (2 * width) / 3 ? '-right' : '');
  return {
    start: `${startAbove ? 'bottom' : 'top'}${side(start.x)}` as LabelAnchor,
    end: `${startAbove ? 'top' : 'bottom'}${side(end.x)}` as LabelAnchor,
  };
}

/**
 * Room a fitted route leaves around it: above and below for the Start/End labels (one sits over
 * its point, the other under it, see labelAnchors) and a little at the sides. MapCanvas fits the
 * map with it and the static preview (MapPreview) draws with it, so the two show the same view.
 */
export function fitPadding(width: number) {
  const side = Math.min(64, Math.round(width * 0.08));
  return { top: 44, bottom: 44, left: side, right: side };
}

/** Web Mercator, as MapLibre projects: the world is 0..1 each way, north up. */
function mercator([lng, lat]: LngLat): { x: number; y: number } {
  const sin = Math.sin((lat * Math.PI) / 180);
  return { x: (lng + 180) / 360, y: 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI) };
}

export interface PreviewLayout {
  /** Each line as SVG path data in the frame's pixels. */
  paths: { d: string; estimated: boolean }[];
  start: { x: number; y: number };
  end: { x: number; y: number };
  anchors: { start: LabelAnchor; end: LabelAnchor };
}

/**
 * The static picture of a route in a frame of `width` x `height` pixels (issue 32): the lines,
 * Start and End, fitted as MapCanvas fits the map (fitPadding, never closer than MAP_ZOOM), so
 * a page can show its route before, or without, the MapLibre chunk.
 */
export function previewLayout(
  lines: readonly { points: readonly LngLat[]; estimated: boolean }[],
  start: LngLat,
  end: LngLat,
  width: number,
  height: number,
): PreviewLayout {
  const all = [start, end, ...lines.flatMap((line) => line.points)].map(mercator);
  const xs = all.map((p) => p.x);
  const ys = all.map((p) => p.y);
  const [west, east, north, south] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const pad = fitPadding(width);
  // Pixels per world width: MapLibre's 512-pixel tiles at MAP_ZOOM are the closest it fits to.
  const closest = 512 * 2 ** MAP_ZOOM;
  const scale = Math.min(
    closest,
    east > west ? Math.max(1, width - pad.left - pad.right) / (east - west) : closest,
    south > north ? Math.max(1, height - pad.top - pad.bottom) / (south - north) : closest,
  );
  const [cx, cy] = [(west + east) / 2, (north + south) / 2];
  const place = (at: LngLat) => {
    const p = mercator(at);
    return { x: width / 2 + (p.x - cx) * scale, y: height / 2 + (p.y - cy) * scale };
  };
  const round = (n: number) => Math.round(n * 10) / 10;
  const paths = lines
    .filter((line) => line.points.length >= 2)
    .map((line) => ({
      d: line.points
        .map((at, i) => {
          const p = place(at);
          return `${i === 0 ? 'M' : 'L'}${round(p.x)} ${round(p.y)}`;
        })
        .join(''),
      estimated: line.estimated,
    }));
  const [from, to] = [place(start), place(end)];
  return { paths, start: from, end: to, anchors: labelAnchors(from, to, width) };
}

export type MapFilter = 'none' | 'all' | 'toilets';

export const LEG_LABELS: Record<LegKey, string> = { depart: 'Outbound', return: 'Return' };

export function stepPath(step: Step): LngLat[] {
  const line = decodePolyline(step.polyline);
  if (line.length >= 2) return line;
  return [
    [step.start_location.lng, step.start_location.lat],
    [step.end_location.lng, step.end_location.lat],
  ];
}

/** The leg's overview line; where it is missing or broken, its steps' lines joined. */
export function legPath(leg: Leg): LngLat[] {
  const overview = decodePolyline(leg.overview_polyline);
  if (overview.length >= 2) return overview;
  return leg.steps.flatMap(stepPath);
}

export type Bounds = [[west: number, south: number], [east: number, north: number]];

export function pathBounds(points: readonly LngLat[]): Bounds | null {
  if (points.length === 0) return null;
  let [west, south] = points[0]!;
  let [east, north] = points[0]!;
  for (const [lng, lat] of points) {
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return [
    [west, south],
    [east, north],
  ];
}

/** SPEC section 2: None and All always; Toilets only when the leg's destination has toilets. */
export function mapFilterOptions(leg: Leg): { value: MapFilter; label: string }[] {
  const options: { value: MapFilter; label: string }[] = [
    { value: 'none', label: 'None' },
    { value: 'all', label: 'All' },
  ];
  if (leg.destination_toilets.count > 0) options.push({ value: 'toilets', label: 'Toilets' });
  return options;
}

/** A filter the leg cannot show (Toilets after switching to a leg without them) falls back to None. */
export const validFilter = (leg: Leg, filter: MapFilter): MapFilter =>
  mapFilterOptions(leg).some((o) => o.value === filter) ? filter : 'none';

export const showsToilets = (filter: MapFilter) => filter === 'all' || filter === 'toilets';
export const showsStages = (filter: MapFilter) => filter === 'all';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Opening times per weekday, Monday first; a pair of times reads '08:00 to 20:00'. */
export function openingTimeRows(openingTimes: ToiletMarker['openingTimes']): { day: string; hours: string }[] {
  const known = Object.keys(openingTimes);
  const days = [...WEEKDAYS.filter((day) => known.includes(day)), ...known.filter((day) => !WEEKDAYS.includes(day))];
  return days.map((day) => {
    const value = openingTimes[day]!;
    return { day, hours: typeof value === 'string' ? value : `${value[0]} to ${value[1]}` };
  });
}

export const yesNoText = (value: boolean | null): string => (value === null ? 'Not known' : value ? 'Yes' : 'No');

/** The toilet info window's rows, in the SPEC's order (section 3, Toilet marker). */
export function toiletFacts(toilet: ToiletMarker): { label: string; value: string }[] {
  return [
    { label: 'Accessible', value: yesNoText(toilet.accessible) },
    { label: 'All-gender', value: yesNoText(toilet.allGender) },
    { label: 'Men', value: yesNoText(toilet.men) },
    { label: 'Women', value: yesNoText(toilet.women) },
    { label: 'Baby change', value: yesNoText(toilet.babyChange) },
    { label: 'Payment', value: toilet.paymentDetails ?? 'Not known' },
    ...(toilet.notes ? [{ label: 'Notes', value: toilet.notes }] : []),
  ];
}

export interface StagePoint {
  number: number;
  at: LngLat;
  label: string;
  /** The brand's map icon for the step's mode (SPEC section 3: the path varies per brand and mode); null when the mode has none. */
  icon: string | null;
}

/** Where each step starts: the numbered stage points the 'All' filter adds, each with its mode's map icon. */
export function stagePoints(leg: Leg, brandKey: string): StagePoint[] {
  return leg.steps.map((step, i) => ({
    number: i + 1,
    at: [step.start_location.lng, step.start_location.lat],
    label: step.description,
    icon: mapIconPath(brandKey, modeIcon(step.type) as IconName | null),
  }));
}

/**
 * The map's text alternative: which leg, from where to where, its stages, what else is drawn
 * and, where street legs are estimates, that their lines are straight.
 */
export function mapDescription(leg: Leg, key: LegKey, from: string, to: string, filter: MapFilter): string {
  const modes = leg.steps.map((step) => step.type.replace('-', ' ')).join(', ');
  const parts = [
    `The map shows the ${LEG_LABELS[key].toLowerCase()} journey from ${from} to ${to}: ${leg.steps.length} ${leg.steps.length === 1 ? 'stage' : 'stages'} (${modes}).`,
  ];
  if (leg.steps.some((step) => step.estimated))
    parts.push('Estimated street stages are drawn as straight lines: there is no street map for this area.');
  if (showsToilets(filter)) {
    const count = leg.destination_toilets.count;
    parts.push(
      count === 0
        ? 'No public toilets are recorded near the destination.'
        : `${count} ${count === 1 ? 'toilet is' : 'toilets are'} marked near the destination.`,
    );
  }
  if (showsStages(filter)) parts.push('Numbered points mark where each stage starts.');
  parts.push('The step by step guide below describes the route in words.');
  return parts.join(' ');
}

/** The brand's MapLibre style, or the server's own style built from the region's data. */
export function mapStyleUrl(mapStyle: string, origin: string): string {
  return mapStyle === 'fallback' ? new URL(FALLBACK_STYLE_PATH, origin).href : mapStyle;
}
export const fallbackStyleUrl = (origin: string) => new URL(FALLBACK_STYLE_PATH, origin).href;

/** Whether this browser has WebGL at all (cheap: no context is made). */
export const mayShowMap = (): boolean => typeof window !== 'undefined' && typeof WebGLRenderingContext !== 'undefined';

/** MapLibre needs WebGL; without it (old devices, jsdom) the map's text alternative stands alone. */
export function canShowMap(): boolean {
  if (typeof window === 'undefined' || typeof WebGLRenderingContext === 'undefined') return false;
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}
