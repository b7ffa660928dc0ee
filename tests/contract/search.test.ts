import { describe, expect, it } from 'vitest';
import { searchFormSchema, SEARCH_MESSAGES } from '../../src/contract/search';

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
