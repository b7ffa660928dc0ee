// @vitest-environment jsdom
/**
 * The booking step on a real demand-responsive ride (issue 31): the planner's CLI plans a trip
 * inside a Cobblinc GTFS-Flex zone (its booking rule: at least 2 hours and at most 1 day ahead,
 * by phone) on the test region rolled onto current dates, and the timeline shows the booking
 * first, with the deadline the rule gives, the phone as a tel: link and, once the clock has
 * passed the deadline, that it has.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { journeySchema, type Journey } from '../../../../src/contract/journey';
import { dayText } from '../../../../src/web/features/journey/booking-format';
import { timelineEntries } from '../../../../src/web/features/journey/details-format';
import { BookingCard, StepTimeline } from '../../../../src/web/features/journey/StepTimeline';
import { instantOf, parseIsoLocal, wallClockAt } from '../../../../src/vocabulary/time';
import { renderWithApp } from '../../helpers/render';

const repo = path.resolve(__dirname, '../../../..');
let ride: Journey;

beforeAll(async () => {
  // A weekday a few days ahead, inside the zone's 10:00-15:00 windows (the feed's service runs Monday to Friday).
  let day = Date.now() + 3 * 86_400_000;
  while ([0, 6].includes(new Date(day).getUTCDay())) day += 86_400_000;
  const w = wallClockAt(day);
  const date = `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
  // Two points inside zone 2 of the feed's locations.geojson, 2 km apart.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/planner/cli/main.ts',
      'plan',
      '--from=33.88461,-84.60518',
      '--to=33.88651,-84.62679',
      '--depart',
      `${date}T11:40`,
      '--manifest',
      'tests/regions/cobb-flex.json',
      '--json',
    ],
    { cwd: repo, maxBuffer: 64 * 1024 * 1024 },
  );
  const journeys = (JSON.parse(stdout) as { journeys: unknown[] }).journeys.map((j) => journeySchema.parse(j));
  ride = journeys.find((j) => j.transport_mode === 'drt')!;
  expect(ride).toBeTruthy();
}, 120_000);
afterEach(cleanup);

describe('the booking step', () => {
  it('comes first, with the deadline from the rule and a tel: link', () => {
    const entries = timelineEntries(ride, { appointment: false });
    expect(entries.map((e) => e.kind)).toEqual(['book', ...ride.depart.steps.map(() => 'step'), 'arrive']);
    // The step cards link to their stage pages (a router); the booking card is drawn on its own.
    renderWithApp(<StepTimeline entries={entries.filter((e) => e.kind === 'book')} />);
    const card = within(screen.getAllByRole('listitem')[0]!).getByTestId('booking-step');
    const booking = ride.depart.bookings![0]!;
    const pickup = ride.depart.steps[booking.step_index]!.departure_time;
    // At least 2 hours ahead: by the pickup less two hours, the same day.
    const [h, m] = pickup.split(':').map(Number) as [number, number];
    const deadline = `${String(h - 2).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
    expect(booking.deadline).toEqual({ date: ride.depart.departure_date, time: deadline });
    expect(card.textContent).toContain(`Book by ${deadline} on ${dayText(ride.depart.departure_date)}`);
    expect(card.textContent).toContain('Book at least 2 hours and at most 1 day ahead.');
    expect(
      within(card)
        .getByRole('link', { name: /^Call / })
        .getAttribute('href'),
    ).toBe('tel:7705281053');
    expect(card.textContent).not.toContain('has passed');
  });

  it('says so once the deadline has passed', () => {
    const booking = ride.depart.bookings![0]!;
    const after = instantOf(parseIsoLocal(`${booking.deadline!.date}T${booking.deadline!.time}`)!) + 60_000;
    renderWithApp(<BookingCard booking={booking} leg="depart" now={new Date(after)} />);
    expect(screen.getByRole('note').textContent).toContain(
      `The booking deadline (${booking.deadline!.time} on ${dayText(booking.deadline!.date)}) has passed`,
    );
  });
});
