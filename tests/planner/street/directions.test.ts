import { describe, expect, it } from 'vitest';
import type { LatLng } from '../../../src/planner/geo/geo';
import { pathLength } from '../../../src/planner/geo/geo';
import { buildDirections, type Segment } from '../../../src/planner/street/directions';
import type { HighwayClass } from '../../../src/planner/street/profiles';

// A small grid near Dundee: 0.001 deg lat ~ 111 m, 0.001 deg lng ~ 62 m at 56.46N.
const p = (dLat: number, dLng: number): LatLng => ({ lat: 56.46 + dLat / 1000, lng: -2.97 + dLng / 1000 });
const seg = (name: string | null, cls: HighwayClass, ...points: LatLng[]): Segment => ({
  name,
  cls,
  points,
  length: pathLength(points),
});

describe('turn-by-turn directions', () => {
  it('heads off, turns left and right, merges same-named stretches, and arrives', () => {
    const dirs = buildDirections([
      seg('Perth Road', 'secondary', p(0, 0), p(0, 2)),
      seg('Perth Road', 'secondary', p(0, 2), p(0, 4)), // same street: merged
      seg('Hawkhill', 'residential', p(0, 4), p(2, 4)), // east then north: left
      seg('Nethergate', 'tertiary', p(2, 4), p(2, 7)), // north then east: right
    ]);
    expect(dirs.map((d) => d.html_instructions)).toEqual([
      'Head east on Perth Road',
      'Turn left onto Hawkhill',
      'Turn right onto Nethergate',
      'Arrive at your destination',
    ]);
    expect(dirs[0]!.distance.text).toBe('250 m');
    expect(dirs[1]!.distance.text).toBe('220 m');
    expect(dirs[3]!.distance.text).toBe('');
  });

  it('describes unnamed ways honestly and escapes names', () => {
    const dirs = buildDirections([
      seg('Tom & Jerry <Lane>', 'residential', p(0, 0), p(0, 3)),
      seg(null, 'footway', p(0, 3), p(-2, 3)),
      seg(null, 'residential', p(-2, 3), p(-2, 6)),
      seg(null, 'steps', p(-2, 6), p(-2.3, 6)),
    ]);
    expect(dirs.map((d) => d.html_instructions)).toEqual([
      'Head east on Tom &amp; Jerry &lt;Lane&gt;',
      'Turn right onto the footpath',
      'Turn left onto an unnamed road',
      'Turn right and take the steps',
      'Arrive at your destination',
    ]);
  });

  it('continues straight onto a new name and folds junction slivers', () => {
    const dirs = buildDirections([
      seg('Seagate', 'tertiary', p(0, 0), p(0, 5)),
      seg(null, 'residential', p(0, 5), p(0, 5.05)), // a 3 m link inside the junction
      seg('Commercial Street', 'tertiary', p(0, 5.05), p(0, 10)),
    ]);
    expect(dirs.map((d) => d.html_instructions)).toEqual([
      'Head east on Seagate',
      'Continue onto Commercial Street',
      'Arrive at your destination',
    ]);
  });

  it('stays on a street across a short stretch of a side street', () => {
    const dirs = buildDirections([
      seg('Moorgate', 'sidewalk', p(0, 0), p(1, 0)),
      seg('London Wall', 'tertiary', p(1, 0), p(1.1, 0)), // 11 m across the side street
      seg('Moorgate', 'sidewalk', p(1.1, 0), p(2, 0)),
    ]);
    expect(dirs.map((d) => d.html_instructions)).toEqual(['Head north on Moorgate', 'Arrive at your destination']);
    expect(dirs[0]!.distance.text).toBe('220 m');
  });

  it('says "Continue for" when the road goes straight on without a name', () => {
    const dirs = buildDirections([
      seg('Harefield Road', 'residential', p(0, 0), p(0, 3)),
      seg(null, 'residential', p(0, 3), p(0, 6.2)),
    ]);
    expect(dirs.map((d) => d.html_instructions)).toEqual([
      'Head east on Harefield Road',
      'Continue for 200 m',
      'Arrive at your destination',
    ]);
  });
});
