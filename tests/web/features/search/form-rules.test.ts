/** The search form's journey-type, time and passes rules (SPEC sections 3-5 and 9). */
import { describe, expect, it } from 'vitest';
import {
  answerRailcard,
  answerYoungScot,
  asksNewYoungScotCard,
  chooseRailcard,
} from '../../../../src/web/components/passes';
import { defaultPasses, passesFromProfile } from '../../../../src/vocabulary/index';
import {
  chooseJourneyType,
  initialJourneyType,
  outboundBounds,
  parseTypedTime,
  returnMinimum,
  searchTimes,
  snapToStep,
  splitDateTime,
  suggestedReturn,
  TIME_MESSAGES,
  toSearchTime,
} from '../../../../src/web/features/search/form-rules';
import {
  emptySearchForm,
  fromSearchTime,
  searchFormFromQuery,
  searchRequestBody,
} from '../../../../src/web/features/search/form-state';

const dundee = { label: 'Dundee', lat: 56.4567, lng: -2.9693 };
const perth = { label: 'Perth', lat: 56.3922, lng: -3.4366 };

describe('return toggle', () => {
  it('starts Single, or Return when the form has a return time', () => {
    expect(initialJourneyType(null)).toBe('single');
    expect(initialJourneyType('')).toBe('single');
    expect(initialJourneyType('2026-12-01T17:00')).toBe('return');
  });
  it('choosing Single clears the return time; Return keeps the one it had, or suggests one', () => {
    const times = { journeyType: 'return' as const, out_time: '2026-12-01T08:00', return_time: '2026-12-01T17:00' };
    const single = chooseJourneyType(times, 'single');
    expect(single).toEqual({ journeyType: 'single', out_time: '2026-12-01T08:00', return_time: null });
    // Issue 32: not empty fields ('Choose a date', '--:--'): the outbound day, three hours later.
    expect(chooseJourneyType(single, 'return').return_time).toBe('2026-12-01T11:00');
    expect(chooseJourneyType(times, 'return').return_time).toBe('2026-12-01T17:00');
    expect(chooseJourneyType({ ...single, out_time: '' }, 'return').return_time).toBe('');
  });
  it('a suggested return stays on the outbound day, on the steps and inside the window', () => {
    expect(suggestedReturn('2026-12-01T12:35')).toBe('2026-12-01T15:35');
    expect(suggestedReturn('2026-12-01T08:02')).toBe('2026-12-01T11:00');
    expect(suggestedReturn('2026-12-01T21:30')).toBe('2026-12-01T23:55');
    expect(suggestedReturn('2026-12-01T23:55')).toBe('2026-12-01T23:55');
    expect(suggestedReturn('2027-05-23T12:00', '2027-05-23T13:31')).toBe('2027-05-23T13:31');
    expect(suggestedReturn('')).toBe('');
  });
});

describe('date-times', () => {
  it('the outbound minimum is now rounded up to five minutes on the London clock; the maximum six months on', () => {
    // 12:31:10 UTC in British Summer Time is 13:31 in London.
    expect(outboundBounds(new Date('2026-07-10T12:31:10Z'))).toEqual({
      min: '2026-07-10T13:35',
      max: '2027-01-10T13:31',
    });
    // Exactly on a step stays; winter is GMT.
    expect(outboundBounds(new Date('2026-11-23T12:35:00Z')).min).toBe('2026-11-23T12:35');
    // Across the end of a month and a clock change.
    expect(outboundBounds(new Date('2026-08-31T09:00:00Z')).max).toBe('2027-02-28T10:00');
  });
  it('the return minimum is the outbound time', () => {
    const now = new Date('2026-11-23T12:31:00Z');
    expect(returnMinimum({ journeyType: 'return', out_time: '2026-12-02T08:00', return_time: '' }, now)).toBe(
      '2026-12-02T08:00',
    );
    expect(returnMinimum({ journeyType: 'return', out_time: '', return_time: '' }, now)).toBe('2026-11-23T12:35');
  });
  it('writes times YYYY/MM/DD HH:mm:ss and refuses what is not a date-time', () => {
    expect(toSearchTime('2026-12-02T08:00')).toBe('2026/12/02 08:00:00');
    expect(toSearchTime('2026-02-30T08:00')).toBeNull();
    expect(toSearchTime('tomorrow')).toBeNull();
    expect(toSearchTime('')).toBeNull();
  });
  it('a return journey needs a return time; a single one sends none', () => {
    expect(searchTimes({ journeyType: 'return', out_time: '2026-12-02T08:00', return_time: '' })).toEqual({
      ok: false,
      errors: { return_time: [TIME_MESSAGES.returnRequired] },
    });
    expect(searchTimes({ journeyType: 'single', out_time: '', return_time: null })).toEqual({
      ok: false,
      errors: { out_time: [TIME_MESSAGES.outRequired] },
    });
    expect(searchTimes({ journeyType: 'single', out_time: '2026-12-02T08:00', return_time: null })).toEqual({
      ok: true,
      out_time: '2026/12/02 08:00:00',
      return_time: null,
    });
  });
});

