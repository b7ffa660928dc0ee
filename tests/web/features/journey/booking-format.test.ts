/** The booking step's wording and its deadline against London's clock (issue 31). */
import { describe, expect, it } from 'vitest';
import type { Journey } from '../../../../src/contract/journey';
import {
  dayText,
  deadlineHeadline,
  deadlinePassed,
  opensLater,
  telHref,
  webHref,
} from '../../../../src/web/features/journey/booking-format';
import { timelineEntries } from '../../../../src/web/features/journey/details-format';

const booking = {
  step_index: 0,
  service: 'Ring and Ride',
  phone: '(01467) 535 333',
  website: 'https://example.org/book',
  how: null,
  notice: 'book by 17:00 the day before',
  deadline: { date: '2026-11-29', time: '17:00' },
  opens: { date: '2026-11-23', time: '09:00' },
};

describe('booking wording', () => {
  it('the headline gives the deadline as a day and time', () => {
    expect(dayText('2026-11-29')).toBe('Sun 29 Nov');
    expect(deadlineHeadline(booking)).toBe('Book by 17:00 on Sun 29 Nov');
    expect(deadlineHeadline({ deadline: null })).toMatch(/^Book before you travel/);
  });

  it('has the deadline passed? London time: 17:00 GMT in November, 16:00 UTC in BST summer', () => {
    expect(deadlinePassed(booking, new Date('2026-11-29T16:59:00Z'))).toBe(false);
    expect(deadlinePassed(booking, new Date('2026-11-29T17:01:00Z'))).toBe(true);
    const summer = { deadline: { date: '2027-06-01', time: '17:00' } };
    expect(deadlinePassed(summer, new Date('2027-06-01T16:01:00Z'))).toBe(true);
    expect(deadlinePassed({ deadline: null }, new Date())).toBe(false);
    expect(opensLater(booking, new Date('2026-11-23T08:00:00Z'))).toBe(true);
    expect(opensLater(booking, new Date('2026-11-23T09:30:00Z'))).toBe(false);
  });

  it('links: tel: with digits only, web only for http(s), never javascript:', () => {
    expect(telHref(booking.phone)).toBe('tel:01467535333');
    expect(webHref('https://example.org/book')).toBe('https://example.org/book');
    expect(webHref('javascript:alert(1)')).toBeNull();
    expect(webHref('not a url')).toBeNull();
  });

  it('booking steps come first in the timeline, the return ride too', () => {
    const leg = (bookings?: (typeof booking)[]) =>
      ({
        steps: [{ type: 'drt' }],
        arrival_at: '10:00',
        ...(bookings ? { bookings } : {}),
      }) as unknown as Journey['depart'];
    const journey = {
      depart: leg([booking]),
      return: leg([{ ...booking, service: 'Back' }]),
      origin: { label: 'A' },
      destination: { label: 'B' },
    } as unknown as Journey;
    const kinds = timelineEntries(journey, { appointment: false }).map((e) =>
      e.kind === 'book' ? `book:${e.leg}` : e.kind,
    );
    expect(kinds).toEqual(['book:depart', 'book:return', 'step', 'arrive', 'step', 'home']);
  });
});
