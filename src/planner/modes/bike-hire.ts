/**
 * Bike hire: walk to a dock near the origin, ride to a dock near the destination, walk on. Only
 * the region's current schemes (bikeHire.schemes) with a tariff and located stations are planned;
 * Tayside lists none, so it yields nothing there.
 */
import { priceBikeHire } from '../costs/bike-hire';
import { distance, type LatLng } from '../geo/geo';
import type { LegDraft, NamedPoint } from '../journey/parts';
import { streetPart, streetRoute, walkPart, type ModeContext } from './context';

export const MAX_DOCK_METRES = 800;

function nearest(stations: NamedPoint[], p: LatLng): NamedPoint | undefined {
  return stations.filter((s) => distance(s, p) <= MAX_DOCK_METRES).sort((a, b) => distance(a, p) - distance(b, p))[0];
}

export function planBikeHire(ctx: ModeContext): LegDraft[] {
  if (ctx.blocked.has('bike-hire') || ctx.arriveBy) return [];
  const out: LegDraft[] = [];
  for (const scheme of ctx.region.costs.bikeHire.schemes) {
    if (!scheme.tariff) continue;
    const stations = scheme.stations.flatMap((s) =>
      s.lat !== null && s.lng !== null ? [{ name: `${scheme.scheme}: ${s.name}`, lat: s.lat, lng: s.lng }] : [],
    );
    const a = nearest(stations, ctx.from);
    const b = nearest(stations, ctx.to);
    if (!a || !b || a === b) continue;
    const w1 = walkPart(ctx, ctx.from, a, ctx.time, null);
    const r = streetRoute(ctx, a, b, 'cycle');
    if (!r) continue;
    const ride = streetPart(
      r,
      'bike-hire',
      a,
      b,
      w1.end,
      w1.end + r.duration,
      `Ride a ${scheme.scheme} bike to ${b.name}`,
    );
    const price = priceBikeHire(scheme.tariff, r.duration, scheme.scheme);
    ride.price = { cost: price.cost, line: price.line };
    ride.emission = { mode: 'bike-hire' };
    const w2 = walkPart(ctx, b, ctx.to, ride.end, null);
    out.push({ mode: 'bike-hire', date: ctx.date, changes: 0, taxis: [], parts: [w1, ride, w2] });
  }
  return out;
}
