import { describe, expect, it } from 'vitest';
import {
  NODE_BLOCKS_CAR,
  NODE_BLOCKS_CYCLE,
  NODE_BLOCKS_WALK,
  NODE_SIGNALS,
  ferryDurationSeconds,
  nodeFlags,
  parseMaxspeed,
  wayProfile,
} from '../../../src/planner/street/profiles';

const WALK = 0;
const CYCLE = 1;
const CAR = 2;
const mph = (v: number): number => (v * 1.609344) / 3.6;

describe('profiles', () => {
  it('parses maxspeed in km/h, mph and UK national-limit codes', () => {
    expect(parseMaxspeed('30 mph')).toBeCloseTo(mph(30));
    expect(parseMaxspeed('50')).toBeCloseTo(50 / 3.6);
    expect(parseMaxspeed('GB:nsl_single')).toBeCloseTo(mph(60));
    expect(parseMaxspeed('UK:nsl_dual')).toBeCloseTo(mph(70));
    expect(parseMaxspeed('signals')).toBeNull();
  });

  it('uses UK default limits when maxspeed is missing, driven below the limit', () => {
    const motorway = wayProfile({ highway: 'motorway' })!;
    // min(80% of 70 mph, 90 km/h typical motorway speed)
    expect(motorway.forward[CAR]).toBeCloseTo(Math.min(0.8 * mph(70), 90 / 3.6));
    expect(motorway.backward[CAR]).toBe(0); // motorways are one-way carriageways
    expect(motorway.forward[WALK]).toBe(0);
    expect(motorway.forward[CYCLE]).toBe(0);
    const residential = wayProfile({ highway: 'residential' })!;
    expect(residential.forward[CAR]).toBeLessThanOrEqual(mph(30));
    const twenty = wayProfile({ highway: 'primary', maxspeed: '20 mph' })!;
    expect(twenty.forward[CAR]).toBeCloseTo(0.8 * mph(20));
  });

  it('honours oneway for car and cycle, with contraflow cycling', () => {
    const oneway = wayProfile({ highway: 'residential', oneway: 'yes' })!;
    expect(oneway.backward[CAR]).toBe(0);
    expect(oneway.backward[CYCLE]).toBe(0);
    expect(oneway.backward[WALK]).toBeGreaterThan(0);
    const contraflow: Record<string, string>[] = [
      { 'oneway:bicycle': 'no' },
      { cycleway: 'opposite_lane' },
      { 'cycleway:left': 'opposite_track' },
    ];
    for (const tags of contraflow) {
      const p = wayProfile({ highway: 'residential', oneway: 'yes', ...tags })!;
      expect(p.backward[CYCLE]).toBeGreaterThan(0);
      expect(p.backward[CAR]).toBe(0);
    }
    const reverse = wayProfile({ highway: 'tertiary', oneway: '-1' })!;
    expect(reverse.forward[CAR]).toBe(0);
    expect(reverse.backward[CAR]).toBeGreaterThan(0);
    const roundabout = wayProfile({ highway: 'primary', junction: 'roundabout' })!;
    expect(roundabout.backward[CAR]).toBe(0);
  });

  it('applies access tags, most specific first', () => {
    expect(wayProfile({ highway: 'service', access: 'private' })).toBeNull();
    const bus = wayProfile({ highway: 'residential', motor_vehicle: 'no' })!;
    expect(bus.forward[CAR]).toBe(0);
    expect(bus.forward[CYCLE]).toBeGreaterThan(0);
    const footOnly = wayProfile({ highway: 'track', access: 'no', foot: 'yes' })!;
    expect(footOnly.forward[WALK]).toBeGreaterThan(0);
    expect(footOnly.forward[CYCLE]).toBe(0);
    const noFoot = wayProfile({ highway: 'trunk', foot: 'no' })!;
    expect(noFoot.forward[WALK]).toBe(0);
    expect(noFoot.forward[CAR]).toBeGreaterThan(0);
  });

  it('keeps steps for walking only, slower than walking', () => {
    const steps = wayProfile({ highway: 'steps' })!;
    const footway = wayProfile({ highway: 'footway' })!;
    expect(steps.forward[WALK]).toBeGreaterThan(0);
    expect(steps.forward[WALK]).toBeLessThan(footway.forward[WALK]);
    expect(steps.forward[CYCLE]).toBe(0);
    expect(steps.forward[CAR]).toBe(0);
    // Pavements: cyclists push at walking pace, no cars.
    expect(footway.forward[CYCLE]).toBeCloseTo(footway.forward[WALK]);
    expect(footway.forward[CAR]).toBe(0);
  });

  it('slows cycling on rough surfaces', () => {
    const asphalt = wayProfile({ highway: 'residential', surface: 'asphalt' })!;
    const sett = wayProfile({ highway: 'residential', surface: 'sett' })!;
    const gravel = wayProfile({ highway: 'track', surface: 'gravel' })!;
    expect(sett.forward[CYCLE]).toBeLessThan(asphalt.forward[CYCLE]);
    expect(gravel.forward[CYCLE]).toBeLessThan(sett.forward[CYCLE]);
    expect(sett.forward[CAR]).toBe(asphalt.forward[CAR]);
  });

  it('routes ferries: foot and bicycle by default, cars only when the ferry carries them', () => {
    const foot = wayProfile({ route: 'ferry' })!;
    expect(foot.ferry).toBe(true);
    expect(foot.forward[WALK]).toBeGreaterThan(0);
    expect(foot.forward[CYCLE]).toBeGreaterThan(0);
    expect(foot.forward[CAR]).toBe(0);
    const car = wayProfile({ route: 'ferry', motor_vehicle: 'yes', duration: '00:30' })!;
    expect(car.forward[CAR]).toBeGreaterThan(0);
    expect(ferryDurationSeconds({ duration: '00:30' })).toBe(1800);
    expect(ferryDurationSeconds({ duration: '45' })).toBe(2700);
  });

  it('ignores non-routable highways', () => {
    expect(wayProfile({ highway: 'construction' })).toBeNull();
    expect(wayProfile({ highway: 'proposed' })).toBeNull();
    expect(wayProfile({ building: 'yes' })).toBeNull();
  });

  it('reads barriers and traffic signals on nodes', () => {
    expect(nodeFlags({ barrier: 'bollard' })).toBe(NODE_BLOCKS_CAR);
    expect(nodeFlags({ barrier: 'bollard', motor_vehicle: 'yes' })).toBe(0);
    expect(nodeFlags({ barrier: 'gate' })).toBe(0);
    expect(nodeFlags({ barrier: 'gate', access: 'private' })).toBe(
      NODE_BLOCKS_WALK | NODE_BLOCKS_CYCLE | NODE_BLOCKS_CAR,
    );
    expect(nodeFlags({ barrier: 'stile' })).toBe(NODE_BLOCKS_CYCLE | NODE_BLOCKS_CAR);
    expect(nodeFlags({ barrier: 'kissing_gate', bicycle: 'yes' })).toBe(NODE_BLOCKS_CAR);
    expect(nodeFlags({ highway: 'traffic_signals' })).toBe(NODE_SIGNALS);
    expect(nodeFlags({ highway: 'crossing' })).toBe(0);
  });
});
