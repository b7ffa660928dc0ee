import { describe, expect, it } from 'vitest';
import type { Journey, Step } from '../../../src/contract/journey';
import {
  missingStopsNote,
  rolledForwardNote,
  rolledTimetableLabel,
  timetableYears,
} from '../../../src/web/components/timetable-notes';

const step = (mode: string, rolled: Record<string, string> | null): Step =>
  ({ transit: { route: { mode }, rolled_forward: rolled } }) as unknown as Step;
const journey = (...steps: Step[]) => ({ depart: { steps } }) as unknown as Pick<Journey, 'depart' | 'return'>;

describe('timetable labels (issue 27)', () => {
  it("name the real source and its years, moved onto this week's dates", () => {
    expect(timetableYears('2022-05-15', '2023-05-20')).toBe('2022-23');
    expect(timetableYears('2024-01-11', '2024-12-30')).toBe('2024');
    expect(rolledTimetableLabel('rail', '2022-05-15', '2023-05-20')).toBe(
      "2022-23 rail timetable, moved onto this week's dates",
    );
  });

  it("a journey's note names each rolled timetable once, by the timetable's mode (a rail replacement bus is rail)", () => {
    const rail = { from: '2022-05-15', to: '2023-05-20', mode: 'rail' };
    expect(rolledForwardNote(journey(step('rail', rail), step('bus', rail)))).toBe(
      "Times from the 2022-23 rail timetable, moved onto this week's dates: check current times with the operator.",
    );
    const bus = { from: '2021-09-01', to: '2022-08-31', mode: 'bus' };
    expect(rolledForwardNote(journey(step('bus', bus), step('rail', rail)))).toMatch(
      /^Times from the 2021-22 bus timetable, .* and the 2022-23 rail timetable, /,
    );
    expect(rolledForwardNote(journey(step('bus', null)))).toBeNull();
    // Never today's date, as if the old timetable were current.
    expect(rolledForwardNote(journey(step('rail', rail)))).not.toMatch(/today|\b20(2[4-9]|3\d)\b/i);
  });
});

describe('no stop in our data near an end', () => {
  it('says which end has no data, and that services may still run', () => {
    expect(missingStopsNote([{ tags: ['direct'] }])).toBeNull();
    expect(missingStopsNote([{ tags: ['direct', 'no-stops-near-start'] }, { tags: ['direct'] }])).toMatch(
      /within a 15-minute walk of where this journey starts\. Services we have no data for may run there/,
    );
    expect(missingStopsNote([{ tags: ['no-stops-near-end'] }])).toMatch(/where this journey ends/);
    expect(missingStopsNote([{ tags: ['no-stops-near-start', 'no-stops-near-end'] }])).toMatch(/either end/);
  });
});