describe('passes', () => {
  it('defaults: car access yes, the rest no', () => {
    expect(defaultPasses()).toEqual({
      has_access_to_car: true,
      has_concessionary_pass: false,
      has_railcard: false,
      railcard_type: null,
      has_young_scot_card: false,
      has_new_young_scot_card: false,
    });
  });
  it("railcard 'No' empties the choice; only SPEC railcards are kept", () => {
    const chosen = chooseRailcard(answerRailcard(defaultPasses(), true), '16-25 Railcard');
    expect(chosen).toMatchObject({ has_railcard: true, railcard_type: '16-25 Railcard' });
    expect(answerRailcard(chosen, false)).toMatchObject({ has_railcard: false, railcard_type: null });
    expect(chooseRailcard(chosen, 'Family Railcard').railcard_type).toBeNull();
  });
  it("Young Scot: the new-card question only when yes; 'no' resets it", () => {
    expect(asksNewYoungScotCard(defaultPasses())).toBe(false);
    const yes = { ...answerYoungScot(defaultPasses(), true), has_new_young_scot_card: true };
    expect(asksNewYoungScotCard(yes)).toBe(true);
    const no = answerYoungScot(yes, false);
    expect(no).toMatchObject({ has_young_scot_card: false, has_new_young_scot_card: false });
    expect(answerYoungScot(no, true).has_new_young_scot_card).toBe(false);
  });
});

describe("signed-in travellers' passes", () => {
  it('come from the profile, with the railcard flag from the railcard and no new card without a card', () => {
    const profile = {
      has_car_access: false,
      has_concessionary_pass: true,
      has_young_scot_card: false,
      has_new_young_scot_card: true,
      railcard: null,
      user_age: 67,
    };
    expect(passesFromProfile(profile)).toMatchObject({
      has_access_to_car: false,
      has_concessionary_pass: true,
      has_railcard: false,
      railcard_type: null,
      has_new_young_scot_card: false,
      user_age: 67,
    });
    expect(passesFromProfile({ ...profile, railcard: 'Senior Railcard' })).toMatchObject({
      has_railcard: true,
      railcard_type: 'Senior Railcard',
    });
  });
});

describe('request body', () => {
  it('needs both places and the times; sends no arrive_time and no return_time on a single', () => {
    const now = new Date('2026-11-23T12:31:00Z');
    expect(searchRequestBody(emptySearchForm(now))).toMatchObject({
      ok: false,
      errors: { origin: [expect.any(String)], destination: [expect.any(String)] },
    });
    const built = searchRequestBody({
      ...emptySearchForm(now),
      origin: dundee,
      destination: perth,
      out_time: '2026-11-24T08:00',
    });
    expect(built).toEqual({
      ok: true,
      body: {
        origin: dundee,
        destination: perth,
        out_time: '2026/11/24 08:00:00',
        arrive_by_buffer: 30,
        ...defaultPasses(),
      },
    });
    const back = searchRequestBody({
      ...emptySearchForm(now),
      origin: dundee,
      destination: perth,
      journeyType: 'return',
      out_time: '2026-11-24T08:00',
      return_time: '2026-11-24T17:30',
    });
    expect(back.ok && back.body.return_time).toBe('2026/11/24 17:30:00');
  });
});

