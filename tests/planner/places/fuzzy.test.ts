/** The sorted-list fuzzy scan agrees with a brute-force edit distance. */
import { describe, expect, it } from 'vitest';
import { fuzzyMatches, MatchKind, maxTypos } from '../../../src/planner/places/fuzzy';
import type { TokenMatch } from '../../../src/planner/places/fuzzy';
import { tayside } from './tayside';

/** Optimal string alignment distance (adjacent transposition costs 1). */
function osa(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

describe('fuzzy token matching', () => {
  it('allows 1 typo from 4 letters, 2 from 8, none with digits', () => {
    expect([maxTypos('abc'), maxTypos('abcd'), maxTypos('abcdefg'), maxTypos('abcdefgh'), maxTypos('dd14hn')]).toEqual([
      0, 1, 1, 2, 0,
    ]);
  });

  it('finds exactly the tokens a brute-force distance finds', () => {
    const tokens = tayside().index.data.tokens;
    const words = tokens.filter((t) => /^[a-z]+$/.test(t));
    const queries = [
      'stirlng',
      'dunde',
      'edinbrugh',
      'abroath',
      'kirkcaldyy',
      'mnotrose',
      'glasgow',
      'xqzv',
      'broughty',
      'pitlochyr',
    ];
    for (let i = 0; i < 24; i++) {
      // Deterministic mutations of real tokens: a deletion, a swap, a substitution.
      const w = words[(i * 7919) % words.length]!;
      if (w.length < 4) continue;
      const p = 1 + (i % (w.length - 1));
      queries.push(
        i % 3 === 0
          ? w.slice(0, p) + w.slice(p + 1)
          : i % 3 === 1
            ? w.slice(0, p - 1) + w[p] + w[p - 1] + w.slice(p + 1)
            : `${w.slice(0, p)}q${w.slice(p + 1)}`,
      );
    }
    for (const q of queries) {
      const k = maxTypos(q);
      if (k === 0) continue;
      const got: TokenMatch[] = [];
      fuzzyMatches(tokens, q, k, false, got);
      // Edit distance is at least the length difference, so only near-length tokens need the full computation.
      const expected = tokens
        .map((t, i) => [i, Math.abs(t.length - q.length) > k ? k + 1 : osa(q, t)] as const)
        .filter(([, dist]) => dist > 0 && dist <= k);
      expect(
        got.map((m) => [m.token, m.distance]).sort((a, b) => a[0]! - b[0]!),
        q,
      ).toEqual(expected.map(([i, dist]) => [i, dist]));
      expect(got.every((m) => m.kind === MatchKind.Fuzzy)).toBe(true);
    }
  });

  it('matches a typo in a partly typed word when asked for prefixes', () => {
    const tokens = ['stirling', 'stirlingshire', 'stornoway'];
    const got: TokenMatch[] = [];
    fuzzyMatches(tokens, 'stirlm', 1, true, got); // "stirl" + typo
    expect(got.map((m) => tokens[m.token])).toEqual(['stirling', 'stirlingshire']);
    expect(got.every((m) => m.kind === MatchKind.FuzzyPrefix && m.distance === 1)).toBe(true);
  });
});
