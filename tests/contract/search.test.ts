import { describe, expect, it } from 'vitest';
import { formatSearchTime, parseSearchTime, searchFormSchema, SEARCH_MESSAGES } from '../../src/contract/search';

const NOW = new Date('2026-03-20T12:00:00Z');
const parse = (body: unknown) => searchFormSchema(() => NOW).safeParse(body);
const place = { label: 'Dundee', lat: 56.46, lng: -2.97 };
const perth = { label: 'Perth', lat: 56.39, lng: -3.43 };
const errorsOf = (body: unknown) => {
  const result = parse(body);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('search times (Europe/London)', () => {
  it('reads the wall clock in GMT and BST, and writes it back the same', () => {
    expect(parseSearchTime('2026/01/15 08:00:00')?.toInstant().toString()).toBe('2026-01-15T08:00:00Z');
    expect(parseSearchTime('2026/07/15 08:00:00')?.toInstant().toString()).toBe('2026-07-15T07:00:00Z');
    expect(formatSearchTime(new Date('2026-07-15T07:00:00Z'))).toBe('2026/07/15 08:00:00');
    // Seconds may be left off.
    expect(parseSearchTime('2026/07/15 08:00')?.toInstant().toString()).toBe('2026-07-15T07:00:00Z');
  });

  it('moves a time in the spring-forward gap on, and refuses dates and clocks that do not exist', () => {
    expect(formatSearchTime(new Date(parseSearchTime('2026/03/29 01:30:00')!.epochMilliseconds))).toBe(
      '2026/03/29 02:30:00',
    );
    for (const text of [
      '2026/02/29 08:00:00',
      '2026/13/01 08:00:00',
      '2026/01/01 24:00:00',
      '2026-01-01 08:00:00',
      '08:00 2026/01/01',
    ])
      expect(parseSearchTime(text)).toBeNull();
  });
});

describe('searchFormSchema', () => {
  it('fills the defaults and drops the railcard type without a railcard and the new Young Scot card without a card', () => {
    const result = parse({
      origin: place,
      destination: perth,
      out_time: '2026/03/21 08:00:00',
      railcard_type: 'Senior Railcard',
      has_new_young_scot_card: true,
      arrive_time: '2026/03/21 09:00:00',
    });
    expect(result.success && result.data).toEqual({
      origin: place,
      destination: perth,
      out_time: '2026/03/21 08:00:00',
      return_time: null,
      arrive_by_buffer: 30,
      has_access_to_car: true,
      has_concessionary_pass: false,
      has_railcard: false,
      railcard_type: null,
      has_young_scot_card: false,
      has_new_young_scot_card: false,
    });
  });

  it('allows a few minutes of "now" and six months ahead to the minute', () => {
    expect(errorsOf({ origin: place, destination: perth, out_time: '2026/03/20 11:57:00' })).toEqual({});
    expect(errorsOf({ origin: place, destination: perth, out_time: '2026/03/20 11:50:00' })).toEqual({
      out_time: SEARCH_MESSAGES.past,
    });
    // 12:00 UTC is 12:00 GMT now; six months on is 2026-09-20 12:00 London (BST).
    expect(errorsOf({ origin: place, destination: perth, out_time: '2026/09/20 12:00:00' })).toEqual({});
    expect(errorsOf({ origin: place, destination: perth, out_time: '2026/09/20 12:01:00' })).toEqual({
      out_time: SEARCH_MESSAGES.tooFar('outbound time'),
    });
  });

  it('a place needs both coordinates, in range, given either way', () => {
    expect(
      errorsOf({ origin: { label: 'Dundee', lat: 95, lng: 0 }, destination: perth, out_time: '2026/03/21 08:00:00' }),
    ).toEqual({ 'origin.lat': SEARCH_MESSAGES.choosePlace('origin') });
    expect(
      errorsOf({
        origin: 'Dundee',
        origin_lat: '56.46',
        origin_lng: '-2.97',
        destination: perth,
        out_time: '2026/03/21 08:00:00',
      }),
    ).toEqual({});
    expect(
      errorsOf({ origin: 'Dundee', origin_lat: 56.46, destination: perth, out_time: '2026/03/21 08:00:00' }),
    ).toEqual({ 'origin.lng': SEARCH_MESSAGES.choosePlace('origin') });
    expect(errorsOf({ origin: 42, destination: perth, out_time: '2026/03/21 08:00:00' })).toEqual({
      origin: SEARCH_MESSAGES.choosePlace('origin'),
    });
  });
});
