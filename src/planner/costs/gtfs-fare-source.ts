/**
 * Reads a feed's fare tables straight from a GTFS source (zip in memory or folder),
 * through the timetable's GtfsSource interface. Needed because the timetable model
 * keeps the fare tables but not stops.txt zone_id, which Fares v1 rules match on.
 * Browser-safe: no Node imports (the source does the reading).
 */
import type { GtfsSource } from '../timetable/gtfs-source';
import { tableFromCsv } from './csv';
import type { FareTables } from './gtfs-fares';

const FARE_FILES = [
  'fare_attributes.txt', 'fare_rules.txt', 'fare_media.txt', 'fare_products.txt', 'fare_leg_rules.txt',
  'rider_categories.txt', 'areas.txt', 'stop_areas.txt', 'networks.txt', 'route_networks.txt', 'timeframes.txt',
];

async function readText(source: GtfsSource, file: string): Promise<string> {
  let text = '';
  await source.read(file, (t) => (text += t));
  return text;
}

/** The fare files present, plus stops.txt and routes.txt when fares exist (for zones, agencies, networks). */
export async function readFareTables(source: GtfsSource): Promise<FareTables> {
  const present = new Set(await source.files());
  const tables: FareTables = {};
  for (const f of FARE_FILES) if (present.has(f)) tables[f] = tableFromCsv(await readText(source, f));
  if (Object.keys(tables).length > 0) {
    for (const f of ['stops.txt', 'routes.txt']) if (present.has(f)) tables[f] = tableFromCsv(await readText(source, f));
  }
  return tables;
}
