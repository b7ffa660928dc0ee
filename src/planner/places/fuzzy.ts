/**
 * Dictionary look-ups for one query token over the index's sorted token list:
 * exact, prefix (a binary-searched range) and typo-tolerant matches
 * (optimal-string-alignment distance, so a swapped pair costs 1). The fuzzy scan
 * walks the sorted list like a trie: rows for a shared prefix are reused, and a
 * prefix whose best row already exceeds the allowed distance skips every token
 * that starts with it.
 */

export const MatchKind = { Exact: 0, Prefix: 1, Fuzzy: 2, FuzzyPrefix: 3 } as const;
export type MatchKind = (typeof MatchKind)[keyof typeof MatchKind];

export interface TokenMatch {
  token: number;
  kind: MatchKind;
  /** Edit distance for fuzzy kinds, else 0. */
  distance: number;
}

/** First index i with tokens[i] >= key. */
export function lowerBound(tokens: readonly string[], key: string, from = 0): number {
  let lo = from;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (tokens[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Tokens that start with `prefix` occupy [start, end). */
export function prefixRange(tokens: readonly string[], prefix: string): [number, number] {
  const start = lowerBound(tokens, prefix);
  const end = lowerBound(tokens, `${prefix}\uffff`, start);
  return [start, end];
}

/** Allowed typos: 1 for tokens of 4 to 7 characters, 2 from 8; none with digits (postcodes, house numbers). */
export function maxTypos(token: string): number {
  if (/\d/.test(token)) return 0;
  if (token.length >= 8) return 2;
  if (token.length >= 4) return 1;
  return 0;
}

const MAX_LEN = 64;
const rows = new Int32Array((MAX_LEN + 1) * (MAX_LEN + 1));

/**
 * Tokens within `k` edits of `query` (Fuzzy), and, when `prefix` is set, tokens
 * with a prefix within `k` edits of it (FuzzyPrefix). Exact and plain prefix
 * matches are left to the caller.
 */
export function fuzzyMatches(
  tokens: readonly string[],
  query: string,
  k: number,
  prefix: boolean,
  out: TokenMatch[],
  from = 0,
  to = tokens.length,
): void {
  const q = query.length;
  if (k <= 0 || q > MAX_LEN - k) return;
  const width = q + 1;
  // Row 0: distance from the empty token prefix to each query prefix.
  for (let j = 0; j <= q; j++) rows[j] = j;
  let prev = '';
  let i = from;
  const n = Math.min(to, tokens.length);
  while (i < n) {
    const t = tokens[i]!;
    const tl = Math.min(t.length, MAX_LEN);
    let cp = 0;
    const lim = Math.min(prev.length, tl);
    while (cp < lim && prev.charCodeAt(cp) === t.charCodeAt(cp)) cp++;
    prev = t;
    let pruneAt = -1;
    let bestPrefix = Number.MAX_SAFE_INTEGER;
    // Rows 1..cp are still valid from the previous token; recheck the prefix minimum there.
    if (prefix) for (let r = 1; r <= cp; r++) bestPrefix = Math.min(bestPrefix, rows[r * width + q]!);
    for (let r = cp + 1; r <= tl; r++) {
      const base = r * width;
      const up = base - width;
      const tc = t.charCodeAt(r - 1);
      rows[base] = r;
      let rowMin = r;
      for (let j = 1; j <= q; j++) {
        const cost = query.charCodeAt(j - 1) === tc ? 0 : 1;
        let v = Math.min(rows[up + j]! + 1, rows[base + j - 1]! + 1, rows[up + j - 1]! + cost);
        if (r > 1 && j > 1 && tc === query.charCodeAt(j - 2) && t.charCodeAt(r - 2) === query.charCodeAt(j - 1)) {
          v = Math.min(v, rows[up - width + j - 2]! + 1);
        }
        rows[base + j] = v;
        if (v < rowMin) rowMin = v;
      }
      if (prefix && rows[base + q]! < bestPrefix) bestPrefix = rows[base + q]!;
      if (rowMin > k) {
        pruneAt = r;
        break;
      }
    }
    if (pruneAt >= 0) {
      // Every token starting with t[0..pruneAt) is out of reach: jump past them.
      const stem = t.slice(0, pruneAt);
      const next = Math.min(n, lowerBound(tokens, `${stem}\uffff`, i + 1));
      // A typo'd prefix already matched inside the stem: every token under it continues that prefix.
      if (prefix && bestPrefix > 0 && bestPrefix <= k) {
        for (let j = i; j < next; j++)
          if (tokens[j]!.length > q) out.push({ token: j, kind: MatchKind.FuzzyPrefix, distance: bestPrefix });
      }
      // The rows beyond the stem are stale; make the next token recompute from the stem.
      prev = stem;
      i = next;
      continue;
    }
    const full = rows[tl * width + q]!;
    if (full <= k && full > 0) out.push({ token: i, kind: MatchKind.Fuzzy, distance: full });
    else if (prefix && full > 0 && bestPrefix > 0 && bestPrefix <= k && tl > q)
      out.push({ token: i, kind: MatchKind.FuzzyPrefix, distance: bestPrefix });
    i++;
  }
}
