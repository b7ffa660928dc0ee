/** What every mode module is given, and the street-leg helper they share. */
import type { TravellerProfile } from '../costs/concessions';
import type { LatLng } from '../geo/geo';
import { estimateRoute } from '../street/estimate';
import type { Profile } from '../street/profiles';
import type { StreetRoute } from '../street/types';
import type { LegDraft, NamedPoint, Part } from '../journey/parts';
import type { Region } from '../region/region';
import type { TravelType } from '../journey/types';

export interface ModeContext {
  region: Region;
  from: NamedPoint;
  to: NamedPoint;
  /** Service date (days since epoch) and seconds since its midnight. */
  date: number;
  time: number;
  /** time is the latest arrival rather than the earliest departure. */
  arriveBy: boolean;
  /** The way back of a return journey (from is the destination, to the origin). */
  returning: boolean;
  traveller: TravellerProfile;
  hasCar: boolean;
  blocked: ReadonlySet<TravelType>;
  /** The clock for booking notice (demand-responsive rides); the real clock when absent. */
  now?: Date;
  /** Cache of street routes for this request (key: profile and both points). */
  routes: Map<string, StreetRoute | null>;
}

export type ModePlanner = (ctx: ModeContext) => LegDraft[];

/** A street route by the graph, else a flagged straight-line estimate; null when the mode cannot make the trip. */
export function streetRoute(ctx: ModeContext, a: LatLng, b: LatLng, profile: Profile): StreetRoute | null {
  const key = `${profile}|${a.lat},${a.lng}|${b.lat},${b.lng}`;
  if (ctx.routes.has(key)) return ctx.routes.get(key) ?? null;
  const r = ctx.region.street.route(a, b, profile);
  ctx.routes.set(key, r);
  return r;
}

/** A walking part between two points; when no walking route exists on the graph, the straight-line estimate. */
export function walkPart(ctx: ModeContext, from: NamedPoint, to: NamedPoint, start: number, end: number | null): Part {
  const r = streetRoute(ctx, from, to, 'walk') ?? estimateRoute(from, to, 'walk', ctx.region.street.elevation);
  return streetPart(r, 'walk', from, to, start, end ?? start + r.duration, `Walk to ${to.name}`);
}

export function streetPart(
  r: StreetRoute,
  type: TravelType,
  from: NamedPoint,
  to: NamedPoint,
  start: number,
  end: number,
  description: string,
): Part {
  return {
    type,
    start,
    end,
    from,
    to,
    distance: r.distance,
    points: r.points,
    polyline: r.geometry,
    directions: r.directions,
    elevationHighest: r.elevationHighest,
    elevationLowest: r.elevationLowest,
    estimated: r.estimated,
    description: r.estimated
      ? `${description} (estimated from the straight-line distance; no street map for this area)`
      : description,
    emission: null,
    key: type,
  };
}

/** Departure of a direct trip of `duration` seconds: at the asked time, or so as to arrive by it. */
export function directStart(ctx: ModeContext, duration: number): number {
  return ctx.arriveBy ? ctx.time - duration : ctx.time;
}
