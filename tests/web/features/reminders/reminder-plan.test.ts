/** When a journey's 'time to leave' reminders ring (issue 31): one per leg, before leaving, London clock. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { journeySchema } from '../../../../src/contract/journey';
import { journeyReminders, REMIND_MINUTES_BEFORE } from '../../../../src/web/features/reminders/reminder-plan';

const journey = journeySchema.parse(
  JSON.parse(
    fs.readFileSync(path.resolve(__dirname, '../journey/fixtures/dundee-perth-return.json'), 'utf8'),
  ) as unknown,
);

describe('journeyReminders', () => {
  it('one per leg, minutes before its time to leave on the London clock', () => {
    const rs = journeyReminders(journey, 'https://x/j', Date.parse('2026-11-27T00:00:00Z'));
    expect(rs.map((r) => r.id)).toEqual([`${journey.id}:depart`, `${journey.id}:return`]);
    // 30 November is GMT: the wall clock is UTC.
    expect(new Date(rs[0]!.at).toISOString()).toBe(
      new Date(
        Date.parse(`${journey.depart.departure_date}T${journey.depart.departure_at}:00Z`) -
          REMIND_MINUTES_BEFORE * 60_000,
      ).toISOString(),
    );
    expect(rs[0]!.title).toBe(`Leave at ${journey.depart.departure_at} for Perth`);
  });
  it('none for a leg already under way', () => {
    const during = Date.parse(`${journey.depart.departure_date}T12:00:00Z`);
    expect(journeyReminders(journey, 'u', during).map((r) => r.id)).toEqual([`${journey.id}:return`]);
  });
});
