/** The journey map's rules (SPEC sections 2, 3 and 9) on a real Tayside journey and real toilet shapes. */
import { describe, expect, it } from 'vitest';
import { journeySchema, type Leg, type ToiletMarker } from '../../../../../src/contract/journey';
import {
  fallbackStyleUrl,
  legPath,
  mapDescription,
  mapFilterOptions,
  mapStyleUrl,
  MAP_ZOOM,
  openingTimeRows,
  pathBounds,
  POSITION_REFRESH_MS,
  ROUTE_COLOURS,
  stagePoints,
  stepPath,
  toiletFacts,
  validFilter,
  labelAnchors,
  previewLayout,
} from '../../../../../src/web/features/journey/map/map-model';
import { modeIcon } from '../../../../../src/web/components/journey-labels';
import { decodePolyline } from '../../../../../src/web/features/journey/map/polyline';
import fixture from '../fixtures/dundee-perth-return.json';

const journey = journeySchema.parse(fixture);

const toilet: ToiletMarker = {
  name: 'Public toilets',
  location: { lat: -30.02932, lng: -51.18088 },
  openingTimes: { Sunday: 'Closed', Monday: ['08:00', '20:00'], Saturday: 'Open 24 hours' },
  accessible: true,
  allGender: null,
  men: false,
  women: true,
  babyChange: null,
  paymentDetails: 'Fee: R$1',
  notes: 'For customers only',
};
const withToilets = (leg: Leg): Leg => ({ ...leg, destination_toilets: { count: 1, markers: [toilet] } });

describe('encoded polylines', () => {
  it("decodes Google's documented example", () => {
    expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@')).toEqual([
      [-120.2, 38.5],
      [-120.95, 40.7],
      [-126.453, 43.252],
    ]);
  });
  it('ends a malformed line where it breaks, and an empty one is empty', () => {
    expect(decodePolyline('')).toEqual([]);
    expect(decodePolyline('_p~iF~ps|U_ulL')).toEqual([[-120.2, 38.5]]);
    expect(decodePolyline('_p~iF~ps|U \u0000')).toEqual([[-120.2, 38.5]]);
  });
  it('draws the real Dundee to Perth leg from Dundee station to Perth, and each step from its own polyline', () => {
    const line = legPath(journey.depart);
    expect(line[0]![1]).toBeCloseTo(56.4566, 3);
    expect(line[0]![0]).toBeCloseTo(-2.9713, 3);
    expect(line.at(-1)![1]).toBeCloseTo(journey.destination.lat, 2);
    const train = stepPath(journey.depart.steps[1]!);
    expect(train[0]![1]).toBeCloseTo(journey.depart.steps[1]!.start_location.lat, 3);
  });
  it('falls back to the steps, then to their ends, when a polyline is missing', () => {
    const noOverview = { ...journey.depart, overview_polyline: '' };
    expect(legPath(noOverview).length).toBeGreaterThanOrEqual(journey.depart.steps.length * 2);
    const bare = { ...journey.depart.steps[1]!, polyline: '' };
    expect(stepPath(bare)).toEqual([
      [bare.start_location.lng, bare.start_location.lat],
      [bare.end_location.lng, bare.end_location.lat],
    ]);
  });
  it('bounds hold every point', () => {
    const line = legPath(journey.depart);
    const [[west, south], [east, north]] = pathBounds(line)!;
    for (const [lng, lat] of line) {
      expect(lng).toBeGreaterThanOrEqual(west);
      expect(lng).toBeLessThanOrEqual(east);
      expect(lat).toBeGreaterThanOrEqual(south);
      expect(lat).toBeLessThanOrEqual(north);
    }
    expect(pathBounds([])).toBeNull();
  });
});

describe('constants (SPEC section 9)', () => {
  it('zoom 14, a 10-second position refresh, blue outbound and orange return', () => {
    expect(MAP_ZOOM).toBe(14);
    expect(POSITION_REFRESH_MS).toBe(10_000);
    const hue = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      return { r: r!, g: g!, b: b! };
    };
    expect(hue(ROUTE_COLOURS.depart).b).toBeGreaterThan(hue(ROUTE_COLOURS.depart).r);
    expect(hue(ROUTE_COLOURS.return).r).toBeGreaterThan(hue(ROUTE_COLOURS.return).b);
  });
});

