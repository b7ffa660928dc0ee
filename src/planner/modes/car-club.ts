/**
 * Car club: walk to a bay near the origin, drive to the destination, priced per 15 minutes plus per
 * mile with the daily cap (costs/car-club). The clubs in our data are round-trip clubs: the car
 * goes back to its bay, so the hire lasts until it is back.
 *  - One way: the price includes driving the car back to its bay (time and miles); the time the
 *    traveller spends at the destination comes on top, and the breakdown says so.
 *  - With a return: the way back drives from the destination to the same bay and walks home; the
 *    outbound drive carries the price of the whole hire, from taking the car to bringing it back
 *    (pairCarClubHire), and the return drive says it is part of that hire.
 * Only clubs whose region data gives a current tariff and a located bay are planned, so a region
 * without them (Tayside: no club has a published tariff) yields nothing.
 */
import { priceCarClub } from '../costs/car-club';
import type { CarClubData } from '../costs/region-data';
import { distance, type LatLng } from '../geo/geo';
import type { LegDraft, NamedPoint, Part } from '../journey/parts';
import { streetPart, streetRoute, walkPart, type ModeContext } from './context';

export const MAX_BAY_METRES = 1000;

type Club = CarClubData['clubs'][number];

/** The nearest located bay within MAX_BAY_METRES of a point, among clubs with a tariff. */
function nearestBay(clubs: readonly Club[], p: LatLng): { club: Club; bay: NamedPoint } | null {
  let best: { club: Club; bay: NamedPoint; d: number } | null = null;
  for (const club of clubs) {
    if (!club.tariff) continue;
    for (const b of club.bays) {
      if (b.lat === null || b.lng === null) continue;
      const bay = { name: `${club.provider} bay: ${b.description}`, lat: b.lat, lng: b.lng };
      const d = distance(bay, p);
      if (d <= MAX_BAY_METRES && (!best || d < best.d)) best = { club, bay, d };
    }
  }
  return best;
}

export function planCarClub(ctx: ModeContext): LegDraft[] {
  if (ctx.blocked.has('car-club') || ctx.arriveBy) return [];
  // The bay is near where the trip starts: the origin, which on the way back is ctx.to.
  const found = nearestBay(ctx.region.costs.carClubs.clubs, ctx.returning ? ctx.to : ctx.from);
  if (!found) return [];
  const { club, bay } = found;
  const tariff = club.tariff!;
  const link = { provider: club.provider, promo_link: club.promo_link };
  if (!ctx.returning) {
    const walk = walkPart(ctx, ctx.from, bay, ctx.time, null);
    const r = streetRoute(ctx, bay, ctx.to, 'car');
    const home = streetRoute(ctx, ctx.to, bay, 'car');
    if (!r || !home) return [];
    const drive = streetPart(
      r,
      'car-club',
      bay,
      ctx.to,
      walk.end,
      walk.end + r.duration,
      `Drive a ${club.provider} car to ${ctx.to.name}; it goes back to its bay after`,
    );
    const price = priceCarClub(tariff, r.duration + home.duration, r.distance + home.distance, club.provider);
    const line = {
      ...price.line,
      description: `${price.line.description} (includes driving the car back to its bay: ${Math.round(home.duration / 60)} min; the time it waits at your destination is charged too)`,
    };
    drive.price = { cost: price.cost, line };
    drive.emission = { mode: 'car-club', fuel: club.fuel };
    drive.carClub = link;
    return [{ mode: 'car-club', date: ctx.date, changes: 0, taxis: [], parts: [walk, drive] }];
  }
  const r = streetRoute(ctx, ctx.from, bay, 'car');
  if (!r) return [];
  const drive = streetPart(
    r,
    'car-club',
    ctx.from,
    bay,
    ctx.time,
    ctx.time + r.duration,
    `Drive the ${club.provider} car back to its bay (part of the same hire)`,
  );
  drive.emission = { mode: 'car-club', fuel: club.fuel };
  drive.carClub = link;
  const walk = walkPart(ctx, bay, ctx.to, drive.end, null);
  return [{ mode: 'car-club', date: ctx.date, changes: 0, taxis: [], parts: [drive, walk] }];
}

const drivePart = (d: LegDraft): Part | undefined => d.parts.find((p) => p.type === 'car-club');

/** With a return: the outbound drive carries the whole hire, from taking the car to bringing it back. */
export function pairCarClubHire(region: ModeContext['region'], out: LegDraft, back: LegDraft): void {
  const a = drivePart(out);
  const b = drivePart(back);
  const club = region.costs.carClubs.clubs.find((c) => c.provider === a?.carClub?.provider && c.tariff);
  if (!a || !b || !club?.tariff) return;
  const hire = (back.date - out.date) * 86_400 + b.end - a.start;
  const price = priceCarClub(club.tariff, hire, a.distance + b.distance, club.provider);
  a.price = {
    cost: price.cost,
    line: {
      ...price.line,
      description: `${price.line.description} (the whole hire: there, waiting at your destination, and back to the bay)`,
    },
  };
  b.price = {
    cost: 0,
    line: {
      description: `${club.provider}: driving back to the bay is part of the hire priced above`,
      cost: 0,
      estimated: true,
    },
  };
}
