/**
 * Issue 21 item 8: a rail ride from a feed without shapes is drawn along the region's railway
 * lines (data/tayside/geo/map-railways.geojson, the fallback map's railways layer), not as a
 * straight line from Dundee to Perth over the Tay. A real planned journey and the real lines.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { journeySchema } from '../../../../../src/contract/journey';
import { stepPath } from '../../../../../src/web/features/journey/map/map-model';
import type { LngLat } from '../../../../../src/web/features/journey/map/polyline';
import { alongRails, buildRailGraph, metres } from '../../../../../src/web/features/journey/map/rail-lines';
import fixture from '../fixtures/dundee-perth-return.json';

const repo = path.resolve(__dirname, '../../../../..');
const railways = JSON.parse(fs.readFileSync(path.join(repo, 'data/tayside/geo/map-railways.geojson'), 'utf8'));
const graph = buildRailGraph(railways);
const journey = journeySchema.parse(fixture);
const train = (leg: 'depart' | 'return') => journey[leg]!.steps.find((step) => step.type === 'train')!;

const length = (line: LngLat[]) => line.slice(1).reduce((sum, at, i) => sum + metres(line[i]!, at), 0);
const longestGap = (line: LngLat[]) => Math.max(...line.slice(1).map((at, i) => metres(line[i]!, at)));
/** Metres from a point to the nearest railway vertex. */
const offRail = (at: LngLat) => Math.min(...graph.nodes.map((node) => metres(node, at)));

describe('rail rides along the railway lines', () => {
  it('Dundee to Perth follows the line along the Carse of Gowrie, not a straight line', () => {
    const straight = stepPath(train('depart'));
    expect(straight).toHaveLength(2);
    expect(longestGap(straight)).toBeGreaterThan(25_000);
    const drawn = alongRails(graph, straight);
    expect(drawn[0]).toEqual(straight[0]);
    expect(drawn[drawn.length - 1]).toEqual(straight[1]);
    expect(drawn.length).toBeGreaterThan(50);
    // Every point between the stations is a point of the railway, each step a stretch of its line
    // (the shipped lines are simplified: the Carse of Gowrie's straight is one 7.8 km stretch).
    const inner = drawn.slice(1, -1);
    for (const at of inner) expect(offRail(at)).toBeLessThan(1);
    const key = (at: LngLat) => graph.nodes.findIndex((node) => node[0] === at[0] && node[1] === at[1]);
    for (let i = 1; i < inner.length; i++)
      expect(graph.edges[key(inner[i - 1]!)]!.map(([to]) => to)).toContain(key(inner[i]!));
    expect(metres(drawn[0]!, drawn[1]!)).toBeLessThan(500);
    // Longer than the crow flies, but not by a detour.
    expect(length(drawn)).toBeGreaterThan(length(straight));
    expect(length(drawn)).toBeLessThan(length(straight) * 1.3);
  });

  it('the return passes through its calls (Invergowrie) on the rails', () => {
    const calls = stepPath(train('return'));
    expect(calls).toHaveLength(3);
    const drawn = alongRails(graph, calls);
    for (const call of calls) expect(drawn).toContainEqual(call);
    for (const at of drawn) expect(offRail(at)).toBeLessThan(CALLS_OFF_RAIL);
  });

  it('leaves a line that is already a shape, or that the rails cannot explain', () => {
    const shaped: LngLat[] = [
      [-2.9712, 56.45648],
      [-2.98, 56.455],
      [-2.99, 56.452],
    ];
    expect(alongRails(graph, shaped)).toEqual(shaped);
    const atSea: LngLat[] = [
      [-2.5, 56.2],
      [-2.2, 56.3],
    ];
    expect(alongRails(graph, atSea)).toEqual(atSea);
    expect(alongRails(buildRailGraph({ features: [] }), stepPath(train('depart')))).toEqual(stepPath(train('depart')));
  });

  it('joins a line ending within 25 m of another line across a grid cell edge, not one 67 m away', () => {
    // Line B passes a vertex at (-3.0000, 56.4000); line A ends 0.0002 deg of latitude (22 m, in
    // the grid cell below the vertex's) or 0.0006 deg (67 m) south of it.
    const b = {
      type: 'LineString',
      coordinates: [
        [-3.01, 56.4],
        [-3.0, 56.4],
        [-2.99, 56.4],
      ],
    };
    const line = (lat: number) => ({
      type: 'LineString',
      coordinates: [
        [-3.0, lat - 0.01],
        [-3.0, lat],
      ],
    });
    const joined = (lat: number) => {
      const g = buildRailGraph({ features: [{ geometry: b }, { geometry: line(lat) }] });
      const end = g.nodes.findIndex(([lng, at]) => lng === -3.0 && at === lat);
      const vertex = g.nodes.findIndex(([lng, at]) => lng === -3.0 && at === 56.4);
      return g.edges[end]!.some(([to]) => to === vertex);
    };
    expect(joined(56.3998)).toBe(true);
    expect(joined(56.3994)).toBe(false);
  });
});

/** Stations sit a little off the track's centre line. */
const CALLS_OFF_RAIL = 500;
