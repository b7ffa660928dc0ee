/**
 * Calendar events as an iCalendar file (RFC 5545) by ical-generator: loaded only when the
 * traveller asks for one (its own chunk), never with the page. Times are written in UTC (the
 * instants of calendar-model), which every calendar shows in its own zone: no VTIMEZONE to ship,
 * and nothing a clock change can shift.
 */
import ical, { ICalAlarmType } from 'ical-generator';
import type { CalendarEvent } from './calendar-model';

export function icsText(events: CalendarEvent[], options: { name: string; now?: Date }): string {
  const calendar = ical({
    name: options.name,
    prodId: { company: 'Drover', product: 'Journey planner', language: 'EN' },
  });
  const stamp = options.now ?? new Date();
  for (const e of events) {
    const event = calendar.createEvent({
      id: e.uid,
      start: new Date(e.start),
      end: new Date(e.end),
      stamp,
      summary: e.title,
      description: e.description,
      url: e.url,
      location: e.location ? { title: e.location.title, geo: { lat: e.location.lat, lon: e.location.lng } } : null,
    });
    // Triggers relative to the start (TRIGGER:-PT1H): every calendar honours those; some ignore absolute ones.
    for (const alarm of e.alarms)
      event.createAlarm({
        type: ICalAlarmType.display,
        trigger: Math.round((e.start - alarm.at) / 1000),
        description: alarm.text,
      });
  }
  return calendar.toString();
}
