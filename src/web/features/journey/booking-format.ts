/**
 * The booking step of demand-responsive and community transport (issue 31): its wording, the
 * deadline as a traveller reads it, and whether it has passed. Deadlines are wall-clock times of
 * the service (London for every region we serve), compared with London's clock now.
 */
import type { Booking } from '../../../contract/journey';
import { compareWallClocks, parseIsoLocal, wallClockAt, type WallClock } from '../../../vocabulary/time';
import { dayLabel } from '../../lib/day-label';

/** '2026-10-23' -> 'Fri 23 Oct'. */
export const dayText = dayLabel;

const at = (t: { date: string; time: string }): WallClock | null => parseIsoLocal(`${t.date}T${t.time}`);

/** '17:00 on Fri 23 Oct'. */
export const whenText = (t: { date: string; time: string }) => `${t.time} on ${dayText(t.date)}`;

/** Whether London's clock has passed the booking deadline; false when the rules set none. */
export function deadlinePassed(booking: Pick<Booking, 'deadline'>, now: Date = new Date()): boolean {
  const deadline = booking.deadline ? at(booking.deadline) : null;
  return deadline !== null && compareWallClocks(wallClockAt(now.getTime()), deadline) > 0;
}

/** Whether bookings for the ride are not open yet. */
export function opensLater(booking: Pick<Booking, 'opens'>, now: Date = new Date()): boolean {
  const opens = booking.opens ? at(booking.opens) : null;
  return opens !== null && compareWallClocks(wallClockAt(now.getTime()), opens) < 0;
}

/** The card's headline: 'Book by 17:00 on Fri 23 Oct', or what to do without a deadline. */
export function deadlineHeadline(booking: Pick<Booking, 'deadline'>): string {
  return booking.deadline
    ? `Book by ${whenText(booking.deadline)}`
    : "Book before you travel: the service's rules give no deadline we can count";
}

export function passedText(booking: Pick<Booking, 'deadline' | 'service'>): string {
  return `The booking deadline (${booking.deadline ? whenText(booking.deadline) : ''}) has passed: ${booking.service} may not take this ride now. Call them to ask, or choose another option.`;
}

/** A phone number as a tel: link target (digits and a leading +). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** A booking site as a link, only when it is a web address: a feed's text is never a javascript: link. */
export function webHref(website: string | null): string | null {
  if (!website) return null;
  try {
    const url = new URL(website);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The rule in words with a capital: 'Book at least 2 hours and at most 1 day ahead'. */
export const sentence = (text: string) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);
