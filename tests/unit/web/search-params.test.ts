import { describe, expect, it } from 'vitest';
import { parseCodeSearch, parseJourneySearch, parseResultsSearch } from '../../../src/web/lib/search-params';

describe('results search params', () => {
  it('keeps known sorts and comma-separated stages', () => {
    expect(parseResultsSearch({ sort: 'depature-time', filters: 'train,bus, own car' })).toEqual({ sort: 'depature-time', filters: 'train,bus,own car' });
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
