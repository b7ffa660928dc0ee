/**
 * The one London clock (src/vocabulary/time.ts): the search-time and ISO texts, the zone at both
 * clock changes, and the six-month window - held against Temporal (temporal-polyfill), the
 * reference for zoned arithmetic, on every quarter hour around the 2026 clock changes.
 */
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  addMinutes,
  addMonths,
  checkPlanningWindow,
  formatIsoLocal,
  formatSearchTime,
  instantOf,
  parseDay,
  parseIsoLocal,
  parseSearchTime,
  planningWindow,
  searchTimeAt,
  searchTimeInstant,
  TIME_ZONE,
  wallClockAt,
  weekdayOf,
} from '../../src/vocabulary/time';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString().replace('.000Z', 'Z'));

describe('search times (Europe/London)', () => {
  it('reads the wall clock in GMT and BST, and writes it back the same', () => {
    expect(iso(searchTimeInstant('2026/01/15 08:00:00'))).toBe('2026-01-15T08:00:00Z');
    expect(iso(searchTimeInstant('2026/07/15 08:00:00'))).toBe('2026-07-15T07:00:00Z');
    expect(searchTimeAt(Date.parse('2026-07-15T07:00:00Z'))).toBe('2026/07/15 08:00:00');
    // Seconds may be left off.
    expect(iso(searchTimeInstant('2026/07/15 08:00'))).toBe('2026-07-15T07:00:00Z');
  });

  it('moves a time in the spring-forward gap on, and refuses dates and clocks that do not exist', () => {
    expect(searchTimeAt(searchTimeInstant('2026/03/29 01:30:00')!)).toBe('2026/03/29 02:30:00');
    for (const text of [
      '2026/02/29 08:00:00',
      '2026/13/01 08:00:00',
      '2026/01/01 24:00:00',
      '2026-01-01 08:00:00',
      '08:00 2026/01/01',
    ])
      expect(parseSearchTime(text)).toBeNull();
  });

  it('takes the first of the repeated autumn hour', () => {
    expect(iso(searchTimeInstant('2026/10/25 01:30:00'))).toBe('2026-10-25T00:30:00Z');
    expect(searchTimeAt(Date.parse('2026-10-25T01:30:00Z'))).toBe('2026/10/25 01:30:00');
  });
});

describe('the zone against Temporal', () => {
  it('agrees on every quarter hour around both 2026 clock changes, both ways', () => {
    for (const day of ['2026-03-28', '2026-03-29', '2026-10-24', '2026-10-25']) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const local = Temporal.PlainDate.from(day).toPlainDateTime({
          hour: Math.floor(minutes / 60),
          minute: minutes % 60,
        });
        const wall = parseIsoLocal(local.toString())!;
        const expected = local.toZonedDateTime(TIME_ZONE, { disambiguation: 'compatible' }).epochMilliseconds;
        expect(instantOf(wall)).toBe(expected);
        const instant = Date.parse(`${day}T00:00:00Z`) + minutes * 60_000;
        const zoned = Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(TIME_ZONE);
        expect(formatIsoLocal(wallClockAt(instant))).toBe(zoned.toPlainDateTime().toString());
      }
    }
  });
});

describe('the zone cache against Temporal', () => {
  // Offsets are read once per quarter hour of UTC: zones with half-hour shifts (Lord Howe),
  // odd offsets (Kathmandu, Chatham) and midnight changes (São Paulo's old DST) must still agree.
  it('agrees around every clock change of three years in zones with unusual offsets and changes', () => {
    const until = Temporal.Instant.from('2020-01-01T00:00:00Z');
    let checked = 0;
    for (const zone of [
      'Europe/London',
      'America/Sao_Paulo',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'Pacific/Chatham',
    ]) {
      let at: Temporal.ZonedDateTime | null = Temporal.Instant.from('2017-01-01T00:00:00Z').toZonedDateTimeISO(zone);
      while (at && Temporal.Instant.compare(at.toInstant(), until) < 0) {
        const change = at.toInstant().epochMilliseconds;
        // Both sides of the change, minute by minute, at an odd second each time.
        for (let minute = -90; minute <= 90; minute += 1) {
          const instant = change + minute * 60_000 + ((minute * 37) % 60) * 1000;
          const zoned = Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(zone);
          expect(formatIsoLocal(wallClockAt(instant, zone))).toBe(zoned.toPlainDateTime().toString());
          checked++;
        }
        at = at.getTimeZoneTransition('next');
      }
    }
    expect(checked).toBeGreaterThan(20 * 181);
  });
});

describe('text and arithmetic', () => {
  it('round-trips ISO local and search-time text through one wall clock', () => {
    const wall = parseIsoLocal('2026-11-23T08:05')!;
    expect(formatSearchTime(wall)).toBe('2026/11/23 08:05:00');
    expect(formatIsoLocal(parseSearchTime('2026/11/23 08:05:00')!)).toBe('2026-11-23T08:05:00');
    expect(formatIsoLocal(wall, false)).toBe('2026-11-23T08:05');
    expect(parseIsoLocal('2026-02-30T08:00')).toBeNull();
  });

  it('counts minutes on the wall clock and clamps months to their last day', () => {
    expect(formatSearchTime(addMinutes(parseSearchTime('2026/12/31 23:50:00')!, 30))).toBe('2027/01/01 00:20:00');
    expect(formatIsoLocal(addMonths(parseIsoLocal('2026-08-31T09:00')!, 6), false)).toBe('2027-02-28T09:00');
  });

  it('numbers days and weekdays as the GTFS calendar does', () => {
    expect(parseDay('20261123')).toBe(parseDay('2026-11-23'));
    expect(weekdayOf(parseDay('2026-11-23'))).toBe(0); // a Monday
    expect(parseDay('2026-02-29')).toBeNaN();
  });
});

describe('the six-month window (SPEC sections 3 and 5)', () => {
  it('is counted on the London date, so the planner and the form agree near midnight', () => {
    // 23:30 on 31 May in London is 22:30 UTC: six months on is 30 November on the London clock,
    // not 31 May's UTC date plus six months.
    const now = new Date('2026-05-31T22:30:00Z');
    expect(formatIsoLocal(planningWindow(now).latest, false)).toBe('2026-11-30T23:30');
    const at = (text: string) => parseSearchTime(text)!;
    expect(checkPlanningWindow(at('2026/11/30 23:00:00'), null, now)).toEqual({});
    expect(checkPlanningWindow(at('2026/12/01 00:00:00'), null, now)).toEqual({ out_time: 'too_far' });
  });

  it('allows one step of grace, refuses the past, and holds the return to the outbound and the window', () => {
    const now = new Date('2026-01-10T12:00:00Z');
    const at = (text: string) => parseSearchTime(text)!;
    expect(checkPlanningWindow(at('2026/01/10 11:56:00'), null, now)).toEqual({});
    expect(checkPlanningWindow(at('2026/01/10 11:54:00'), null, now)).toEqual({ out_time: 'past' });
    expect(checkPlanningWindow(at('2026/01/10 13:00:00'), at('2026/01/10 13:00:00'), now)).toEqual({
      return_time: 'return_before_outbound',
    });
    expect(checkPlanningWindow(null, at('2026/08/01 08:00:00'), now)).toEqual({ return_time: 'too_far' });
    expect(formatIsoLocal(planningWindow(new Date('2026-01-10T12:01:10Z')).earliestStep, false)).toBe(
      '2026-01-10T12:05',
    );
  });
});
