/**
 * The prefilled planner link checked as the form checks input (issue 31): places taken only when
 * a suggestion matches, times inside the planning window, markup never looked up. The provider is
 * an in-memory one answering with places of the Tayside index (the e2e asks the real API).
 */
import { describe, expect, it } from 'vitest';
import { parsePlannerLink, plannerLink } from '../../../../src/web/lib/planner-link';
import { PREFILL_MESSAGES, prefillFromLink, suggestionMatches } from '../../../../src/web/features/search/prefill';
import type { PlaceProvider, PlaceSuggestion } from '../../../../src/web/features/search/places/types';

const PLACES: PlaceSuggestion[] = [
  { id: 'a', label: 'Perth, Perth and Kinross', secondary: 'Town', lat: 56.3952, lng: -3.4374 },
  { id: 'b', label: 'Ninewells Hospital, Dundee', secondary: 'Hospital', lat: 56.4637, lng: -3.0385 },
  { id: 'c', label: 'Dundee Railway Station, Dundee', secondary: 'Station', lat: 56.4566, lng: -2.9713 },
];

function provider() {
  const asked: string[] = [];
  const p: PlaceProvider = {
    name: 'built-in',
    autocomplete: async (q) => {
      asked.push(q);
      return PLACES.filter((s) => s.label.toLowerCase().includes(q.toLowerCase().split(' ')[0]!));
    },
    reverse: async (lat, lng) => ({ label: 'Near Perth', lat, lng }),
  };
  return { p, asked };
}

const NOW = new Date('2026-11-27T10:00:00Z'); // 10:00 GMT
const signal = new AbortController().signal;

describe('prefillFromLink', () => {
  it('fills both places and the times from a good link', async () => {
    const { p } = provider();
    const r = await prefillFromLink(
      parsePlannerLink({
        from: 'Dundee Railway Station',
        to: 'Ninewells',
        time: '2026-12-01T08:32',
        return: '2026-12-01T17:00',
      }),
      p,
      NOW,
      signal,
    );
    expect(r.problems).toEqual([]);
    expect(r.state.origin?.label).toBe('Dundee Railway Station, Dundee');
    expect(r.state.destination).toEqual({ label: 'Ninewells Hospital, Dundee', lat: 56.4637, lng: -3.0385 });
    expect(r.state.out_time).toBe('2026-12-01T08:35'); // up to the form's five-minute step
    expect(r.state.journeyType).toBe('return');
    expect(r.state.return_time).toBe('2026-12-01T17:00');
  });

  it('an unknown place is left empty with a message naming it', async () => {
    const { p } = provider();
    const r = await prefillFromLink(parsePlannerLink({ from: 'Atlantis', to: 'Perth' }), p, NOW, signal);
    expect(r.state.origin).toBeNull();
    expect(r.state.destination?.label).toBe('Perth, Perth and Kinross');
    expect(r.problems).toEqual([PREFILL_MESSAGES.notFound('From', 'Atlantis')]);
  });

  it('a past time says so and keeps the form at now', async () => {
    const { p } = provider();
    const r = await prefillFromLink(parsePlannerLink({ time: '2026-11-20T08:00' }), p, NOW, signal);
    expect(r.problems).toEqual([PREFILL_MESSAGES.past('08:00 on Fri 20 Nov')]);
    expect(r.state.out_time).toBe('2026-11-27T10:00');
  });

  it('script in a parameter is never looked up nor echoed', async () => {
    const { p, asked } = provider();
    const script = '<script>alert(1)</script>';
    const r = await prefillFromLink(
      parsePlannerLink({ from: script, to: 'javascript:alert(1)', time: script }),
      p,
      NOW,
      signal,
    );
    expect(asked).toEqual([]);
    expect(r.problems).toEqual([
      PREFILL_MESSAGES.notAPlace('From'),
      PREFILL_MESSAGES.notAPlace('To'),
      PREFILL_MESSAGES.badTime('leave'),
    ]);
    expect(r.problems.join(' ')).not.toContain('<script');
  });

  it('too far ahead, or a return before leaving, are refused with their own words', async () => {
    const { p } = provider();
    const far = await prefillFromLink(parsePlannerLink({ time: '2027-07-01T08:00' }), p, NOW, signal);
    expect(far.problems).toEqual([PREFILL_MESSAGES.tooFar('08:00 on Thu 1 Jul', 'leave')]);
    const back = await prefillFromLink(
      parsePlannerLink({ time: '2026-12-01T08:00', return: '2026-12-01T07:00' }),
      p,
      NOW,
      signal,
    );
    expect(back.problems).toEqual([PREFILL_MESSAGES.returnBefore('07:00 on Tue 1 Dec')]);
    expect(back.state.journeyType).toBe('single');
  });

  it('coordinates with a name, as a shared device journey links them, round-trip', async () => {
    const { p, asked } = provider();
    const url = plannerLink('https://x.example', {
      from: { label: 'Dundee Railway Station, Dundee', lat: 56.4566, lng: -2.9713 },
      to: { label: 'Perth, Perth and Kinross', lat: 56.3952, lng: -3.4374 },
      time: '2026-12-01T08:30',
    });
    const params = Object.fromEntries(new URL(url).searchParams);
    const r = await prefillFromLink(parsePlannerLink(params), p, NOW, signal);
    expect(asked).toEqual([]);
    expect(r.problems).toEqual([]);
    expect(r.state.origin).toEqual({ label: 'Dundee Railway Station, Dundee', lat: 56.4566, lng: -2.9713 });
    expect(r.state.out_time).toBe('2026-12-01T08:30');
    const bare = await prefillFromLink(parsePlannerLink({ from: '56.39,-3.43', to: '91,0' }), p, NOW, signal);
    expect(bare.state.origin?.label).toBe('Near Perth');
    expect(bare.problems).toEqual([PREFILL_MESSAGES.notAPlace('To')]);
  });
});

describe('suggestionMatches', () => {
  it('takes a suggestion only when every word typed begins one of its words', () => {
    expect(suggestionMatches('ninewells', 'Ninewells Hospital, Dundee')).toBe(true);
    expect(suggestionMatches('Dundee rail', 'Dundee Railway Station, Dundee')).toBe(true);
    expect(suggestionMatches('Perth Academy', 'Perth, Perth and Kinross')).toBe(false);
  });
});
