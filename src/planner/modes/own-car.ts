/** Own car (only with car access): drive time and distance, cost at the region's per-mile rate (HMRC 45p). */
import { priceOwnCar } from '../costs/car';
import type { LegDraft } from '../journey/parts';
import { directStart, streetPart, streetRoute, type ModeContext } from './context';

export function planOwnCar(ctx: ModeContext): LegDraft[] {
  if (!ctx.hasCar || ctx.blocked.has('own-car')) return [];
  const r = streetRoute(ctx, ctx.from, ctx.to, 'car');
  if (!r) return [];
  const start = directStart(ctx, r.duration);
  const part = streetPart(r, 'own-car', ctx.from, ctx.to, start, start + r.duration, `Drive to ${ctx.to.name}`);
  const price = priceOwnCar(r.distance, ctx.region.carPencePerMile);
  part.price = { cost: price.pence, line: price.line };
  part.emission = { mode: 'car' };
  return [{ mode: 'own-car', date: ctx.date, changes: 0, taxis: [], parts: [part] }];
}
