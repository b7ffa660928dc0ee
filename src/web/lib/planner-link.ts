/**
 * The prefilled planner link (issue 31): `/?from=...&to=...&time=...` that brands and councils put
 * on their own pages ("Plan your trip to the Beach Ballroom"), and that a journey planned on the
 * device is shared as. Home fills the form from it; the traveller checks and presses Search:
 * a link never starts a search by itself.
 *
 *   from, to      a place name, postcode or stop as typed in the form (looked up like the form's
 *                 suggestions), or coordinates 'lat,lng' (WGS84)
 *   from_name, to_name   optional labels for coordinates
 *   time          leave at, 'YYYY-MM-DDTHH:mm' on the London clock (optional: now)
 *   return        optional return time, same form
 *
 * This module only reads the raw strings (the route's search params) and writes links; the
 * search feature checks them as the form does (features/search/prefill.ts).
 */

/** Longer than any place name or time: a longer value is not one. */
export const MAX_LINK_VALUE = 200;

export interface PlannerLinkParams {
  from?: string;
  to?: string;
  from_name?: string;
  to_name?: string;
  time?: string;
  return?: string;
}

const KEYS = ['from', 'to', 'from_name', 'to_name', 'time', 'return'] as const;

/** The link's parameters as strings (TanStack Router JSON-parses them: numbers come back as text). */
export function parsePlannerLink(raw: Record<string, unknown>): PlannerLinkParams {
  const out: PlannerLinkParams = {};
  for (const key of KEYS) {
    const value = raw[key];
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : undefined;
    if (text !== undefined && text.trim() !== '') out[key] = text.slice(0, MAX_LINK_VALUE + 1);
  }
  return out;
}

export const hasPlannerLink = (p: PlannerLinkParams) => Object.keys(p).length > 0;

const coords = (p: { lat: number; lng: number }) => `${p.lat.toFixed(5)},${p.lng.toFixed(5)}`;

/** A link that opens the planner with this trip filled in (coordinates and their labels, London times). */
export function plannerLink(
  origin: string,
  trip: {
    from: { label: string; lat: number; lng: number };
    to: { label: string; lat: number; lng: number };
    time?: string;
    back?: string;
  },
): string {
  const q = new URLSearchParams();
  q.set('from', coords(trip.from));
  q.set('from_name', trip.from.label);
  q.set('to', coords(trip.to));
  q.set('to_name', trip.to.label);
  if (trip.time) q.set('time', trip.time);
  if (trip.back) q.set('return', trip.back);
  return `${origin}/?${q.toString()}`;
}
