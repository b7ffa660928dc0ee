import { describe, expect, it } from 'vitest';
import { movedDay } from '../../../../src/web/features/search/calendar-keys';

const MIN = '2026-11-25';
const MAX = '2027-05-25';

describe('movedDay: the date calendar by keyboard (WCAG 2.1.1)', () => {
  it('moves a day or a week with the arrows, across the end of a month', () => {
    expect(movedDay('2026-11-25', 'ArrowRight', MIN, MAX)).toBe('2026-11-26');
    expect(movedDay('2026-11-26', 'ArrowLeft', MIN, MAX)).toBe('2026-11-25');
    // The calendar's own arrows stopped here: the next week is in December.
    expect(movedDay('2026-11-25', 'ArrowDown', MIN, MAX)).toBe('2026-12-02');
    expect(movedDay('2026-12-02', 'ArrowUp', MIN, MAX)).toBe('2026-11-25');
  });

  it('goes to the week ends (weeks start on Monday) and a month on or back', () => {
    expect(movedDay('2026-11-26', 'Home', MIN, MAX)).toBe('2026-11-25'); // Monday 23rd is before min
    expect(movedDay('2026-12-03', 'Home', MIN, MAX)).toBe('2026-11-30');
    expect(movedDay('2026-12-03', 'End', MIN, MAX)).toBe('2026-12-06');
    expect(movedDay('2026-12-31', 'PageDown', MIN, MAX)).toBe('2027-01-31');
    expect(movedDay('2027-01-31', 'PageDown', MIN, MAX)).toBe('2027-02-28');
    expect(movedDay('2027-01-31', 'PageUp', MIN, MAX)).toBe('2026-12-31');
  });

  it('stays within the allowed days and ignores other keys', () => {
    expect(movedDay('2026-11-25', 'ArrowLeft', MIN, MAX)).toBe(MIN);
    expect(movedDay('2027-05-24', 'ArrowDown', MIN, MAX)).toBe(MAX);
    expect(movedDay('2026-11-25', 'Enter', MIN, MAX)).toBeNull();
  });
});
