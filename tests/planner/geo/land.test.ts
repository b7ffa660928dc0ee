/**
 * Issue 27 (4): a point at sea is refused, by a land test against the council boundaries in the
 * region data (data/regions/<region>/council-areas.json: the region's councils and those around
 * them). The tolerance is set from the real data: every active NaPTAN stop, live Dundee postcode
 * and town of both regions must be on land.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../src/planner/common/csv';
import { councilAreasDataSchema, landMaskOf } from '../../../src/planner/costs/region-data';
import { atSea, distanceToLand, LAND_TOLERANCE_M, type LandMask } from '../../../src/planner/geo/land';

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const masks: LandMask[] = ['tayside', 'north-east'].map((r) =>
  landMaskOf(councilAreasDataSchema.parse(JSON.parse(read(`data/regions/${r}/council-areas.json`))))!,
);
const inside = (m: LandMask, lat: number, lng: number) =>
  lng >= m.bbox[0] && lng <= m.bbox[2] && lat >= m.bbox[1] && lat <= m.bbox[3];

describe('land or sea', () => {
  it('every real stop, postcode and town of both regions is on land (the tolerance is measured here)', () => {
    const points: { what: string; lat: number; lng: number }[] = [];
    for (const file of ['angus', 'dundee', 'perth-kinross', 'stirling']) {
      for (const r of parseCsv(read(`data/tayside/naptan/${file}.csv`)))
        if (r.Status === 'active' && r.Latitude)
          points.push({ what: `stop ${r.ATCOCode}`, lat: +r.Latitude, lng: +r.Longitude! });
    }
    for (const file of ['aberdeen', 'aberdeenshire'])
      for (const r of parseCsv(read(`data/north-east/naptan/${file}.csv`)))
        if (r.Status === 'active' && r.Latitude)
          points.push({ what: `stop ${r.ATCOCode}`, lat: +r.Latitude, lng: +r.Longitude! });
    for (const r of parseCsv(read('data/tayside/geo/dundee-postcodes.csv')))
      if (r['In Use?'] === 'Yes')
        points.push({ what: `postcode ${r.Postcode}`, lat: +r.Latitude!, lng: +r.Longitude! });
    for (const r of parseCsv(read('data/tayside/geo/scotland-places-geonames.csv')))
      points.push({ what: `town ${r.name}`, lat: +(r.lat ?? r.latitude)!, lng: +(r.lng ?? r.longitude)! });
    let checked = 0;
    let worst = { what: '', metres: 0 };
    for (const p of points) {
      const covering = masks.filter((m) => inside(m, p.lat, p.lng));
      if (covering.length === 0 || !Number.isFinite(p.lat)) continue;
      checked++;
      const metres = Math.min(...covering.map((m) => distanceToLand(m.areas, p.lat, p.lng)));
      if (metres > worst.metres) worst = { what: p.what, metres };
      expect(atSea(masks, p.lat, p.lng), p.what).toBe(false);
    }
    console.log(
      `land test: ${checked} real points, farthest from a council area ${worst.what} at ${Math.round(worst.metres)} m (tolerance ${LAND_TOLERANCE_M} m)`,
    );
    expect(checked).toBeGreaterThan(8000);
    expect(worst.metres).toBeLessThan(LAND_TOLERANCE_M);
  });

  it('the sea is refused: the Tay off Dundee, off Arbroath and Aberdeen; land next door is not', () => {
    for (const [lat, lng] of [
      [56.445, -2.97], // the Tay between Dundee and Newport, 1 km from either shore
      [56.55, -2.52], // 3 km off Arbroath
      [57.15, -1.98], // 5 km off Aberdeen beach
    ] as const)
      expect(atSea(masks, lat, lng), `${lat},${lng}`).toBe(true);
    expect(atSea(masks, 56.4, -3.05)).toBe(false); // Fife, 2 km outside the Tayside councils
    expect(atSea(masks, 56.4623, -2.9707)).toBe(false); // Dundee
    // Beyond both masks nothing is known: not refused here (the planner's distance rule answers).
    expect(atSea(masks, 56.5, -1.0)).toBe(false);
  });
});
