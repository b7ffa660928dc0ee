/**
 * Public transport with cycle access: cycle from the door to a stop (own bike, left at the stop),
 * ride, walk from the last stop to the destination.
 *
 * When it is offered (the rule, as the SPEC lets a brand block cycling):
 *  - 'cycle' is not among the brand's blocked travel types;
 *  - the region has a street graph (no guessed cycle routes to stops);
 *  - the trip is one way: with a return the bike would wait at the outbound stop and the way back
 *    would have to end there, which is not modelled;
 *  - it saves time: an option is dropped when a walk-access option leaves no earlier and arrives
 *    no later, or when it is not at least 5 minutes quicker than cycling the whole way (with a
 *    bike at hand, a ride that saves nothing is not worth the changes). One search at the asked time (not the 2-hour range of the walking options): the
 *    range search doubled the plan time on Porto Alegre.
 * The options are chosen among themselves (selectCycleAccess) so a traveller without a bike never
 * loses a walking option to one with less walking. Whether the stop has cycle parking is not
 * checked (OSM maps few: 4 amenity=bicycle_parking nodes in the Porto Alegre extract), and taking
 * the bike on board is not planned.
 */
import type { JourneyFigures } from '../journey/assemble';
import type { LegDraft } from '../journey/parts';
import type { Region } from '../region/region';
import { selectAccessOptions } from '../journey/result-set';
import { CYCLE_SPEED } from '../street/profiles';
import type { Snap } from '../street/spatial';
import { estimateRoute } from '../street/estimate';
import { streetPart, streetRoute, type ModeContext } from './context';
import { draftPath, prunePaths, reachStops, transitPaths, type AccessMode } from './transit';

/** Offered only when at least this much quicker than cycling the whole way (seconds; plan/plan.ts). */
export const CYCLE_ACCESS_SAVING = 5 * 60;
/** Cycle to a stop for up to 15 minutes (about 3.7 km at 15 km/h). */
export const CYCLE_ACCESS_BUDGET = 15 * 60;
/** Paths drafted, and options kept, per search. */
const MAX_CYCLE_PATHS = 4;
export const MAX_CYCLE_ACCESS_OPTIONS = 2;

const cycleSnaps = new WeakMap<Region, (Snap | null)[]>();

const CYCLE_ACCESS: AccessMode = {
  profile: 'cycle',
  budgets: [CYCLE_ACCESS_BUDGET],
  speed: CYCLE_SPEED,
  snaps: (region) => {
    let s = cycleSnaps.get(region);
    if (!s) {
      s = region.stopPoints.map((p) => region.street.snap(p, 'cycle'));
      cycleSnaps.set(region, s);
    }
    return s;
  },
};

const span = (d: LegDraft): [number, number] => [
  (d.parts[0]?.start ?? 0) + d.date * 86_400,
  (d.parts[d.parts.length - 1]?.end ?? 0) + d.date * 86_400,
];

/** Cycle-access drafts for a one-way trip; `walkDrafts` are the walk-access ones for the same request. */
export function planCycleTransit(ctx: ModeContext, walkDrafts: readonly LegDraft[]): LegDraft[] {
  if (ctx.blocked.has('cycle') || !ctx.region.street.graph) return [];
  const access = reachStops(ctx.region, ctx.from, false, CYCLE_ACCESS);
  // Cycling times guessed from the straight line (the origin is off the cycle network) are not offered.
  if (access.stops.length === 0 || access.estimated) return [];
  const drafts = prunePaths(transitPaths(ctx, access, 0), MAX_CYCLE_PATHS).flatMap(
    (p) =>
      draftPath(ctx, p, (c, from, to, start, end) => {
        const r = streetRoute(c, from, to, 'cycle') ?? estimateRoute(from, to, 'cycle', c.region.street.elevation);
        const part = streetPart(
          r,
          'cycle',
          from,
          to,
          start,
          end ?? start + r.duration,
          `Cycle to ${to.name} and leave your bike there`,
        );
        part.emission = { mode: 'cycle' };
        return part;
      }) ?? [],
  );
  const walks = walkDrafts.map(span);
  return drafts.filter((d) => {
    const [dep, arr] = span(d);
    return !walks.some(([wd, wa]) => wd >= dep && wa <= arr);
  });
}

/** The kept cycle-access options (dominance among themselves, the quickest few), tagged 'cycle-access'. */
export function selectCycleAccess(candidates: JourneyFigures[]): JourneyFigures[] {
  return selectAccessOptions(candidates, 'cycle-access', MAX_CYCLE_ACCESS_OPTIONS);
}