describe('date and time fields', () => {
  it('split a datetime-local value into the calendar date and the time', () => {
    expect(splitDateTime('2026-12-02T08:05')).toEqual({ date: '2026-12-02', time: '08:05' });
    expect(splitDateTime('')).toEqual({ date: '', time: '' });
  });
  it('snap typed minutes to five-minute steps, staying within the day', () => {
    expect(snapToStep('08:02')).toBe('08:00');
    expect(snapToStep('08:03')).toBe('08:05');
    expect(snapToStep('09:58')).toBe('10:00');
    expect(snapToStep('23:58')).toBe('23:55');
    expect(snapToStep('nonsense')).toBe('nonsense');
  });
  it('read a typed time on the 24-hour clock whatever the locale (issue 32)', () => {
    for (const [typed, time] of [
      ['0800', '08:00'],
      ['800', '08:00'],
      ['8', '08:00'],
      ['08:00', '08:00'],
      ['8.30', '08:30'],
      ['8h30', '08:30'],
      [' 17:45 ', '17:45'],
      ['2000', '20:00'],
      ['0', '00:00'],
      ['23:55', '23:55'],
      ['8pm', '20:00'],
      ['8:30 am', '08:30'],
      ['12am', '00:00'],
      ['12 pm', '12:00'],
    ] as const)
      expect(parseTypedTime(typed), typed).toBe(time);
    for (const typed of ['', 'noon', '24:00', '8:60', '80', '13pm', '0am', '08:0', '1:2:3'])
      expect(parseTypedTime(typed), typed).toBeNull();
  });
});

describe('Edit journey form from a search', () => {
  const now = new Date('2026-11-23T12:31:00Z');
  const passes = { ...defaultPasses(), has_railcard: true, railcard_type: 'Senior Railcard' as const };
  it('keeps the places, times, type and passes of the search', () => {
    expect(fromSearchTime('2026/11/24 08:00:00')).toBe('2026-11-24T08:00');
    expect(fromSearchTime(null)).toBe('');
    const form = searchFormFromQuery(
      {
        origin: dundee,
        destination: perth,
        out_time: '2026/11/24 08:00:00',
        return_time: '2026/11/24 17:30:00',
        passes,
      },
      now,
    );
    expect(form).toEqual({
      origin: dundee,
      destination: perth,
      journeyType: 'return',
      out_time: '2026-11-24T08:00',
      return_time: '2026-11-24T17:30',
      passes,
    });
    const single = searchFormFromQuery(
      { origin: dundee, destination: perth, out_time: '2026/11/24 08:00:00', return_time: null },
      now,
    );
    expect(single).toMatchObject({ journeyType: 'single', return_time: null, passes: defaultPasses() });
  });
  it('moves an outbound time now past up to the earliest allowed, and the return with it', () => {
    const form = searchFormFromQuery(
      { origin: dundee, destination: perth, out_time: '2026/11/23 09:00:00', return_time: '2026/11/23 12:00:00' },
      now,
    );
    expect(form.out_time).toBe('2026-11-23T12:35');
    expect(form.return_time).toBe('2026-11-23T12:35');
  });
});

describe('place messages', () => {
  it('read as plain English (no "travelling from from the list")', async () => {
    const { FORM_MESSAGES } = await import('../../../../src/web/features/search/form-state');
    for (const message of Object.values(FORM_MESSAGES)) expect(message).not.toMatch(/\b(\w+) \1\b/);
    expect(FORM_MESSAGES.chooseOrigin).toBe('Pick your starting point from the list of suggestions.');
  });
});
