/**
 * Car club: walk to a bay near the origin, drive to the destination; priced per 15 minutes plus
 * per mile (costs/car-club). Only clubs whose region data gives a current tariff and a located bay
 * are planned, so a region without them (Tayside: no club has a published tariff) yields nothing.
 */
import { priceCarClub } from '../costs/car-club';
import { distance } from '../geo/geo';
import type { LegDraft } from '../journey/parts';
import { streetPart, streetRoute, walkPart, type ModeContext } from './context';

export const MAX_BAY_METRES = 1000;

export function planCarClub(ctx: ModeContext): LegDraft[] {
  if (ctx.blocked.has('car-club') || ctx.arriveBy) return [];
  const out: LegDraft[] = [];
  for (const club of ctx.region.costs.carClubs.clubs) {
    if (!club.tariff) continue;
    const bays = club.bays.flatMap((b) => (b.lat !== null && b.lng !== null ? [{ name: `${club.provider} bay: ${b.description}`, lat: b.lat, lng: b.lng }] : []));
    const bay = bays.filter((b) => distance(b, ctx.from) <= MAX_BAY_METRES).sort((a, b) => distance(a, ctx.from) - distance(b, ctx.from))[0];
    if (!bay) continue;
    const walk = walkPart(ctx, ctx.from, bay, ctx.time, null);
    const r = streetRoute(ctx, bay, ctx.to, 'car');
    if (!r) continue;
    const drive = streetPart(r, 'car-club', bay, ctx.to, walk.end, walk.end + r.duration, `Drive a ${club.provider} car to ${ctx.to.name} (the car goes back to its bay)`);
    const price = priceCarClub(club.tariff, r.duration, r.distance, club.provider);
    drive.price = { cost: price.cost, line: price.line };
    drive.emission = { mode: 'car-club', fuel: club.fuel };
    drive.carClub = { provider: club.provider, promo_link: club.promo_link };
    out.push({ mode: 'car-club', date: ctx.date, changes: 0, taxis: [], parts: [walk, drive] });
  }
  return out;
}
