/** The health brand's return options, updated in place (issue 21 item 2). */
import { describe, expect, it, vi } from 'vitest';
import type { Journey } from '../../../../src/contract/journey';
import {
  appointmentEnd,
  earlyReturnTime,
  matchingJourney,
  returnsEarlier,
  untilPlanned,
  type PlannedSearch,
} from '../../../../src/web/features/journey/return-update';
import fixture from './fixtures/dundee-perth-return.json';

const shown = fixture as unknown as Journey; // arrives 09:16, home at 17:13
const withLegs = (
  id: string,
  departAt: string,
  returnAt: string,
  mode = shown.transport_mode,
): Journey & { id: string } => ({
  ...shown,
  id,
  transport_mode: mode,
  depart: { ...shown.depart, departure_at: departAt },
  return: { ...shown.return!, departure_at: returnAt },
});

describe('the early return option', () => {
  it('is 30 minutes earlier while that is after the appointment', () => {
    expect(earlyReturnTime('2026/11/30 12:00:00', shown.depart, 60)).toBe('2026/11/30 11:30:00');
  });
  it('never leaves before the appointment ends', () => {
    // 09:16 arrival + 1 hour = 10:16: 10:30 - 30 minutes would be 10:00.
    expect(earlyReturnTime('2026/11/30 10:30:00', shown.depart, 60)).toBe('2026/11/30 10:16:00');
    expect(appointmentEnd(shown.depart, 60)).toBe('10:16');
  });
  it('is none when the return is already at the appointment end', () => {
    expect(earlyReturnTime('2026/11/30 10:16:00', shown.depart, 60)).toBeNull();
    expect(earlyReturnTime('2026/11/30 10:46:00', shown.depart, 90)).toBeNull();
  });
});

describe('the re-planned journey shown in place', () => {
  it('goes there the same way as the journey shown', () => {
    const journeys = [
      withLegs('a', '07:50', '16:00', 'own-car'),
      withLegs('b', '08:49', '16:43'),
      withLegs('c', '09:10', '16:13'),
    ];
    expect(matchingJourney(shown, journeys)?.id).toBe('b');
  });
  it('else the same travel type, else the first, never a placeholder', () => {
    expect(
      matchingJourney(shown, [withLegs('a', '07:50', '16:00', 'own-car'), withLegs('c', '09:10', '16:13')])?.id,
    ).toBe('c');
    expect(matchingJourney(shown, [withLegs('a', '07:50', '16:00', 'own-car')])?.id).toBe('a');
    expect(matchingJourney(shown, [{ ...withLegs('p', '08:49', '16:43'), placeholder: true }])).toBeNull();
  });
  it('tells whether it comes home earlier', () => {
    expect(returnsEarlier(withLegs('b', '08:49', '16:43'), shown)).toBe(true);
    expect(returnsEarlier(withLegs('b', '08:49', '17:13'), shown)).toBe(false);
  });
});

describe('waiting for the re-planned search', () => {
  it('reads until the planner is done, with no fixed wait first', async () => {
    const states: PlannedSearch[] = [
      { status: 'pending', failure: null, journeys: [] },
      { status: 'running', failure: null, journeys: [] },
      { status: 'done', failure: null, journeys: [] },
    ];
    const read = vi.fn(async () => states.shift()!);
    const started = Date.now();
    expect((await untilPlanned(read, { everyMs: 10 })).status).toBe('done');
    expect(read).toHaveBeenCalledTimes(3);
    expect(Date.now() - started).toBeLessThan(1000);
  });
  it('gives up after the timeout', async () => {
    const read = async (): Promise<PlannedSearch> => ({ status: 'running', failure: null, journeys: [] });
    await expect(untilPlanned(read, { everyMs: 5, timeoutMs: 20 })).rejects.toThrow(/too long/);
  });
});
