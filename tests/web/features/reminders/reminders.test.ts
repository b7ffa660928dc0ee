/** Reminders without a server (issue 31): where they work, the plain words where they cannot, and when they ring. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { journeySchema } from '../../../../src/contract/journey';
import { journeyReminders, REMIND_MINUTES_BEFORE } from '../../../../src/web/features/reminders/reminder-plan';
import { reminderSupport, type BrowserFacts } from '../../../../src/web/features/reminders/reminder-support';
import { dueReminders, LATE_LIMIT_MS, type Reminder } from '../../../../src/web/lib/reminders';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const facts = (over: Partial<BrowserFacts>): BrowserFacts => ({
  hasNotification: true,
  permission: 'default',
  userAgent: ANDROID,
  maxTouchPoints: 5,
  installed: false,
  ...over,
});

describe('reminderSupport', () => {
  it('Android Chrome, installed or not: reminders work', () => {
    expect(reminderSupport(facts({})).kind).toBe('ok');
  });
  it('iPhone or iPad (even one calling itself a Mac) without install: says to add it to the Home Screen', () => {
    for (const userAgent of [IPHONE, IPAD_AS_MAC]) {
      const s = reminderSupport(facts({ userAgent, hasNotification: false, permission: null }));
      expect(s.kind).toBe('ios-install');
      expect(s.kind !== 'ok' && s.message).toContain('Add to Home Screen');
    }
    expect(reminderSupport(facts({ userAgent: IPHONE, installed: true })).kind).toBe('ok');
    // A Mac with a mouse is not an iPad.
    expect(reminderSupport(facts({ userAgent: IPAD_AS_MAC, maxTouchPoints: 0 })).kind).toBe('ok');
  });
  it('no notifications, or turned off: says so and points to the calendar', () => {
    const none = reminderSupport(facts({ hasNotification: false, permission: null }));
    const off = reminderSupport(facts({ permission: 'denied' }));
    expect([none.kind, off.kind]).toEqual(['unsupported', 'denied']);
    for (const s of [none, off]) expect(s.kind !== 'ok' && s.message).toContain('calendar');
  });
});

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

describe('dueReminders', () => {
  const r = (id: string, at: number, shown = false): Reminder => ({ id, at, title: id, body: '', url: '/', shown });
  it('shows what is due, waits for what is not, drops shown and too-late ones', () => {
    const now = 1_000_000_000;
    const out = dueReminders(
      [r('due', now - 1000), r('later', now + 1000), r('old', now - LATE_LIMIT_MS - 1), r('done', now - 1, true)],
      now,
    );
    expect(out.due.map((x) => x.id)).toEqual(['due']);
    expect(out.later.map((x) => x.id)).toEqual(['later']);
    expect(out.stale.map((x) => x.id)).toEqual(['old', 'done']);
  });
});
