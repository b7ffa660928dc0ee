/**
 * Detours: an option whose steps add up to far more than the direct distance, or that heads away
 * from the destination to board (or rides past it and comes back), is removed when an option that
 * does neither is in the set. Thresholds measured on the sanity searches: README.md.
 */
import { distance, type LatLng } from '../../geo/geo';
import type { JourneyFigures } from '../../journey/assemble';
import type { Leg } from '../../journey/types';
import type { FilterContext, JourneyRule } from './types';
import { legsOf } from './clock';

/** Beyond this direct distance (metres) the ratio below applies; nearer, roads and paths wind too much to judge. */
export const DETOUR_FROM_M = 3000;
/** Steps may add up to this many times the direct distance. */
export const DETOUR_RATIO = 2;
/** Boarding this much farther from the destination than the origin is (metres, or this share of the direct distance if more) is heading away. */
export const AWAY_MIN_M = 2000;
export const AWAY_SHARE = 0.25;

const PUBLIC = new Set(['train', 'bus', 'coach', 'tram', 'subway', 'ferry', 'drt', 'community']);

/** Why a leg from `from` to `to` is a detour, or null. */
function legDetour(l: Leg, from: LatLng, to: LatLng, direct: number): string | null {
  if (direct > DETOUR_FROM_M) {
    const travelled = l.steps.reduce((s, x) => s + x.distance.value, 0);
    if (travelled > DETOUR_RATIO * direct)
      return `${(travelled / 1000).toFixed(1)} km of travel for ${(direct / 1000).toFixed(1)} km (more than ${DETOUR_RATIO}x)`;
  }
  const rides = l.steps.filter((s) => PUBLIC.has(s.type));
  const first = rides[0];
  const last = rides[rides.length - 1];
  if (!first || !last) return null;
  const margin = Math.max(AWAY_MIN_M, AWAY_SHARE * direct);
  const board = distance(first.start_location, to);
  if (board > direct + margin)
    return `boards ${(board / 1000).toFixed(1)} km from the destination, ${((board - direct) / 1000).toFixed(1)} km farther than the start`;
  const alight = distance(from, last.end_location);
  if (alight > direct + margin)
    return `rides ${((alight - direct) / 1000).toFixed(1)} km past the destination and comes back`;
  return null;
}

export function detourOf(f: JourneyFigures, ctx: FilterContext): string | null {
  const [out, back] = legsOf(f.journey);
  return (
    legDetour(out!, ctx.origin, ctx.destination, ctx.directMetres) ??
    (back ? legDetour(back, ctx.destination, ctx.origin, ctx.directMetres) : null)
  );
}

export const detours: JourneyRule = {
  name: 'detour',
  remove(options, ctx) {
    const flagged = new Map<JourneyFigures, string>();
    for (const f of options) {
      const why = detourOf(f, ctx);
      if (why) flagged.set(f, why);
    }
    // Only when a sensible option is left: a detour is better than nothing at all.
    return flagged.size < options.length ? flagged : new Map();
  },
};
