import { describe, expect, it } from 'vitest';
import {
  bearing,
  compassWord,
  decodePolyline,
  densify,
  encodePolyline,
  haversine,
  pathLength,
} from '../../../src/planner/geo/geo';
import { formatDistance } from '../../../src/planner/street/directions';

describe('geo helpers', () => {
  it('encodes and decodes Google polylines (the documented example)', () => {
    const pts = [
      { lat: 38.5, lng: -120.2 },
      { lat: 40.7, lng: -120.95 },
      { lat: 43.252, lng: -126.453 },
    ];
    expect(encodePolyline(pts)).toBe('_p~iF~ps|U_ulLnnqC_mqNvxq`@');
    const back = decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@');
    back.forEach((p, i) => {
      expect(p.lat).toBeCloseTo(pts[i]!.lat, 5);
      expect(p.lng).toBeCloseTo(pts[i]!.lng, 5);
    });
  });

  it('measures great-circle distance and bearings', () => {
    // Dundee (Caird Hall) to Perth (St John's Kirk): about 29.6 km apart.
    const d = haversine(56.4601, -2.9702, 56.3958, -3.4316);
    expect(d).toBeGreaterThan(28_500);
    expect(d).toBeLessThan(30_500);
    expect(compassWord(bearing(56, -3, 56.1, -3))).toBe('north');
    expect(compassWord(bearing(56, -3, 56, -2.9))).toBe('east');
    expect(compassWord(bearing(56, -3, 55.9, -3.1))).toBe('southwest');
  });

  it('densifies a polyline to at most the step', () => {
    const line = [
      { lat: 56, lng: -3 },
      { lat: 56.01, lng: -3 },
    ];
    const pts = densify(line, 30);
    expect(pts.length).toBeGreaterThanOrEqual(Math.ceil(pathLength(line) / 30) + 1);
    for (let i = 1; i < pts.length; i++)
      expect(haversine(pts[i - 1]!.lat, pts[i - 1]!.lng, pts[i]!.lat, pts[i]!.lng)).toBeLessThanOrEqual(30.01);
  });

  it('formats distances the way people read them', () => {
    expect(formatDistance(3)).toBe('5 m');
    expect(formatDistance(47)).toBe('45 m');
    expect(formatDistance(203)).toBe('200 m');
    expect(formatDistance(996)).toBe('1.0 km');
    expect(formatDistance(1234)).toBe('1.2 km');
    expect(formatDistance(12_345)).toBe('12 km');
  });
});
