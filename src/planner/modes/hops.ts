/**
 * Short hops walked instead: a ride of a few hundred metres that only links two walks or a walk
 * and another ride (RAPTOR takes it when it beats walking by seconds: the 230 m, one-stop bus in
 * Porto Alegre that caught the connection walking would miss by half a minute, for a second
 * fare). A traveller walks that: the ride and the walks either side become one walk, when it fits
 * between the rides around it (or starts at most a few minutes earlier / ends a few minutes
 * later at the journey's ends) and stays short.
 */
import type { Part } from '../journey/parts';
import { walkPart, type ModeContext } from './context';

/** A ride at most this long (metres) is a hop. */
export const HOP_METRES = 500;
/** The walk replacing a hop takes at most this long (seconds)... */
const HOP_WALK_MAX = 20 * 60;
/** ...and moves the journey's start earlier or its end later by at most this (seconds). */
const HOP_SLACK = 5 * 60;

const isRide = (p: Part | undefined): boolean => !!p?.transit;
const isWalk = (p: Part | undefined): boolean => p?.type === 'walk';

/** The parts with each hop walked where that works; the same array when nothing changes. */
export function walkHops(ctx: ModeContext, parts: Part[]): Part[] {
  for (let i = 0; i < parts.length; i++) {
    const hop = parts[i] as Part;
    if (!isRide(hop) || hop.distance > HOP_METRES || parts.filter(isRide).length < 2) continue;
    const a = isWalk(parts[i - 1]) ? i - 1 : i;
    const b = isWalk(parts[i + 1]) ? i + 1 : i;
    const first = parts[a] as Part;
    const last = parts[b] as Part;
    const before = parts[a - 1];
    const after = parts[b + 1];
    const probe = walkPart(ctx, first.from, last.to, 0, null);
    const walk = probe.end - probe.start;
    if (walk > HOP_WALK_MAX) continue;
    let start: number;
    if (before && after) {
      // Between two rides: the walk must fit between them.
      if (before.end + walk > after.start) continue;
      start = before.end;
    } else if (after) {
      // From the origin: leave a little earlier to be at the next stop in time.
      start = after.start - walk;
      if (start < first.start - HOP_SLACK) continue;
    } else if (before) {
      // To the destination: arrive a little later at most.
      start = before.end;
      if (start + walk > last.end + HOP_SLACK) continue;
    } else continue;
    const replaced = walkPart(ctx, first.from, last.to, start, start + walk);
    return walkHops(ctx, [...parts.slice(0, a), replaced, ...parts.slice(b + 1)]);
  }
  return parts;
}