describe("'Show on map'", () => {
  it('offers None and All, and Toilets only when the leg destination has toilets', () => {
    expect(mapFilterOptions(journey.depart).map((o) => o.label)).toEqual(['None', 'All']);
    expect(mapFilterOptions(withToilets(journey.depart)).map((o) => o.label)).toEqual(['None', 'All', 'Toilets']);
  });
  it('a Toilets choice falls back to None on a leg without toilets (switching to the return)', () => {
    expect(validFilter(withToilets(journey.depart), 'toilets')).toBe('toilets');
    expect(validFilter(journey.return!, 'toilets')).toBe('none');
    expect(validFilter(journey.return!, 'all')).toBe('all');
  });
  it("numbers the stages where each starts, each with its brand's map icon for the mode", () => {
    expect(stagePoints(journey.depart, 'park').map((p) => p.number)).toEqual([1, 2, 3]);
    expect(stagePoints(journey.depart, 'park').map((p) => p.icon)).toEqual(
      journey.depart.steps.map((s) => `/brands/park/map-icons/${modeIcon(s.type)}.svg`),
    );
    expect(stagePoints(journey.depart, 'council')[0]!.icon).toMatch(/^\/brands\/council\/map-icons\//);
    expect(stagePoints(journey.depart, 'park')[1]!.at).toEqual([
      journey.depart.steps[1]!.start_location.lng,
      journey.depart.steps[1]!.start_location.lat,
    ]);
  });
});

describe('toilet info window', () => {
  it('opening times per weekday, Monday first, a pair of times read as a span', () => {
    expect(openingTimeRows(toilet.openingTimes)).toEqual([
      { day: 'Monday', hours: '08:00 to 20:00' },
      { day: 'Saturday', hours: 'Open 24 hours' },
      { day: 'Sunday', hours: 'Closed' },
    ]);
    expect(openingTimeRows({})).toEqual([]);
  });
  it('accessible, all-gender, men, women, baby change, payment and notes; unknown said so', () => {
    expect(toiletFacts(toilet)).toEqual([
      { label: 'Accessible', value: 'Yes' },
      { label: 'All-gender', value: 'Not known' },
      { label: 'Men', value: 'No' },
      { label: 'Women', value: 'Yes' },
      { label: 'Baby change', value: 'Not known' },
      { label: 'Payment', value: 'Fee: R$1' },
      { label: 'Notes', value: 'For customers only' },
    ]);
    expect(toiletFacts({ ...toilet, paymentDetails: null, notes: null }).map((f) => f.label)).not.toContain('Notes');
  });
});

describe('text alternative and style', () => {
  it('names the leg, its ends and stages, says estimated lines are straight, and what the filter adds', () => {
    const text = mapDescription(journey.depart, 'depart', 'Dundee', 'Perth', 'all');
    expect(text).toMatch(/^The map shows the outbound journey from Dundee to Perth: 3 stages \(walk, train, walk\)\./);
    expect(text).toMatch(/straight lines: there is no street map for this area/);
    expect(text).toMatch(/No public toilets are recorded near the destination/);
    expect(text).toMatch(/Numbered points/);
    expect(mapDescription(withToilets(journey.return!), 'return', 'Perth', 'Dundee', 'toilets')).toMatch(
      /return journey.*1 toilet is marked/,
    );
  });
  it("uses the brand's style URL, or the server's fallback on the page's own origin", () => {
    expect(mapStyleUrl('fallback', 'http://health.localhost:8080')).toBe(
      'http://health.localhost:8080/map/fallback/style.json',
    );
    expect(mapStyleUrl('https://tiles.example.org/style.json', 'http://x.localhost')).toBe(
      'https://tiles.example.org/style.json',
    );
    expect(fallbackStyleUrl('https://drover.example')).toBe('https://drover.example/map/fallback/style.json');
  });
});

describe('Start and End labels (issue 32: no overlap, nothing off the edge at 390 px)', () => {
  const W = 358;
  it("hang the higher point's label above it and the lower one's below, so they never cross", () => {
    // A short walk: the two points 20 px apart, side by side in the middle of the map.
    expect(labelAnchors({ x: 170, y: 200 }, { x: 190, y: 205 }, W)).toEqual({ start: 'bottom', end: 'top' });
    expect(labelAnchors({ x: 170, y: 210 }, { x: 190, y: 205 }, W)).toEqual({ start: 'top', end: 'bottom' });
    // The same place: one above, one below.
    expect(labelAnchors({ x: 179, y: 150 }, { x: 179, y: 150 }, W)).toEqual({ start: 'bottom', end: 'top' });
  });
  it('reach towards the middle from the outer thirds, and centre in the middle third', () => {
    expect(labelAnchors({ x: 30, y: 60 }, { x: 330, y: 300 }, W)).toEqual({ start: 'bottom-left', end: 'top-right' });
    expect(labelAnchors({ x: 330, y: 300 }, { x: 30, y: 60 }, W)).toEqual({ start: 'top-right', end: 'bottom-left' });
    // A north-south route in the middle of a phone's map: both centred, not pushed off the edge.
    expect(labelAnchors({ x: 179, y: 44 }, { x: 181, y: 300 }, W)).toEqual({ start: 'bottom', end: 'top' });
  });
});

describe('the static map preview (issue 32: the route drawn without MapLibre)', () => {
  const numbers = (d: string) => [...d.matchAll(/-?\d+(\.\d+)?/g)].map((m) => Number(m[0]));
  it("fits the Dundee to Perth leg inside the frame's padding, north up, Perth west of Dundee", () => {
    const leg = journey.depart;
    const lines = leg.steps.map((step) => ({ points: stepPath(step), estimated: step.estimated }));
    const first = leg.steps[0]!.start_location;
    const last = leg.steps[leg.steps.length - 1]!.end_location;
    const [w, h] = [358, 320];
    const layout = previewLayout(lines, [first.lng, first.lat], [last.lng, last.lat], w, h);
    expect(layout.paths).toHaveLength(lines.filter((line) => line.points.length >= 2).length);
    const ends = [layout.start, layout.end];
    const xs = [...ends.map((p) => p.x), ...layout.paths.flatMap((p) => numbers(p.d).filter((_, i) => i % 2 === 0))];
    const ys = [...ends.map((p) => p.y), ...layout.paths.flatMap((p) => numbers(p.d).filter((_, i) => i % 2 === 1))];
    // Inside the padding (29 px at the sides at this width, 44 above and below), touching it on one axis.
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(29 - 0.1);
    expect(Math.max(...xs)).toBeLessThanOrEqual(w - 29 + 0.1);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(44 - 0.1);
    expect(Math.max(...ys)).toBeLessThanOrEqual(h - 44 + 0.1);
    expect(Math.min(Math.min(...xs) - 29, Math.min(...ys) - 44)).toBeLessThan(1);
    // Perth (the end) is west of Dundee, and a little south: the labels hang apart.
    expect(layout.end.x).toBeLessThan(layout.start.x);
    expect(layout.end.y).toBeGreaterThan(layout.start.y);
    expect(layout.anchors).toEqual({ start: 'bottom-right', end: 'top-left' });
  });
  it('draws a short walk no closer than zoom 14, centred, and an estimate as such', () => {
    const a: [number, number] = [-2.9713, 56.4566];
    const b: [number, number] = [-2.9703, 56.4566];
    const layout = previewLayout([{ points: [a, b], estimated: true }], a, b, 400, 300);
    // 0.001 degrees of longitude at zoom 14: 512 * 2^14 / 360 * 0.001 = 23.3 px.
    expect(layout.end.x - layout.start.x).toBeCloseTo((512 * 2 ** MAP_ZOOM * 0.001) / 360, 1);
    expect((layout.start.x + layout.end.x) / 2).toBeCloseTo(200, 5);
    expect(layout.start.y).toBeCloseTo(150, 5);
    expect(layout.paths[0]!.estimated).toBe(true);
  });
});
