/**
 * The print view's list (SPEC section 4): the timeline turned into print items of four kinds.
 *   step      a step card with its directions open (the first `offset` of them)
 *   collapse  the rest of a step's directions past `offset`: a count and 'Show instructions'
 *   custom    the print's own end cards: 'Attend appointment (1 hour)' and 'Return home'
 *   hidden    a timeline entry that is not a step ('Arrive at the destination'): skipped
 * An offset of 1000 shows every direction of every step, which is what the print view uses.
 */
import type { Direction, Journey, Step } from '../../../../contract/journey';
import { deadlineHeadline, sentence } from '../booking-format';
import { addMinutes, timelineEntries } from '../details-format';

export const PRINT_OFFSET = 1000;
/** SPEC section 9: the print end card assumes a 1-hour appointment. */
export const PRINT_APPOINTMENT_MINUTES = 60;

export type PrintItem =
  | { kind: 'step'; leg: 'depart' | 'return'; index: number; step: Step; directions: Direction[] }
  | { kind: 'collapse'; leg: 'depart' | 'return'; index: number; directions: Direction[] }
  | { kind: 'custom'; card: 'book' | 'appointment' | 'home'; time: string; title: string; detail: string }
  | { kind: 'hidden'; reason: string };

export function printItems(journey: Journey, options: { appointment: boolean; offset?: number }): PrintItem[] {
  const offset = options.offset ?? PRINT_OFFSET;
  const items: PrintItem[] = [];
  for (const entry of timelineEntries(journey, {
    appointment: options.appointment,
    appointmentMinutes: PRINT_APPOINTMENT_MINUTES,
  })) {
    switch (entry.kind) {
      case 'book': {
        const { booking } = entry;
        const contact = [booking.phone ? `call ${booking.phone}` : '', booking.website ?? '']
          .filter(Boolean)
          .join(' or ');
        items.push({
          kind: 'custom',
          card: 'book',
          time: booking.deadline?.time ?? '',
          title: `Book your ${entry.leg === 'return' ? 'return' : 'outbound'} ride: ${booking.service}`,
          detail: `${deadlineHeadline(booking)}. ${sentence(booking.notice)}.${contact ? ` To book: ${contact}.` : ''}`,
        });
        break;
      }
      case 'step': {
        const { leg, index, step } = entry;
        items.push({ kind: 'step', leg, index, step, directions: step.directions.slice(0, offset) });
        if (step.directions.length > offset)
          items.push({ kind: 'collapse', leg, index, directions: step.directions.slice(offset) });
        break;
      }
      case 'appointment':
        items.push({
          kind: 'custom',
          card: 'appointment',
          time: entry.from,
          title: 'Attend appointment (1 hour)',
          detail: `Until ${addMinutes(entry.from, PRINT_APPOINTMENT_MINUTES)}`,
        });
        break;
      case 'home':
        items.push({ kind: 'custom', card: 'home', time: entry.time, title: 'Return home', detail: entry.place });
        break;
      case 'arrive':
        items.push({ kind: 'hidden', reason: 'Arrive at the destination' });
        break;
    }
  }
  return items;
}

/** What the page renders: every item but the hidden ones. */
export const visiblePrintItems = (items: PrintItem[]) => items.filter((item) => item.kind !== 'hidden');
