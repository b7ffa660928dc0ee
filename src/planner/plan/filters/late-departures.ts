/**
 * Late departures: a public transport option leaving hours after the time asked (arriving hours
 * before an arrive-by time) is removed when another public transport option open to everyone is
 * near that time; when none is, the late ones stay and are tagged 'later-option' so a screen can
 * group them as later options (their leg's time_gap says how much later).
 */
import { LATER_OPTION_TAG } from '../../../vocabulary/results';
import type { JourneyFigures } from '../../journey/assemble';
import type { FilterContext, JourneyRule } from './types';
import { isDirect, legEnd, legStart, minutesText } from './clock';

/** Seconds after the time asked from which an option is late (README.md). */
export const LATE_S = 2 * 3600;
/** Seconds from the time asked within which an option counts as near it. */
export const NEAR_S = 3600;
export const LATER_TAG = LATER_OPTION_TAG;

/** How far from the time asked the option is: leaving after it, or arriving before an arrive-by time. */
export function lateness(f: JourneyFigures, ctx: FilterContext): number {
  return ctx.arriveBy ? ctx.asked - legEnd(f.journey.depart) : legStart(f.journey.depart) - ctx.asked;
}

export const lateDepartures: JourneyRule = {
  name: 'late-departure',
  remove(options, ctx) {
    const out = new Map<JourneyFigures, string>();
    const transit = options.filter((f) => !isDirect(f.journey));
    const near = transit.find((f) => !f.journey.eligibility && lateness(f, ctx) <= NEAR_S);
    for (const f of transit) {
      const late = lateness(f, ctx);
      if (late <= LATE_S) continue;
      if (near)
        out.set(
          f,
          `${ctx.arriveBy ? 'arrives' : 'leaves'} ${minutesText(late)} ${ctx.arriveBy ? 'before' : 'after'} the time asked, and ${near.journey.depart.departure_at} is near it`,
        );
      else if (!f.journey.tags.includes(LATER_TAG)) f.journey.tags.push(LATER_TAG);
    }
    return out;
  },
};
