/**
 * Files kept verbatim (fares v1 and v2, GTFS-Flex, feed_info) -> RawFeed.extras; feed_info's
 * dates -> feedStart/feedEnd; locations.geojson as published.
 */
import { parseDay } from '../gtfs-time';
import type { RawTable } from '../raw-feed';
import { readTable } from '../table-reader';
import type { FeedContext } from './feed-context';

/** Fare (v1 and v2) and GTFS-Flex tables kept verbatim for the door-to-door issue. */
export const EXTRA_TABLES = [
  'fare_attributes.txt',
  'fare_rules.txt',
  'fare_media.txt',
  'fare_products.txt',
  'fare_leg_rules.txt',
  'fare_leg_join_rules.txt',
  'fare_transfer_rules.txt',
  'rider_categories.txt',
  'areas.txt',
  'stop_areas.txt',
  'networks.txt',
  'route_networks.txt',
  'timeframes.txt',
  'location_groups.txt',
  'location_group_stops.txt',
  'booking_rules.txt',
  'feed_info.txt',
];

export async function readExtras(ctx: FeedContext): Promise<void> {
  const { out, present, source } = ctx;
  for (const file of EXTRA_TABLES) {
    if (!present.has(file)) continue;
    const table: RawTable = { header: [], rows: [] };
    await readTable(source, file, [], ctx.report, (r) => {
      if (table.header.length === 0) table.header = r.columns;
      table.rows.push(table.header.map((c) => r.get(c)));
    });
    out.extras[file] = table;
  }
  const info = out.extras['feed_info.txt']?.rows[0];
  const header = out.extras['feed_info.txt']?.header ?? [];
  if (info) {
    out.feedStart = parseDay(info[header.indexOf('feed_start_date')] ?? '');
    out.feedEnd = parseDay(info[header.indexOf('feed_end_date')] ?? '');
  }
  if (present.has('locations.geojson')) {
    let text = '';
    await source.read('locations.geojson', (t) => (text += t));
    out.locationsGeoJson = text;
  }
}
