/** The planner link's raw parameters: strings only, bounded, numbers as text. */
import { describe, expect, it } from 'vitest';
import { hasPlannerLink, MAX_LINK_VALUE, parsePlannerLink } from '../../../src/web/lib/planner-link';

describe('parsePlannerLink', () => {
  it('keeps the known parameters as text and drops the rest', () => {
    expect(parsePlannerLink({ from: 'Perth', to: 56.4, time: '2026-12-01T08:00', evil: 'x', return: '' })).toEqual({
      from: 'Perth',
      to: '56.4',
      time: '2026-12-01T08:00',
    });
    expect(hasPlannerLink(parsePlannerLink({ sort: 'cost' }))).toBe(false);
  });
  it('cuts a huge value just past the limit, so the check refuses it rather than the page choking', () => {
    expect(parsePlannerLink({ from: 'x'.repeat(10_000) }).from).toHaveLength(MAX_LINK_VALUE + 1);
    expect(parsePlannerLink({ from: { nested: true } })).toEqual({});
  });
});
