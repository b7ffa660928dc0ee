/**
 * Taxi door to door: the car route, the origin council's published fare scale (estimate, VAT
 * inclusive by nature; unknown where the scale is incomplete or the area has none), and the
 * origin area's taxi operators from region data for 'Find local taxi operators'.
 */
import { priceTaxi } from '../costs/taxi';
import { councilAt } from '../geo/council-areas';
import { formatLocalDateTime } from '../query/local-time';
import type { LegDraft } from '../journey/parts';
import { directStart, streetPart, streetRoute, type ModeContext } from './context';

export function planTaxi(ctx: ModeContext): LegDraft[] {
  if (ctx.blocked.has('taxi')) return [];
  const r = streetRoute(ctx, ctx.from, ctx.to, 'car');
  if (!r) return [];
  const start = directStart(ctx, r.duration);
  const quote = priceTaxi({
    distanceM: r.distance, durationS: r.duration, departure: formatLocalDateTime(ctx.date, start).slice(0, 16),
    council: councilAt(ctx.region.costs.councilAreas, ctx.from.lat, ctx.from.lng),
  }, ctx.region.costs.taxis);
  const part = streetPart(r, 'taxi', ctx.from, ctx.to, start, start + r.duration, `Taxi to ${ctx.to.name}`);
  const caveats = quote.caveats.length ? ` (${quote.caveats.join('; ')})` : '';
  part.price = { cost: quote.cost, line: { ...quote.line, description: quote.line.description + caveats } };
  part.emission = { mode: 'taxi' };
  return [{ mode: 'taxi', date: ctx.date, changes: 0, taxis: quote.operators, parts: [part] }];
}
