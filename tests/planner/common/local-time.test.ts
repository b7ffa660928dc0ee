import { describe, expect, it } from 'vitest';
import { formatIsoDateTime, localDateTime, parseIsoDateTime } from '../../../src/planner/common/local-time';
import { parseDay } from '../../../src/planner/timetable/gtfs-time';

describe('localDateTime: the departure value modes hand to costs', () => {
  const tue = parseDay('2026-03-10');

  it('reads a time on the service day as its calendar date, weekday and whole minutes', () => {
    expect(localDateTime(tue, 8 * 3600 + 10 * 60 + 59)).toEqual({
      date: '2026-03-10',
      year: 2026,
      month: 3,
      day: 10,
      weekday: 1,
      minutes: 8 * 60 + 10,
    });
  });

  it('carries times past 24:00 and before 00:00 onto the next and previous calendar day', () => {
    expect(localDateTime(tue, 25 * 3600 + 10 * 60)).toMatchObject({ date: '2026-03-11', weekday: 2, minutes: 70 });
    expect(localDateTime(tue, -30 * 60)).toMatchObject({ date: '2026-03-09', weekday: 0, minutes: 23 * 60 + 30 });
  });

  it('agrees with the ISO text of the same moment', () => {
    for (const s of [0, 4 * 3600 + 29 * 60, 86_399, 90_000, -1]) {
      const text = formatIsoDateTime(tue, s);
      const wall = parseIsoDateTime(text);
      const v = localDateTime(tue, s);
      expect(v.date).toBe(text.slice(0, 10));
      expect(v.minutes).toBe(Math.floor(wall.time / 60));
    }
  });
});
