/**
 * "Add to calendar" (issue 31): a real planned journey (Dundee to Perth and back, as the API
 * answered it) moved onto the weekend the clocks go back in October 2027, written by the app's
 * .ics code and parsed back by ical.js (Mozilla's RFC 5545 parser): each event at the right
 * instant on either side of the change, its steps, stops, alarms and booking deadline.
 */
import fs from 'node:fs';
import path from 'node:path';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { journeySchema, type Journey } from '../../../../src/contract/journey';
import { calendarFileName, journeyEvents } from '../../../../src/web/features/calendar/calendar-model';
import { icsText } from '../../../../src/web/features/calendar/ics';

const fixture = journeySchema.parse(
  JSON.parse(
    fs.readFileSync(path.resolve(__dirname, '../journey/fixtures/dundee-perth-return.json'), 'utf8'),
  ) as unknown,
);

/** The fixture out on Saturday 30 October 2027 (BST, UTC+1), back on Sunday 31 October (GMT, after 02:00 BST became 01:00). */
function acrossOctoberChange(): Journey {
  const j = structuredClone(fixture);
  j.depart.departure_date = j.depart.arrival_date = '2027-10-30';
  j.return!.departure_date = j.return!.arrival_date = '2027-10-31';
  return j;
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const event = new ICAL.Event(v);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      location: event.location,
      geo: v.getFirstPropertyValue('geo') as number[] | null,
      description: event.description,
      alarms: v.getAllSubcomponents('valarm').map((a) => ({
        action: a.getFirstPropertyValue('action'),
        trigger: (a.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds(),
        description: a.getFirstPropertyValue('description'),
      })),
    };
  });
}

const utcOf = (date: string, hhmm: string, offsetHours: number) =>
  new Date(Date.parse(`${date}T${hhmm}:00Z`) - offsetHours * 3_600_000).toISOString();

describe('the journey as an .ics file', () => {
  const journey = acrossOctoberChange();
  const options = {
    url: 'https://regional.example/search/h/results/j',
    appointmentMinutes: null,
    host: 'regional.example',
  };
  const events = parse(
    icsText(journeyEvents(journey, options), { name: 'Tayside planner', now: new Date('2027-10-01T12:00:00Z') }),
  );

  it('holds the outbound in BST and the return in GMT, across the October clock change', () => {
    expect(events.map((e) => e.summary)).toEqual([
      'Travel to Perth, Perth and Kinross',
      'Return to Dundee Railway Station, Dundee',
    ]);
    const [out, back] = events as [(typeof events)[0], (typeof events)[0]];
    expect(out.start).toBe(utcOf('2027-10-30', journey.depart.departure_at, 1));
    expect(out.end).toBe(utcOf('2027-10-30', journey.depart.arrival_at, 1));
    expect(back.start).toBe(utcOf('2027-10-31', journey.return!.departure_at, 0));
    expect(back.end).toBe(utcOf('2027-10-31', journey.return!.arrival_at, 0));
  });

  it('puts the steps in the description and the first stop as the location', () => {
    const [out] = events;
    const boarding = journey.depart.steps.find((s) => s.transit)!;
    expect(out!.location).toBe(boarding.transit!.from_stop.name);
    expect(out!.geo).toEqual([boarding.start_location.lat, boarding.start_location.lng]);
    for (const step of journey.depart.steps)
      expect(out!.description).toContain(`${step.departure_time}-${step.arrival_time} ${step.description}`);
    expect(out!.description).toContain(options.url);
  });

  it('rings at the time to leave, and the UIDs are stable for re-imports', () => {
    for (const e of events)
      expect(e.alarms).toEqual([
        { action: 'DISPLAY', trigger: 0, description: expect.stringMatching(/^Time to leave for /) },
      ]);
    const again = parse(icsText(journeyEvents(journey, options), { name: 'x' }));
    expect(again.map((e) => e.uid)).toEqual(events.map((e) => e.uid));
    expect(new Set(events.map((e) => e.uid)).size).toBe(2);
  });

  it('a ride booked ahead: the deadline in the description and as an alarm of its own, an hour before it', () => {
    const j = acrossOctoberChange();
    // A prior-day rule as the planner writes it (flex/booking.ts): book by 17:00 the day before.
    j.depart.bookings = [
      {
        step_index: 1,
        service: 'Ring and Ride',
        phone: '01382 000000',
        website: null,
        how: null,
        notice: 'book by 17:00 the day before',
        deadline: { date: '2027-10-29', time: '17:00' },
        opens: null,
      },
    ];
    const [out] = parse(icsText(journeyEvents(j, options), { name: 'x' }));
    expect(out!.description).toContain('Book Ring and Ride by 17:00 on Fri 29 Oct (call 01382 000000)');
    const booking = out!.alarms.find((a) => String(a.description).startsWith('Book'))!;
    // 16:00 BST on Friday is this many seconds before the outbound's start.
    const alarmAt = Date.parse('2027-10-29T15:00:00Z');
    expect(Date.parse(out!.start) - booking.trigger * -1000).toBe(alarmAt);
  });

  it('on the health brand, the appointment is an event of its own from arrival', () => {
    const withAppointment = parse(
      icsText(journeyEvents(journey, { ...options, appointmentMinutes: 90 }), { name: 'x' }),
    );
    expect(withAppointment).toHaveLength(3);
    const appointment = withAppointment[1]!;
    expect(appointment.summary).toBe('Appointment at Perth, Perth and Kinross');
    expect(appointment.start).toBe(utcOf('2027-10-30', journey.depart.arrival_at, 1));
    expect(Date.parse(appointment.end) - Date.parse(appointment.start)).toBe(90 * 60_000);
  });

  it('names the file after the trip', () => {
    expect(calendarFileName(journey)).toBe('journey-dundee-railway-station-to-perth-2027-10-30.ics');
  });
});
