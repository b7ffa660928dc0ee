/**
 * Issue 27 (4): "city centre" and "town centre" places sit where people mean them: at the NaPTAN
 * stop flagged as the centre of their locality (LocalityCentre), checked for every town of both
 * regions over the real GeoNames towns and NaPTAN stops.
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { distance } from '../../../src/planner/geo/geo';
import { loadManifest } from '../../../src/planner/region/manifest-node';
import { assembleRegionPlaces } from '../../../src/planner/places/region';
import { CENTRE_STOP_RADIUS_M, localityCentreStop } from '../../../src/planner/places/centres';
import type { PlaceRecord } from '../../../src/planner/places/types';
import { readNaptanFiles } from '../../../src/planner/uk/uk-node';
import type { NaptanStop } from '../../../src/planner/uk/naptan';

const MANIFESTS = ['tayside', 'north-east'].map((r) => new URL(`../../../data/regions/${r}.json`, import.meta.url));

interface RegionCentres {
  name: string;
  records: PlaceRecord[];
  stops: NaptanStop[];
}
const regions: RegionCentres[] = [];

beforeAll(async () => {
  for (const url of MANIFESTS) {
    const loaded = await loadManifest(url.pathname, new Date(), false);
    const p = loaded.manifest.places!;
    const text = async (rel: string | undefined) => (rel ? readFile(loaded.resolve(rel), 'utf8') : undefined);
    const { stops } = await readNaptanFiles(loaded.naptanPaths);
    const places = assembleRegionPlaces({
      geonamesCsv: await text(p.geonames),
      admin2CouncilsCsv: await text(p.admin2Councils),
      naptan: stops,
    });
    regions.push({ name: loaded.manifest.name, records: places.records, stops });
  }
}, 60_000);

/** The region's town centres: GeoNames covers Scotland, so those of towns among the region's NaPTAN stops (one within 2 km). */
const centresOf = (r: RegionCentres) =>
  r.records.filter(
    (x) =>
      x.id.endsWith(':centre') &&
      r.stops.some((s) => Math.abs(s.lat - x.lat) < 0.03 && distance({ lat: s.lat, lng: s.lon }, at(x)) < 2000),
  );
const townOf = (r: RegionCentres, centre: PlaceRecord) => r.records.find((x) => `${x.id}:centre` === centre.id)!;
const at = (p: { lat: number; lng: number }) => ({ lat: p.lat, lng: p.lng });

describe('town and city centres', () => {
  it("Dundee city centre is Albert Square, the stop NaPTAN flags as Dundee City Centre's centre", () => {
    const tayside = regions.find((r) => r.name === 'tayside')!;
    const dundee = centresOf(tayside).find((c) => c.label === 'Dundee city centre')!;
    const albert = tayside.stops.find((s) => s.localityCentre && s.locality === 'Dundee City Centre')!;
    expect(albert.commonName).toBe('Albert Square');
    expect(distance(at(dundee), { lat: albert.lat, lng: albert.lon })).toBeLessThan(1);
    expect(dundee.secondary).toBe('City centre, Dundee (Albert Square)');
  });

  it('every town of both regions sits at its locality centre stop where NaPTAN flags one, else at its own point', () => {
    const summary: string[] = [];
    for (const region of regions) {
      const centres = centresOf(region);
      expect(centres.length).toBeGreaterThan(10);
      let atStop = 0;
      const without: string[] = [];
      for (const centre of centres) {
        const town = townOf(region, centre);
        const stop = localityCentreStop(town, region.stops);
        if (stop) {
          atStop++;
          // At a real LocalityCentre stop of the town (or of its "<Town> City Centre" locality), near the town.
          expect(stop.localityCentre).toBe(true);
          const names = [town.label, ...town.label.split(/\s+and\s+/i)].map((n) => n.toLowerCase());
          expect(names, stop.locality).toContain(stop.locality.replace(/ (city|town) centre$/i, '').toLowerCase());
          expect(distance(at(centre), { lat: stop.lat, lng: stop.lon }), centre.label).toBeLessThan(1);
          expect(distance(at(centre), at(town)), centre.label).toBeLessThanOrEqual(CENTRE_STOP_RADIUS_M);
        } else {
          without.push(town.label);
          expect(at(centre), centre.label).toEqual(at(town));
        }
      }
      summary.push(
        `${region.name}: ${atStop} of ${centres.length} centres at a LocalityCentre stop; own point: ${without.join(', ')}`,
      );
      // Measured: 44 of 95 Tayside and 50 of 60 north-east centres; the rest are villages NaPTAN flags no centre for (Stirling's NaPTAN file flags none; nor do Errol's or Broughty Ferry's).
      expect(atStop / centres.length, region.name).toBeGreaterThanOrEqual(0.45);
    }
    console.log(summary.join('\n'));
  });

  it('a locality of the same name far away is not taken for the town centre', () => {
    const stop = (locality: string, lat: number, lon: number): NaptanStop =>
      ({
        locality,
        parentLocality: '',
        localityCentre: true,
        active: true,
        lat,
        lon,
        commonName: locality,
      }) as NaptanStop;
    const letham = { label: 'Letham', lat: 56.628, lng: -2.768 }; // Letham, Angus
    expect(localityCentreStop(letham, [stop('Letham', 56.41, -3.47)])).toBeUndefined(); // Letham, Perth: 28 km
    expect(localityCentreStop(letham, [stop('Letham', 56.629, -2.769)])?.lat).toBe(56.629);
  });
});
