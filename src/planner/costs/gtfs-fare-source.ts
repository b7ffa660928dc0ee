/**
 * A feed's fare tables plus the stop zones (stops.txt zone_id, for Fares v1 rules) and route
 * agencies and networks (routes.txt) the rules match on: from the feed as the timetable import
 * loaded it (fareTablesFromRawFeed, the region build), or read straight from a GTFS source
 * (zip in memory or folder) where no import runs.
 * Browser-safe: no Node imports (the source does the reading).
 */
import type { GtfsSource } from '../timetable/gtfs-source';
import type { RawFeed } from '../timetable/raw-feed';
import { tableFromCsv } from './csv';
import type { FareTables } from './gtfs-fares';

const FARE_FILES = [
  'fare_attributes.txt',
  'fare_rules.txt',
  'fare_media.txt',
  'fare_products.txt',
  'fare_leg_rules.txt',
  'rider_categories.txt',
  'areas.txt',
  'stop_areas.txt',
  'networks.txt',
  'route_networks.txt',
  'timeframes.txt',
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
    for (const f of ['stops.txt', 'routes.txt'])
      if (present.has(f)) tables[f] = tableFromCsv(await readText(source, f));
  }
  return tables;
}

/**
 * readFareTables from a loaded feed, without reading its files again: the fare files the import
 * kept verbatim, and (when there are fares) stops.txt and routes.txt with the columns fares read.
 */
export function fareTablesFromRawFeed(raw: RawFeed): FareTables {
  const tables: FareTables = {};
  for (const f of FARE_FILES) {
    const table = raw.extras[f];
    if (table) tables[f] = table;
  }
  if (Object.keys(tables).length > 0) {
    tables['stops.txt'] = { header: ['stop_id', 'zone_id'], rows: raw.stops.map((s) => [s.id, s.zoneId]) };
    tables['routes.txt'] = {
      header: ['route_id', 'agency_id', 'network_id'],
      rows: raw.routes.map((r) => [r.id, r.agencyId, r.networkId]),
    };
  }
  return tables;
}
