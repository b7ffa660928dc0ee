/** Mode names as the cards say them (issue 32: modes in words, not icons only). */
import { describe, expect, it } from 'vitest';
import { modesInWords } from '../../../src/web/components/journey-labels';

describe('modesInWords', () => {
  it('reads the stages as a sentence does: the first capitalised, the rest lower case', () => {
    expect(modesInWords(['walk', 'train', 'walk'])).toBe('Walk, train, walk');
    expect(modesInWords(['bike-hire'])).toBe('Bike hire');
    expect(modesInWords(['own-car', 'drt', 'community-transport'])).toBe(
      'Own car, demand responsive transport, community transport',
    );
    expect(modesInWords([])).toBe('');
  });
});
