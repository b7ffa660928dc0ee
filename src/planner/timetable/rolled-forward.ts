/**
 * Timetables the import rolled forward: an expired feed's calendar moved onto current dates
 * (README, "The planner on the command line"). Labels name the feed's own dates and its main
 * mode, so a 2022-23 rail timetable is never shown as if it were today's.
 */
import { formatDay } from './gtfs-time';
import type { Timetable } from './model';
import { modeOfRouteType, type TransitMode } from './modes';

export interface RolledForwardFeed {
  feed: string;
  /** The mode most of the feed's routes run (a rail feed's replacement buses are still its rail timetable). */
  mode: TransitMode;
  /** The feed's own first and last service days (YYYY-MM-DD). */
  from: string;
  to: string;
}

const modes = new WeakMap<Timetable, Map<string, TransitMode>>();

/** The mode most routes of a feed run (route ids are namespaced `feed:id`; a single unnamed feed is ''). */
export function feedMode(tt: Timetable, feed: string): TransitMode {
  let byFeed = modes.get(tt);
  if (!byFeed) {
    const counts = new Map<string, Map<TransitMode, number>>();
    for (let r = 0; r < tt.routeCount; r++) {
      const id = tt.routeIds[r] as string;
      const name = id.includes(':') ? (id.split(':')[0] as string) : '';
      const mode = modeOfRouteType(tt.routeType[r] as number);
      const c = counts.get(name) ?? new Map<TransitMode, number>();
      c.set(mode, (c.get(mode) ?? 0) + 1);
      counts.set(name, c);
    }
    byFeed = new Map(
      [...counts].map(([name, c]) => [name, [...c].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'other'] as const),
    );
    modes.set(tt, byFeed);
  }
  return byFeed.get(feed) ?? 'other';
}

/** The feed's own dates and main mode when its calendar was rolled forward, else null. */
export function rolledForwardFeed(tt: Timetable, feed: string): RolledForwardFeed | null {
  const info = tt.feeds.length === 1 && feed === '' ? tt.feeds[0] : tt.feeds.find((f) => f.name === feed);
  if (info?.sourceFirstDay === undefined || info.sourceLastDay === undefined) return null;
  return {
    feed: info.name,
    mode: feedMode(tt, feed === '' ? '' : info.name),
    from: formatDay(info.sourceFirstDay),
    to: formatDay(info.sourceLastDay),
  };
}

/** Every rolled-forward feed of a timetable. */
export function rolledForwardFeeds(tt: Timetable): RolledForwardFeed[] {
  return tt.feeds.flatMap((f) => {
    const rolled = rolledForwardFeed(tt, tt.feeds.length === 1 ? '' : f.name);
    return rolled ? [rolled] : [];
  });
}
