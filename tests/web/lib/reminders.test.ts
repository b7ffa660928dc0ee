/** The reminders kept on the device (issue 31): which to show now, which to wait for, which to forget. */
import { describe, expect, it } from 'vitest';
import { dueReminders, LATE_LIMIT_MS, type Reminder } from '../../../src/web/lib/reminders';

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
