/** The health brand's return options, updated in place (issue 21 item 2). */
import { describe, expect, it, vi } from 'vitest';
import type { Journey } from '../../../../src/contract/journey';
import {
  appointmentEnd,
  matchingJourney,
  returnsEarlier,
  returnsLater,
  returnStep,
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

describe('the early and later return options', () => {
  // The ways home the planner found for this option: 16:13, 16:43, 17:13 (shown), 17:58.
  const found = {
    ...shown,
    return_departures: ['2026-11-30T16:13', '2026-11-30T16:43', '2026-11-30T17:13', '2026-11-30T17:58'],
  };
  it('go to the way home found just before or after the one shown, not 30 minutes either way', () => {
    expect(returnStep(found, 'later', '2026/11/30 16:00:00', 60)).toEqual({ time: '2026/11/30 17:58:00', known: true });
    expect(returnStep(found, 'early', '2026/11/30 16:00:00', 60)).toEqual({ time: '2026/11/30 16:43:00', known: true });
  });
  it('search after the way home shown when none later was found', () => {
    const last = { ...found, return: { ...shown.return!, departure_at: '17:58' } };
    expect(returnStep(last, 'later', '2026/11/30 16:00:00', 60)).toEqual({ time: '2026/11/30 17:59:00', known: false });
    // Journeys planned before return_departures: the same search.
    expect(returnStep(shown, 'later', '2026/11/30 16:00:00', 60)).toEqual({
      time: '2026/11/30 17:14:00',
      known: false,
    });
  });
  it('search the window before the way home shown when none earlier was found, never before the appointment', () => {
    const first = { ...found, return: { ...shown.return!, departure_at: '16:13' } };
    expect(returnStep(first, 'early', '2026/11/30 16:00:00', 60)).toEqual({
      time: '2026/11/30 14:13:00',
      known: false,
    });
    // 09:16 arrival + 1 hour = 10:16: two hours before 11:00 would be before it.
    const soon = { ...found, return: { ...shown.return!, departure_at: '11:00' }, return_departures: [] };
    expect(returnStep(soon, 'early', '2026/11/30 11:00:00', 60)).toEqual({ time: '2026/11/30 10:16:00', known: false });
    expect(appointmentEnd(shown.depart, 60)).toBe('10:16');
  });
  it('are none when the return is already at the appointment end, or there is no way home to go later than', () => {
    const first = { ...found, return: { ...shown.return!, departure_at: '16:13' } };
    expect(returnStep(first, 'early', '2026/11/30 10:16:00', 60)).toBeNull();
    expect(returnStep(shown, 'early', '2026/11/30 10:46:00', 90)).toBeNull();
    expect(returnStep({ ...shown, return: undefined }, 'later', '2026/11/30 16:00:00', 60)).toBeNull();
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
    expect(returnsLater(withLegs('b', '08:49', '17:58'), shown)).toBe(true);
    expect(returnsLater(withLegs('b', '08:49', '17:13'), shown)).toBe(false);
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
