import { describe, expect, it } from 'vitest';
import { decodePolyline, haversine } from '../../../src/planner/geo/geo';
import { ElevationModel, Raster, elevationProfile } from '../../../src/planner/street/elevation';
import { DETOUR_FACTOR, estimateRoute } from '../../../src/planner/street/estimate';
import { StreetPlanner } from '../../../src/planner/street/street';

// Dundee (Caird Hall) and Perth (St John's Kirk): the Tayside demo region has no street graph.
const dundee = { lat: 56.4601, lng: -2.9702 };
const perth = { lat: 56.3958, lng: -3.4316 };
const broughtyFerry = { lat: 56.4672, lng: -2.8738 };

describe('estimate mode (no street graph)', () => {
  const planner = new StreetPlanner(null);

  it('flags the leg as estimated, with no directions and a straight-line geometry', () => {
    for (const profile of ['walk', 'cycle', 'car'] as const) {
      const r = planner.route(dundee, broughtyFerry, profile)!;
      expect(r.estimated).toBe(true);
      expect(r.directions).toEqual([]);
      const pts = decodePolyline(r.geometry);
      expect(pts).toHaveLength(2);
      expect(pts[0]!.lat).toBeCloseTo(dundee.lat, 5);
      expect(pts[1]!.lng).toBeCloseTo(broughtyFerry.lng, 5);
      const straight = haversine(dundee.lat, dundee.lng, broughtyFerry.lat, broughtyFerry.lng);
      expect(r.distance).toBeCloseTo(straight * DETOUR_FACTOR[profile], -1);
      expect(r.elevationHighest).toBeNull();
      expect(r.elevationLowest).toBeNull();
    }
  });

  it('uses per-mode speeds: walking 4.8 km/h, cycling 15 km/h, driving quicker over distance', () => {
    const walk = planner.route(dundee, broughtyFerry, 'walk')!;
    expect(walk.distance / walk.duration).toBeCloseTo(4.8 / 3.6, 1);
    const cycle = planner.route(dundee, broughtyFerry, 'cycle')!;
    expect(cycle.distance / cycle.duration).toBeCloseTo(15 / 3.6, 1);
    const car = planner.route(dundee, perth, 'car')!;
    // Dundee to Perth by car: about 35-45 minutes.
    expect(car.duration).toBeGreaterThan(30 * 60);
    expect(car.duration).toBeLessThan(45 * 60);
  });

  it('reaches stops within a time budget by estimate', () => {
    const reach = planner.reach(dundee, [broughtyFerry, perth], 'walk', 120 * 60);
    expect(reach.estimated).toBe(true);
    // ~5.9 km straight x 1.3 at 4.8 km/h: about 96 minutes.
    expect(reach.duration[0]).toBeGreaterThan(90 * 60);
    expect(reach.duration[0]).toBeLessThan(100 * 60);
    expect(Number.isNaN(reach.duration[1])).toBe(true);
  });

  it('samples elevation along the straight line when a raster covers it', () => {
    const flat = new Raster(3, 3, new Float32Array([5, 5, 5, 5, 50, 5, 5, 5, 5]), 56.5, -3.5, 0.1, 0.3);
    const r = estimateRoute({ lat: 56.4, lng: -3.45 }, { lat: 56.4, lng: -2.85 }, 'walk', new ElevationModel([flat]));
    expect(r.elevationHighest).toBeGreaterThan(r.elevationLowest!);
  });

  it('gives an elevation profile along a line, null outside coverage', () => {
    const flat = new Raster(3, 3, new Float32Array([5, 5, 5, 5, 50, 5, 5, 5, 5]), 56.5, -3.5, 0.1, 0.3);
    const line = [
      { lat: 56.4, lng: -3.45 },
      { lat: 56.4, lng: -2.85 },
      { lat: 56.4, lng: -2.7 },
    ];
    const profile = elevationProfile(line, new ElevationModel([flat]), 1000);
    expect(profile[0]!.distance).toBe(0);
    expect(profile[0]!.elevation).not.toBeNull();
    expect(profile[profile.length - 1]!.elevation).toBeNull();
    for (let i = 1; i < profile.length; i++) expect(profile[i]!.distance).toBeGreaterThan(profile[i - 1]!.distance);
    expect(elevationProfile(line, null, 1000).every((s) => s.elevation === null)).toBe(true);
  });
});
