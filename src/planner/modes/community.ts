/**
 * Community transport without a timetable (region data drt.json): a 'call to arrange' option with
 * its eligibility. The data gives each service's council areas and its area served as published
 * text, no zones. Most serve named villages inside a council area (Killin, Fintry, Fallin), which
 * we cannot test a point against, so a service is offered only when its published area is a whole
 * council area ("anywhere in Dundee", "the three council areas"), both ends of the trip lie in one
 * of its council areas, it takes individual travellers, it is not a timetabled or route-based bus
 * (whose route we do not have), the time falls in its published hours where they are
 * structured, and our sources give a way to arrange it (a phone number or a website): 'call to
 * arrange' with no number to call is not an option a traveller can take (Easy-On in Dundee: its
 * number is not in our sources). Times are the driving time, flagged estimated.
 */
import { priceCommunityTransport } from '../costs/community-transport';
import type { DrtData } from '../costs/region-data';
import { councilAt } from '../geo/council-areas';
import type { LegDraft } from '../journey/parts';
import { estimateRoute } from '../street/estimate';
import { directStart, streetPart, streetRoute, type ModeContext } from './context';

type Service = DrtData['services'][number];

/** Kinds a traveller arranges by phone or online; community buses run timetables or routes. */
const ARRANGED = new Set<Service['kind']>(['drt', 'door-to-door', 'volunteer-car']);

/** Published area wording that means the whole of the listed council areas. */
const COUNCIL_WIDE = /\banywhere in\b|\bthe (?:\w+ )?council areas?\b/i;

/** Eligibility wording that opens a service to everyone; anything else restricts who may use it. */
const OPEN_TO_ALL = /^\s*(?:anyone|everyone|general public|public|open to all)\b/i;

/** Who may use the service, or undefined when anyone may. */
export function restrictedTo(eligibility: string): string | undefined {
  return eligibility.trim() === '' || OPEN_TO_ALL.test(eligibility) ? undefined : eligibility.trim();
}

const clock = (hhmm: string) => Number(hhmm.slice(0, 2)) * 3600 + Number(hhmm.slice(3, 5)) * 60;

/** Whether the published hours (days 0 = Monday) cover `start`..`end`; true when none are structured. */
function inHours(s: Service, date: number, start: number, end: number): boolean {
  if (s.hours.length === 0) return true;
  const weekday = (date + 3) % 7; // 1970-01-01 was a Thursday
  return s.hours.some((h) => h.days.includes(weekday) && start >= clock(h.from) && end <= clock(h.to));
}

export function planCommunityTransport(ctx: ModeContext): LegDraft[] {
  const areas = ctx.region.costs.councilAreas;
  if (areas.length === 0) return [];
  const fromArea = councilAt(areas, ctx.from.lat, ctx.from.lng);
  const toArea = councilAt(areas, ctx.to.lat, ctx.to.lng);
  if (!fromArea || fromArea !== toArea) return [];
  const out: LegDraft[] = [];
  for (const s of ctx.region.costs.drt.services) {
    const type = s.kind === 'drt' ? 'drt' : 'community-transport';
    if (!s.individuals || !ARRANGED.has(s.kind) || !COUNCIL_WIDE.test(s.area_served)) continue;
    if (!s.booking.phone && !s.booking.url) continue;
    if (!s.council_areas.includes(fromArea) || ctx.blocked.has(type)) continue;
    const r =
      streetRoute(ctx, ctx.from, ctx.to, 'car') ?? estimateRoute(ctx.from, ctx.to, 'car', ctx.region.street.elevation);
    const start = directStart(ctx, r.duration);
    if (!inHours(s, ctx.date, start, start + r.duration)) continue;
    const how = [
      s.booking.phone ? `call ${s.booking.phone}` : '',
      s.booking.url ? `see ${s.booking.url}` : '',
      s.booking.how ?? '',
    ]
      .filter(Boolean)
      .join('; ');
    const description =
      `Call to arrange: ${s.name} (${s.operator}). Area served: ${s.area_served}. Who can use it: ${s.eligibility}.` +
      `${how ? ` How to book: ${how}.` : ' Booking details not in our sources.'}${s.booking.notice ? ` Notice: ${s.booking.notice}.` : ''}` +
      ` Status: ${s.status} (last confirmed ${s.last_confirmed}). Times estimated from the driving time.`;
    const part = streetPart(r, type, ctx.from, ctx.to, start, start + r.duration, description);
    part.description = description;
    part.directions = [];
    part.estimated = true;
    part.emission = { mode: s.kind === 'volunteer-car' ? 'car' : 'drt' };
    part.price = priceCommunityTransport(s, r.distance);
    part.key = `community:${s.name}`;
    part.howTo = {
      name: s.name,
      website: s.booking.url,
      statements: [
        `Area served: ${s.area_served}`,
        `Eligibility: ${s.eligibility}`,
        s.hours_text ?? '',
        s.booking.notice ?? '',
        s.fares_text ?? '',
      ]
        .filter((b) => b !== '')
        .map((body) => ({ body })),
    };
    // The sources give notice as published text, no rule to count a deadline from.
    part.booking = {
      service: s.name,
      phone: s.booking.phone,
      website: s.booking.url,
      how: s.booking.how,
      notice: s.booking.notice ?? 'Booking notice not in our sources: ask when you book.',
      deadline: null,
      opens: null,
    };
    const eligibility = restrictedTo(s.eligibility);
    out.push({
      mode: 'drt',
      date: ctx.date,
      changes: 0,
      taxis: [],
      parts: [part],
      drt: { name: s.name, booking_website: s.booking.url, phone: s.booking.phone },
      ...(eligibility ? { eligibility } : {}),
    });
  }
  return out;
}
