/**
 * Own car (only with car access): drive time and distance, cost at the region's per-mile rate
 * (HMRC 45p in a GBP region); unknown where the region has no rate (the HMRC rate is a UK one).
 */
import { priceOwnCar } from '../costs/car';
import type { StreetRoute } from '../street/types';
import type { LegDraft, NamedPoint, Part } from '../journey/parts';
import { directStart, streetPart, streetRoute, type ModeContext } from './context';

/** A driving part along `r` leaving at `start`, priced at the region's per-mile rate. */
export function ownCarPart(
  ctx: ModeContext,
  r: StreetRoute,
  from: NamedPoint,
  to: NamedPoint,
  start: number,
  description: string,
): Part {
  const part = streetPart(r, 'own-car', from, to, start, start + r.duration, description);
  const rate = ctx.region.carPencePerMile;
  if (rate === null) {
    part.price = {
      cost: 'unknown',
      line: {
        description: `Own car: no per-mile running cost for the ${ctx.region.name} region in our data (the HMRC 45p a mile is a UK rate)`,
        cost: 'unknown',
        estimated: true,
      },
    };
  } else {
    const price = priceOwnCar(r.distance, rate);
    part.price = { cost: price.pence, line: price.line };
  }
  part.emission = { mode: 'car' };
  return part;
}

export function planOwnCar(ctx: ModeContext): LegDraft[] {
  if (!ctx.hasCar || ctx.blocked.has('own-car')) return [];
  const r = streetRoute(ctx, ctx.from, ctx.to, 'car');
  if (!r) return [];
  const part = ownCarPart(ctx, r, ctx.from, ctx.to, directStart(ctx, r.duration), `Drive to ${ctx.to.name}`);
  return [{ mode: 'own-car', date: ctx.date, changes: 0, taxis: [], parts: [part] }];
}
