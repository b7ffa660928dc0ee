import { describe, expect, it } from 'vitest';
import { councilAt, type CouncilArea } from '../../../src/planner/geo/council-areas';
import { councilAreasDataSchema } from '../../../src/planner/costs/region-data';
import { regionJson } from './fixtures';

const areas: CouncilArea[] = councilAreasDataSchema.parse(regionJson('council-areas.json')).areas;

describe('councilAt', () => {
  it('places real points in the four Tayside councils', () => {
    expect(councilAt(areas, 56.462, -2.9707)).toBe('Dundee City'); // City Square, Dundee
    expect(councilAt(areas, 56.1238, -3.947)).toBe('Stirling'); // Stirling Castle
    expect(councilAt(areas, 56.643, -2.889)).toBe('Angus'); // Forfar
    expect(councilAt(areas, 56.395, -3.431)).toBe('Perth and Kinross'); // Perth
    expect(councilAt(areas, 56.471, -3.048)).toBe('Dundee City'); // Ninewells area
  });

  it('returns undefined outside them', () => {
    expect(councilAt(areas, 55.9533, -3.1883)).toBeUndefined(); // Edinburgh
    expect(councilAt(areas, 0, 0)).toBeUndefined();
  });

  it('respects holes', () => {
    const square: CouncilArea = {
      name: 'Ring',
      polygons: [
        [
          [
            [0, 0],
            [10, 0],
            [10, 10],
            [0, 10],
            [0, 0],
          ],
          [
            [4, 4],
            [6, 4],
            [6, 6],
            [4, 6],
            [4, 4],
          ],
        ],
      ],
    };
    expect(councilAt([square], 2, 2)).toBe('Ring');
    expect(councilAt([square], 5, 5)).toBeUndefined();
  });
});
