/**
 * Taxi door to door: the car route, the origin council's published fare scale (estimate, VAT
 * inclusive by nature; unknown where the scale is incomplete or the area has none), and the
 * origin area's taxi operators from region data for 'Find local taxi operators'.
 */
import { priceTaxi } from '../costs/taxi';
import { councilAt } from '../geo/council-areas';
import { localDateTime } from '../common/local-time';
import type { StreetRoute } from '../street/types';
import type { LegDraft, NamedPoint, Part } from '../journey/parts';
import type { Taxi } from '../journey/types';
import { directStart, streetPart, streetRoute, type ModeContext } from './context';
import { taxiRanksNear } from '../places/taxi-ranks';

/** A priced taxi part along `r` leaving at `start`, and the operators of the council it starts in (meters use its tariff). */
export function taxiPart(
  ctx: ModeContext,
  r: StreetRoute,
  from: NamedPoint,
  to: NamedPoint,
  start: number,
  description: string,
): { part: Part; operators: Taxi[] } {
  const quote = priceTaxi(
    {
      distanceM: r.distance,
      durationS: r.duration,
      departure: localDateTime(ctx.date, start),
      council: councilAt(ctx.region.costs.councilAreas, from.lat, from.lng),
    },
    ctx.region.costs.taxis,
  );
  const part = streetPart(r, 'taxi', from, to, start, start + r.duration, description);
  const caveats = quote.caveats.length ? ` (${quote.caveats.join('; ')})` : '';
  part.price = { cost: quote.cost, line: { ...quote.line, description: quote.line.description + caveats } };
  part.emission = { mode: 'taxi' };
  return { part, operators: quote.operators };
}

export function planTaxi(ctx: ModeContext): LegDraft[] {
  if (ctx.blocked.has('taxi')) return [];
  const r = streetRoute(ctx, ctx.from, ctx.to, 'car');
  if (!r) return [];
  const { part, operators } = taxiPart(
    ctx,
    r,
    ctx.from,
    ctx.to,
    directStart(ctx, r.duration),
    `Taxi to ${ctx.to.name}`,
  );
  return [
    {
      mode: 'taxi',
      date: ctx.date,
      changes: 0,
      taxis: operators,
      taxiRanks: taxiRanksNear(ctx.region.places, ctx.from.lat, ctx.from.lng),
      parts: [part],
    },
  ];
}
