/**
 * Walking door to door, when the straight line is at most about 5 km and the walk at most 90
 * minutes (hills slow it): walking has no emissions, so in the SPEC's emissions order it comes
 * first, and a longer walk should not head the list.
 */
import { distance } from '../geo/geo';
import type { LegDraft } from '../journey/parts';
import { directStart, streetPart, streetRoute, type ModeContext } from './context';

export const MAX_WALK_METRES = 5000;
export const MAX_WALK_SECONDS = 90 * 60;

export function planWalk(ctx: ModeContext): LegDraft[] {
  if (ctx.blocked.has('walk') || distance(ctx.from, ctx.to) > MAX_WALK_METRES) return [];
  const r = streetRoute(ctx, ctx.from, ctx.to, 'walk');
  if (!r || r.distance > MAX_WALK_METRES * 1.5 || r.duration > MAX_WALK_SECONDS) return [];
  const start = directStart(ctx, r.duration);
  return [
    {
      mode: 'walk',
      date: ctx.date,
      changes: 0,
      taxis: [],
      parts: [streetPart(r, 'walk', ctx.from, ctx.to, start, start + r.duration, `Walk to ${ctx.to.name}`)],
    },
  ];
}
