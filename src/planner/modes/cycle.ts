/** Cycling door to door (own bike), when the straight line is at most about 20 km and the ride at most 2 hours. */
import { distance } from '../geo/geo';
import type { LegDraft } from '../journey/parts';
import { directStart, streetPart, streetRoute, type ModeContext } from './context';

export const MAX_CYCLE_METRES = 20_000;
export const MAX_CYCLE_SECONDS = 2 * 3600;

export function planCycle(ctx: ModeContext): LegDraft[] {
  if (ctx.blocked.has('cycle') || distance(ctx.from, ctx.to) > MAX_CYCLE_METRES) return [];
  const r = streetRoute(ctx, ctx.from, ctx.to, 'cycle');
  if (!r || r.duration > MAX_CYCLE_SECONDS) return [];
  const start = directStart(ctx, r.duration);
  const part = streetPart(r, 'cycle', ctx.from, ctx.to, start, start + r.duration, `Cycle to ${ctx.to.name}`);
  part.emission = { mode: 'cycle' };
  return [{ mode: 'cycle', date: ctx.date, changes: 0, taxis: [], parts: [part] }];
}
