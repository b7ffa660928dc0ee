/**
 * One-off derivation (node --import tsx src/planner/places/councils-node.ts <geonames.csv> <council-areas.geojson>):
 * prints the admin2 -> council CSV that data/tayside/geo/geonames-admin2-councils.csv holds.
 */
import { readFileSync } from 'node:fs';
import { deriveAdmin2Councils } from './councils';
import { parseCsv } from '../common/csv';

const [geonamesPath, geojsonPath] = process.argv.slice(2);
if (!geonamesPath || !geojsonPath) {
  console.error('usage: councils-node.ts <scotland-places-geonames.csv> <scotland-council-areas.geojson>');
  process.exit(2);
}
const places = parseCsv(readFileSync(geonamesPath, 'utf8')).map((r) => ({
  admin2: r.admin2 ?? '',
  lat: Number(r.lat),
  lng: Number(r.lng),
}));
const rows = deriveAdmin2Councils(places, JSON.parse(readFileSync(geojsonPath, 'utf8')));
console.log('admin2,council_area,places_in_council,places_with_code');
for (const r of rows) console.log(`${r.admin2},"${r.council}",${r.votes},${r.places}`);
