/** Reminders without a server (issue 31): where this browser can remind, and the plain words where it cannot. */
import { describe, expect, it } from 'vitest';
import { reminderSupport, type BrowserFacts } from '../../../../src/web/features/reminders/reminder-support';

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
