/**
 * SPEC section 3's icon sets: a place-category icon for each point-of-interest type the
 * planner writes, and per-brand, per-mode map icons (paths, and the files the build writes).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brandKeysIn } from '../../../src/server/brands/load';
import {
  brandMapIconFiles,
  mapIconPath,
  mapIconSvg,
  PLACE_GLYPHS,
  PLACE_ICONS,
  placeIcon,
} from '../../../src/web/components/icon-glyphs';
import { ICONS } from '../../../src/web/components/journey-labels';
import { POI_CATEGORIES } from '../../../src/planner/street/amenities';

const repo = path.resolve(__dirname, '../../..');

describe('place-category icons', () => {
  it('cover the SPEC list, and every POI type the planner writes', () => {
    expect([...PLACE_ICONS].sort()).toEqual([
      'atm',
      'cafe',
      'convenience-store',
      'ev-charging',
      'gas-station',
      'house',
      'museum',
      'park',
      'shopping-mall',
      'supermarket',
      'toilets',
    ]);
    const types = POI_CATEGORIES.map((c) => c.type);
    expect(types.length).toBeGreaterThanOrEqual(10);
    for (const type of types) expect(placeIcon(type), type).not.toBeNull();
    expect(placeIcon('EV charging')).toBe('ev-charging');
    expect(placeIcon('bowling alley')).toBeNull();
    for (const name of PLACE_ICONS) expect(PLACE_GLYPHS[name]).toMatch(/^<(path|rect|circle)/);
  });
});

describe('per-brand, per-mode map icons', () => {
  it('have a path per brand and mode', () => {
    expect(mapIconPath('health', 'bus')).toBe('/brands/health/map-icons/bus.svg');
    expect(mapIconPath('health', null)).toBeNull();
  });

  it("are drawn in each brand's colour for every mode, unless the brand ships its own file", () => {
    for (const key of brandKeysIn(path.join(repo, 'brands'))) {
      const brand = JSON.parse(fs.readFileSync(path.join(repo, 'brands', key, 'brand.json'), 'utf8')) as {
        theme: { themeColor: string };
      };
      const files = brandMapIconFiles(key, brand.theme.themeColor);
      for (const icon of ICONS) {
        const file = files.get(`brands/${key}/map-icons/${icon}.svg`);
        expect(file, `${key} ${icon}`).toBeDefined();
        expect(file).toContain(`fill="${brand.theme.themeColor}"`);
      }
    }
    expect([...brandMapIconFiles('park', '#000000', new Set(['bus.svg'])).keys()]).not.toContain(
      'brands/park/map-icons/bus.svg',
    );
    expect(mapIconSvg('bus', '#123456')).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*#123456.*<\/svg>$/,
    );
  });
});
