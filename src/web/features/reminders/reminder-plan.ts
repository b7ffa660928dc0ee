/** Which reminders a journey gets: one per leg, a few minutes before its time to leave (London clock). */
import type { Journey, Leg } from '../../../contract/journey';
import { wallClockLabel } from '../../lib/day-label';
import type { Reminder } from '../../lib/reminders';
import { instantOf, parseIsoLocal, wallClockAt } from '../../../vocabulary/time';

/** The reminder comes this long before the time to leave: time to put a coat on. */
export const REMIND_MINUTES_BEFORE = 10;

export function journeyReminders(journey: Journey, url: string, now: number): Reminder[] {
  const legs: Array<['depart' | 'return', Leg, string]> = [['depart', journey.depart, journey.destination.label]];
  if (journey.return) legs.push(['return', journey.return, journey.origin.label]);
  return legs.flatMap(([kind, leg, to]) => {
    const wall = parseIsoLocal(`${leg.departure_date}T${leg.departure_at}`);
    if (!wall) return [];
    const at = instantOf(wall) - REMIND_MINUTES_BEFORE * 60_000;
    if (at <= now) return [];
    const first = leg.steps[0];
    return [
      {
        id: `${journey.id}:${kind}`,
        at,
        title: `Leave at ${leg.departure_at} for ${to.split(',')[0]}`,
        body: first ? `${first.departure_time} ${first.description}` : `Arrive ${leg.arrival_at}`,
        url,
        shown: false,
      },
    ];
  });
}

/** '08:39 on Mon 30 Nov' (London). */
export const reminderTimeText = (at: number): string => wallClockLabel(wallClockAt(at));
