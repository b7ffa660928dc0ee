import { describe, expect, it } from 'vitest';
import { londonToday } from '../../src/vocabulary/time';
import { ageOn, normalisePasses, parseIsoDate, passwordProblems } from '../../src/contract/account-rules';
import { RAILCARDS, TITLES, impressionIsStale } from '../../src/vocabulary/index';
import { pageMeta, pageOffset } from '../../src/contract/paging';
import { registerFormSchema } from '../../src/contract/users';

describe('option lists', () => {
  it("are the SPEC's, in its order and spelling", () => {
    expect(TITLES).toEqual([
      'Mr',
      'Mrs',
      'Ms',
      'Miss',
      'Dr',
      'Prof',
      'Sir',
      'Dame',
      'Reverend',
      'Duke',
      'Duchess',
      'Other',
    ]);
    expect(RAILCARDS).toEqual([
      '16-17 Saver',
      '16-25 Railcard',
      '26-30 Railcard',
      'Disabled Persons Railcard',
      'Senior Railcard',
    ]);
  });
});

describe('age from date of birth', () => {
  it('counts whole years, turning on the birthday', () => {
    expect(ageOn('2012-06-15', '2024-06-14')).toBe(11);
    expect(ageOn('2012-06-15', '2024-06-15')).toBe(12);
    expect(ageOn('2012-06-15', '2025-01-01')).toBe(12);
    expect(ageOn('1990-12-31', '2026-01-01')).toBe(35);
  });
  it('treats a 29 February birthday as passed on 1 March in other years', () => {
    expect(ageOn('2008-02-29', '2020-02-28')).toBe(11);
    expect(ageOn('2008-02-29', '2020-02-29')).toBe(12);
    expect(ageOn('2008-02-29', '2021-02-28')).toBe(12);
    expect(ageOn('2009-02-28', '2021-02-28')).toBe(12);
  });
  it('rejects dates that do not exist or are malformed', () => {
    for (const bad of [
      '2023-02-29',
      '2023-13-01',
      '2023-00-10',
      '2023-04-31',
      '23-01-01',
      '2023/01/01',
      '2023-1-1',
      ' 2023-01-01',
      '',
    ]) {
      expect(parseIsoDate(bad), bad).toBeNull();
      expect(ageOn(bad, '2024-01-01'), bad).toBeNull();
    }
  });
  it("uses London's calendar date", () => {
    expect(londonToday(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01'); // BST
    expect(londonToday(new Date('2026-01-31T23:30:00Z'))).toBe('2026-01-31'); // GMT
  });
  it('is what the register form enforces: 12 or over, not in the future', () => {
    const schema = registerFormSchema(() => '2026-03-10');
    const dobErrors = (dob: string) => {
      const result = schema.safeParse({ dob });
      return result.error?.issues.filter((issue) => issue.path[0] === 'dob').map((issue) => issue.message) ?? [];
    };
    expect(dobErrors('2014-03-10')).toEqual([]);
    expect(dobErrors('2014-03-11')).toEqual(['You must be aged 12 or over to register.']);
    expect(dobErrors('2026-03-11')).toEqual(['The date of birth must not be in the future.']);
    expect(dobErrors('1850-01-01')).toEqual(['Check the year of the date of birth.']);
  });
});

describe('Young Scot and railcard rules', () => {
  it('clears the new-card flag unless the card is held', () => {
    expect(normalisePasses({ has_young_scot_card: false, has_new_young_scot_card: true })).toEqual({
      has_young_scot_card: false,
      has_new_young_scot_card: false,
    });
    expect(normalisePasses({ has_new_young_scot_card: true })).toEqual({ has_new_young_scot_card: false });
    expect(normalisePasses({ has_young_scot_card: true, has_new_young_scot_card: true })).toEqual({
      has_young_scot_card: true,
      has_new_young_scot_card: true,
    });
    expect(normalisePasses({ has_young_scot_card: true, has_new_young_scot_card: false })).toEqual({
      has_young_scot_card: true,
      has_new_young_scot_card: false,
    });
  });
  it('stores railcard "No" (empty) as none', () => {
    expect(normalisePasses({ railcard: '' }).railcard).toBeNull();
    expect(normalisePasses({ railcard: 'Senior Railcard' }).railcard).toBe('Senior Railcard');
  });
});

describe('password rules', () => {
  it('states each broken rule', () => {
    expect(passwordProblems('short')).toEqual(['The password must be at least 10 characters.']);
    expect(passwordProblems('long enough pass')).toEqual([]);
    expect(passwordProblems('x'.repeat(129))).toEqual([
      'The password must be at most 128 characters.',
      'The password must not be one character repeated.',
    ]);
    expect(passwordProblems('aaaaaaaaaaaa')).toEqual(['The password must not be one character repeated.']);
    expect(passwordProblems(' Isla@Example.org ', 'isla@example.org')).toEqual([
      'The password must not be your e-mail address.',
    ]);
    expect(passwordProblems('isla@example.org!', 'isla@example.org')).toEqual([]);
  });
  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblems('🚆🚌🚲🚶🚕🚆🚌🚲🚶')).toEqual(['The password must be at least 10 characters.']);
    expect(passwordProblems('🚆🚌🚲🚶🚕🚆🚌🚲🚶⛴')).toEqual([]);
  });
});

describe('pagination meta', () => {
  it('has total, per_page, current_page and a last_page of at least 1', () => {
    expect(pageMeta(0, 10, 1)).toEqual({ total: 0, per_page: 10, current_page: 1, last_page: 1 });
    expect(pageMeta(10, 10, 1)).toEqual({ total: 10, per_page: 10, current_page: 1, last_page: 1 });
    expect(pageMeta(11, 10, 2)).toEqual({ total: 11, per_page: 10, current_page: 2, last_page: 2 });
    expect(pageMeta(3, 1, 5)).toEqual({ total: 3, per_page: 1, current_page: 5, last_page: 3 });
    expect(pageOffset(10, 1)).toBe(0);
    expect(pageOffset(10, 3)).toBe(20);
  });
});

describe('campaign impressions', () => {
  it('go stale one day after expires_at (SPEC section 9)', () => {
    const expiresAt = '2026-05-01T12:00:00.000Z';
    expect(impressionIsStale(expiresAt, new Date('2026-05-02T11:59:59Z'))).toBe(false);
    expect(impressionIsStale(expiresAt, new Date('2026-05-02T12:00:01Z'))).toBe(true);
  });
});
