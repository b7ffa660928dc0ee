/** The committed brand files honour SPEC section 1 and 9 (not just the schema). */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brandKeysIn, loadBrands } from '../../src/server/brands/load';

const BRANDS_DIR = path.resolve(import.meta.dirname, '../../brands');
const registry = loadBrands(BRANDS_DIR);
const BRAND_KEYS = brandKeysIn(BRANDS_DIR);
const brand = (key: string) => registry.brands.get(key)!;

describe('brand files', () => {
  it("names the Tayside region's travel types: no Tram, Subway or Ferry for the stage filter to offer", () => {
    for (const brand of registry.brands.values()) {
      expect(brand.region.travelTypes, brand.key).toEqual(expect.arrayContaining(['train', 'bus', 'coach', 'walk']));
      for (const absent of ['tram', 'subway', 'ferry'])
        expect(brand.region.travelTypes, brand.key).not.toContain(absent);
    }
  });
  it('loads all six brands with regional as the default', () => {
    expect([...registry.brands.keys()].sort()).toEqual([
      'citybus',
      'citytravel',
      'council',
      'health',
      'park',
      'regional',
    ]);
    expect(registry.defaultBrand.key).toBe('regional');
  });

  it('gives the health brand no accounts, the appointment step and the early/later return', () => {
    const health = brand('health');
    expect(health.enableUserAccounts).toBe(false);
    expect(health.health).toEqual({ appointmentStep: true, alternativeReturn: true, safetyNotices: true });
    for (const key of BRAND_KEYS.filter((k) => k !== 'health')) expect(brand(key).health.appointmentStep).toBe(false);
  });

  it('gives the council brand its SPEC flags, blocked modes and north-east bias box', () => {
    const council = brand('council');
    expect(council).toMatchObject({
      showBreadcrumbs: false,
      showUpdatesFooter: false,
      showNeedHelp: false,
      showPois: false,
      enableUserAccounts: false,
      enableMultipleJourneyTypeFilter: true,
    });
    expect([...council.blockedTravelTypes].sort()).toEqual(['cycle', 'own-car', 'taxi']);
    expect(council.region.autocompleteBias).toEqual({ south: 57.0, west: -2.95, north: 57.73, east: -1.76 });
  });

  it('makes exactly one brand wait 10 seconds before the first results fetch', () => {
    const waiting = BRAND_KEYS.filter((key) => brand(key).initialResultsDelayMs === 10_000);
    expect(waiting).toHaveLength(1);
  });

  it('covers the four council areas on the regional brand', () => {
    expect(brand('regional').region.councilAreas).toEqual(['Angus', 'Dundee City', 'Perth and Kinross', 'Stirling']);
  });

  it('picks brands by API key and by hostname, falling back to BRAND', () => {
    for (const key of BRAND_KEYS) {
      expect(registry.byApiKey(brand(key).apiKey)?.key).toBe(key);
      expect(registry.byHostname(`${key}.localhost:8080`).key).toBe(key);
    }
    expect(registry.byApiKey('not-a-key')).toBeUndefined();
    expect(registry.byHostname('example.org').key).toBe('regional');
    expect(loadBrands(path.resolve(import.meta.dirname, '../../brands'), 'health').byHostname(undefined).key).toBe(
      'health',
    );
  });

  it('refuses an unknown BRAND setting', () => {
    expect(() => loadBrands(path.resolve(import.meta.dirname, '../../brands'), 'nope')).toThrow(
      /BRAND: "nope" is not one of/,
    );
  });
});
