import { describe, expect, it } from 'vitest';
import { screenKeyOf } from '../../../src/web/lib/screen-key';
import { parseCodeSearch, parseJourneySearch, parseResultsSearch } from '../../../src/web/lib/search-params';

describe('results search params', () => {
  it('keeps known sorts and comma-separated stages', () => {
    expect(parseResultsSearch({ sort: 'depature-time', filters: 'train,bus, own car' })).toEqual({
      sort: 'depature-time',
      filters: 'train,bus,own car',
    });
  });
  it('drops unknown sorts, non-text and hostile filters', () => {
    expect(parseResultsSearch({ sort: 'departure-time', filters: 42 })).toEqual({});
    expect(parseResultsSearch({ filters: '<script>,train' })).toEqual({ filters: 'train' });
    expect(parseResultsSearch({ filters: 'x'.repeat(301) })).toEqual({});
  });
});

describe('journey search params', () => {
  it('reads journeyType and show from strings or parsed JSON', () => {
    expect(parseJourneySearch({ journeyType: 'return', show: 'true' })).toEqual({ journeyType: 'return', show: true });
    expect(parseJourneySearch({ journeyType: 'depart', show: false })).toEqual({ journeyType: 'depart', show: false });
  });
  it('ignores anything else', () => {
    expect(parseJourneySearch({ journeyType: 'sideways', show: 'yes' })).toEqual({});
  });
});

describe('code search param', () => {
  it('accepts a token-like code, including one the router parsed as a number', () => {
    expect(parseCodeSearch({ code: 'a1B2-c3_d4' })).toEqual({ code: 'a1B2-c3_d4' });
    expect(parseCodeSearch({ code: 123456 })).toEqual({ code: '123456' });
  });
  it('rejects codes with other characters', () => {
    expect(parseCodeSearch({ code: 'abc def' })).toEqual({});
    expect(parseCodeSearch({ code: "1' or '1'='1" })).toEqual({});
  });
});

describe('screen keys (the shell remounts a screen when its key changes)', () => {
  it("ignore Results' sort and filters but not the journey's stage or type", () => {
    const results = '/search/abc/results';
    expect(screenKeyOf(results, { sort: 'cost', filters: 'train' })).toBe(screenKeyOf(results, {}));
    const journey = '/search/abc/results/j1';
    expect(screenKeyOf(journey, { stage: 2 })).not.toBe(screenKeyOf(journey, { stage: 3 }));
    expect(screenKeyOf(journey, { journeyType: 'return', stage: 1 })).toBe(
      screenKeyOf(journey, { stage: 1, journeyType: 'return' }),
    );
  });
});
