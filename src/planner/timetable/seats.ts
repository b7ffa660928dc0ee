/**
 * Stay-seated links between trips of one vehicle: consecutive trips of a block (block_id) where the
 * next starts at the stop (or station) where the previous ends, no earlier than it arrives; plus
 * transfers.txt type 4 between two trips; minus type 5 ("alight and board again"). A trip may link to
 * several: a block's trips of other services (other days) up to the next of its own service.
 */
import type { RawFeed } from './raw-feed';

export interface TripEnds {
  /** Model trip index per raw trip of the feed (-1: not a single model trip, e.g. frequency-based). */
  modelTrip: Int32Array;
  firstStop: Int32Array;
  lastStop: Int32Array;
  firstDeparture: Int32Array;
  lastArrival: Int32Array;
}

/** Pairs [from, to] of model trip indexes. `sameStation` says whether two stops are one place. */
export function seatLinks(
  feed: RawFeed,
  ends: TripEnds,
  sameStation: (a: number, b: number) => boolean,
): [number, number][] {
  const links = new Map<string, [number, number]>();
  const forbidden = new Set(feed.seatRules.filter((r) => r.type === 5).map((r) => `${r.fromTrip}>${r.toTrip}`));
  const fits = (a: number, b: number) =>
    (ends.modelTrip[a] as number) >= 0 &&
    (ends.modelTrip[b] as number) >= 0 &&
    sameStation(ends.lastStop[a] as number, ends.firstStop[b] as number) &&
    (ends.firstDeparture[b] as number) >= (ends.lastArrival[a] as number);
  const add = (a: number, b: number) => {
    if (!forbidden.has(`${a}>${b}`) && fits(a, b))
      links.set(`${a}>${b}`, [ends.modelTrip[a] as number, ends.modelTrip[b] as number]);
  };
  const blocks = new Map<string, number[]>();
  feed.trips.forEach((t, i) => {
    if (t.blockId && (ends.modelTrip[i] as number) >= 0)
      (blocks.get(t.blockId) ?? (blocks.set(t.blockId, []).get(t.blockId) as number[])).push(i);
  });
  for (const trips of blocks.values()) {
    trips.sort((a, b) => (ends.firstDeparture[a] as number) - (ends.firstDeparture[b] as number));
    trips.forEach((a, i) => {
      for (const b of trips.slice(i + 1)) {
        add(a, b);
        if (feed.trips[b]?.service === feed.trips[a]?.service) break;
      }
    });
  }
  for (const r of feed.seatRules) if (r.type === 4) add(r.fromTrip, r.toTrip);
  return [...links.values()];
}
