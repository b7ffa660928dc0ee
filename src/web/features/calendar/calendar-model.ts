/**
 * A journey as calendar events (issue 31), before any file format: the outbound and the return,
 * each from "time to leave" to arrival, with the steps in the description, where to start as the
 * location, an alarm at the time to leave and, for a ride booked ahead, an alarm before its
 * booking deadline; on the health brand the appointment too. Times are instants (epoch ms) from
 * the journey's London wall clock (vocabulary/time), so the clock changes fall where they should.
 */
import type { Booking, Journey, Leg, Step } from '../../../contract/journey';
import { addMinutes, instantOf, parseIsoLocal, TIME_ZONE } from '../../../vocabulary/time';
import { dayLabel } from '../../lib/day-label';

export interface CalendarAlarm {
  /** Instant the alarm rings. */
  at: number;
  text: string;
}

export interface CalendarEvent {
  /** Stable per journey and part, so importing the file again updates rather than duplicates. */
  uid: string;
  title: string;
  start: number;
  end: number;
  location: { title: string; lat: number; lng: number } | null;
  description: string;
  url: string | null;
  alarms: CalendarAlarm[];
}

/** Book this long before the deadline: time to make the call within office hours. */
export const BOOKING_ALARM_MINUTES = 60;

/** A leg's wall-clock date and time as an instant, on the service's clock (London unless given). */
export function legInstant(date: string, time: string, timeZone: string = TIME_ZONE): number {
  const wall = parseIsoLocal(`${date}T${time}`);
  if (!wall) throw new Error(`not a date and time: ${date} ${time}`);
  return instantOf(wall, timeZone);
}

/** Where the traveller has to be first: the first stop they board at, else where the leg starts. */
function startPlace(leg: Leg, fallback: { label: string; lat: number; lng: number }) {
  const boarding = leg.steps.find((s) => s.transit);
  if (boarding?.transit)
    return {
      title: boarding.transit.from_stop.name,
      lat: boarding.start_location.lat,
      lng: boarding.start_location.lng,
    };
  return { title: fallback.label, lat: fallback.lat, lng: fallback.lng };
}

function stepLine(step: Step): string {
  // Public transport steps name their stops already ('board at ..., get off at ...').
  const stops =
    step.transit && !step.description.includes(step.transit.from_stop.name)
      ? ` (${step.transit.from_stop.name} to ${step.transit.to_stop.name})`
      : '';
  return `${step.departure_time}-${step.arrival_time} ${step.description}${stops}`;
}

function bookingLine(b: Booking): string {
  const how = [b.phone ? `call ${b.phone}` : '', b.website ? `book at ${b.website}` : ''].filter(Boolean).join(' or ');
  const by = b.deadline ? `by ${b.deadline.time} on ${dayLabel(b.deadline.date)}` : 'before you travel';
  return `Book ${b.service} ${by}${how ? ` (${how})` : ''}: ${b.notice}.`;
}

function legEvent(
  journey: Journey,
  kind: 'depart' | 'return',
  options: { url: string | null; uidBase: string; timeZone: string },
): CalendarEvent | null {
  const leg = kind === 'depart' ? journey.depart : journey.return;
  if (!leg) return null;
  const [from, to] = kind === 'depart' ? [journey.origin, journey.destination] : [journey.destination, journey.origin];
  const start = legInstant(leg.departure_date, leg.departure_at, options.timeZone);
  const end = legInstant(leg.arrival_date, leg.arrival_at, options.timeZone);
  const bookings = leg.bookings ?? [];
  const lines = [
    ...bookings.map(bookingLine),
    `Leave ${from.label} at ${leg.departure_at}, arrive ${to.label} at ${leg.arrival_at} (${leg.duration.text}).`,
    '',
    ...leg.steps.map(stepLine),
  ];
  if (options.url) lines.push('', `Journey details: ${options.url}`);
  const alarms: CalendarAlarm[] = [{ at: start, text: `Time to leave for ${to.label}` }];
  for (const b of bookings) {
    if (!b.deadline) continue;
    const deadline = legInstant(b.deadline.date, b.deadline.time, options.timeZone);
    alarms.push({ at: deadline - BOOKING_ALARM_MINUTES * 60_000, text: `Book ${b.service} by ${b.deadline.time}` });
  }
  return {
    uid: `${options.uidBase.replace('@', `-${kind}@`)}`,
    title: `${kind === 'depart' ? 'Travel' : 'Return'} to ${to.label}`,
    start,
    end: Math.max(end, start),
    location: startPlace(leg, from),
    description: lines.join('\n'),
    url: options.url,
    alarms,
  };
}

export interface CalendarOptions {
  /** The journey's link for anyone (the share link), or null. */
  url: string | null;
  /** The health brand's appointment length in minutes (it starts on arrival), or null for none. */
  appointmentMinutes: number | null;
  /** The site the events come from, for their UIDs. */
  host: string;
  timeZone?: string;
}

/** The journey's events in time order: outbound, the appointment (health brand), return. */
export function journeyEvents(journey: Journey, options: CalendarOptions): CalendarEvent[] {
  const timeZone = options.timeZone ?? TIME_ZONE;
  const uidBase = `${journey.id}@${options.host}`;
  const events: CalendarEvent[] = [];
  const out = legEvent(journey, 'depart', { url: options.url, uidBase, timeZone });
  if (out) events.push(out);
  if (options.appointmentMinutes !== null) {
    const arrival = parseIsoLocal(`${journey.depart.arrival_date}T${journey.depart.arrival_at}`);
    if (arrival) {
      const start = instantOf(arrival, timeZone);
      events.push({
        uid: uidBase.replace('@', '-appointment@'),
        title: `Appointment at ${journey.destination.label}`,
        start,
        end: instantOf(addMinutes(arrival, options.appointmentMinutes), timeZone),
        location: { title: journey.destination.label, lat: journey.destination.lat, lng: journey.destination.lng },
        description: `Your appointment (${options.appointmentMinutes} minutes as planned).${journey.return ? ` Your way home leaves at ${journey.return.departure_at}.` : ''}`,
        url: options.url,
        alarms: [],
      });
    }
  }
  const back = legEvent(journey, 'return', { url: options.url, uidBase, timeZone });
  if (back) events.push(back);
  return events;
}

/** 'journey-dundee-to-perth-2026-11-30.ics': a file name a phone shows sensibly. */
export function calendarFileName(journey: Journey): string {
  const slug = (text: string) =>
    text
      .split(',')[0]!
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 30) || 'place';
  return `journey-${slug(journey.origin.label)}-to-${slug(journey.destination.label)}-${journey.depart.departure_date}.ics`;
}
