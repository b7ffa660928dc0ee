/**
 * stops.txt -> RawFeed.stops: the one read of a feed's stops (places and fare zones read the
 * result). Unknown parent stations are dropped; a stop without coordinates takes its parent's.
 */
import { readTable } from '../table-reader';
import type { FeedContext } from './feed-context';

export async function readStops(ctx: FeedContext): Promise<void> {
  const { out, stopIndex, warn } = ctx;
  await readTable(ctx.source, 'stops.txt', ['stop_id'], ctx.report, (r) => {
    const id = r.get('stop_id');
    if (stopIndex.has(id)) return warn('stops.txt', r, `duplicate stop_id '${id}' ignored`, 'stop_id');
    const locationType = Number(r.get('location_type') || 0);
    let lat = Number(r.get('stop_lat'));
    let lon = Number(r.get('stop_lon'));
    if (r.get('stop_lat') === '' || r.get('stop_lon') === '' || !Number.isFinite(lat) || !Number.isFinite(lon)) {
      // Generic nodes and boarding areas may omit coordinates; others are repaired from the parent later.
      if (locationType < 3) warn('stops.txt', r, `stop '${id}' has no valid coordinates`, 'stop_lat');
      lat = Number.NaN;
      lon = Number.NaN;
    }
    stopIndex.set(id, out.stops.length);
    out.stops.push({
      id,
      code: r.get('stop_code'),
      name: r.get('stop_name'),
      lat,
      lon,
      locationType: Number.isFinite(locationType) ? locationType : 0,
      parentId: r.get('parent_station'),
      wheelchair: Number(r.get('wheelchair_boarding') || 0) || 0,
      platformCode: r.get('platform_code'),
      zoneId: r.get('zone_id'),
    });
  });
  for (const s of out.stops) {
    if (s.parentId && !stopIndex.has(s.parentId)) {
      warn('stops.txt', 0, `stop '${s.id}' names unknown parent_station '${s.parentId}'`, 'parent_station');
      s.parentId = '';
    }
    if (Number.isNaN(s.lat) && s.parentId) {
      const parent = out.stops[stopIndex.get(s.parentId) ?? -1];
      if (parent) ({ lat: s.lat, lon: s.lon } = parent);
    }
  }
}
