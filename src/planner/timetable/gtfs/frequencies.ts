/**
 * frequencies.txt (optional) -> RawFeed.frequencies, after trips. Besides the GTFS columns, an optional
 * last_departure_time (not in the GTFS reference) gives an exact_times=0 row's last departure where the
 * source knows it: the route-pattern import (uk/route-patterns.ts) writes it.
 */
import { parseGtfsTime } from '../gtfs-time';
import { readTable } from '../table-reader';
import type { FeedContext } from './feed-context';

export async function readFrequencies(ctx: FeedContext): Promise<void> {
  if (!ctx.present.has('frequencies.txt')) return;
  const { out, tripIndex, warn } = ctx;
  await readTable(
    ctx.source,
    'frequencies.txt',
    ['trip_id', 'start_time', 'end_time', 'headway_secs'],
    ctx.report,
    (r) => {
      const trip = tripIndex.get(r.get('trip_id'));
      if (trip === undefined)
        return warn('frequencies.txt', r, `unknown trip_id '${r.get('trip_id')}'; skipped`, 'trip_id');
      const start = parseGtfsTime(r.get('start_time'));
      const end = parseGtfsTime(r.get('end_time'));
      const headway = Number(r.get('headway_secs'));
      if (!(start >= 0) || !(end >= start) || !(headway > 0))
        return warn('frequencies.txt', r, 'invalid start_time, end_time or headway_secs; skipped');
      const exactTimes = r.get('exact_times') === '1';
      const lastText = r.get('last_departure_time');
      if (!exactTimes && lastText) {
        const last = parseGtfsTime(lastText);
        if (!(last >= start && last <= end))
          return warn(
            'frequencies.txt',
            r,
            'last_departure_time must lie between start_time and end_time; skipped',
            'last_departure_time',
          );
        return void out.frequencies.push({ trip, start, end, headway, exactTimes, last });
      }
      out.frequencies.push({ trip, start, end, headway, exactTimes });
    },
  );
}
