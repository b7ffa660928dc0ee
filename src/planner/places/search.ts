/**
 * Autocomplete search. Every query word must match some field of a place
 * (label, secondary text or keywords), in any order, exactly, as a prefix,
 * through a common abbreviation, or with typos (1 edit from 4 letters, 2 from
 * 8). Ranking adds up match quality (exact > prefix > fuzzy; label > keyword >
 * secondary), how much of the name the query covers, an exact-name bonus, the
 * place's importance and nearness to the brand's bias box. Typos are looked
 * for after a correct first letter ("Stirlng", "Edinbrugh"; not "Ztirling").
 */
import { Field } from './build';
import { fuzzyMatches, lowerBound, MatchKind, maxTypos, prefixRange } from './fuzzy';
import type { TokenMatch } from './fuzzy';
import { distanceToBoxM, inBox } from './geo';
import { ALTERNATIVES } from './normalize';
import type { PlaceIndex } from './place-index';
import { PLACE_TYPES } from './types';
import type { BiasBox, PlaceResult, SearchOptions } from './types';
import { checkQuery } from './validate';
import type { QueryError } from './validate';

export const MAX_RESULTS = 8;
const MAX_QUERY_TOKENS = 8;

export type SearchOutcome = { ok: true; results: PlaceResult[] } | { ok: false; error: QueryError };

/** A result with its ranking score (higher first), for merging the answers of several indexes. */
export interface ScoredPlace {
  place: PlaceResult;
  score: number;
}

export type ScoredSearchOutcome = { ok: true; results: ScoredPlace[] } | { ok: false; error: QueryError };

/** How many results a search answers: options.limit clamped to 1..8, default 8. */
export function resultLimit(options: SearchOptions): number {
  const asked =
    typeof options.limit === 'number' && Number.isFinite(options.limit) ? Math.floor(options.limit) : MAX_RESULTS;
  return Math.max(1, Math.min(MAX_RESULTS, asked));
}

/** Near-identical places (same normalised name and kind, within about 500 m) count once: true when `seen` has one like this. */
export function seenNearby(
  seen: { key: string; lat: number; lng: number }[],
  key: string,
  lat: number,
  lng: number,
): boolean {
  return seen.some((x) => x.key === key && Math.abs(x.lat - lat) < 0.005 && Math.abs(x.lng - lng) < 0.008);
}

const FIELD_WEIGHT = [1, 0.75, 0.85, 0.85];

/** Ranking weights, in one place so they can be tuned against the golden queries. */
export const WEIGHTS = {
  coverage: 0.25,
  exactLabel: 0.3,
  labelStartsWith: 0.12,
  importance: 0.3,
  insideBias: 0.35,
  /** Outside the box: this much at its edge, fading with distance. */
  nearBias: 0.15,
  nearBiasFadeKm: 25,
};

function quality(match: TokenMatch, queryLength: number, tokenLength: number, isLast: boolean): number {
  switch (match.kind) {
    case MatchKind.Exact:
      return 1;
    case MatchKind.Prefix:
      // A finished word typed before the last one is less likely to be a prefix.
      return (isLast ? 0.55 : 0.45) + 0.35 * (queryLength / tokenLength);
    case MatchKind.Fuzzy:
      return match.distance === 1 ? 0.62 : 0.48;
    default:
      return match.distance === 1 ? 0.5 : 0.4;
  }
}

function validBox(box: BiasBox | undefined): box is BiasBox {
  return (
    box !== undefined &&
    [box.south, box.west, box.north, box.east].every((x) => typeof x === 'number' && Number.isFinite(x)) &&
    box.south < box.north &&
    box.west < box.east
  );
}

export function searchPlaces(index: PlaceIndex, query: unknown, options: SearchOptions = {}): SearchOutcome {
  const outcome = searchPlacesScored(index, query, options);
  return outcome.ok ? { ok: true, results: outcome.results.map((s) => s.place) } : outcome;
}

export function searchPlacesScored(
  index: PlaceIndex,
  query: unknown,
  options: SearchOptions = {},
): ScoredSearchOutcome {
  try {
    const check = checkQuery(query);
    if (!check.ok) return check;
    return { ok: true, results: run(index, check.normalized, options) };
  } catch {
    // Never a throw towards the API or the UI: a failed search finds nothing.
    return { ok: true, results: [] };
  }
}

function run(index: PlaceIndex, normalized: string, options: SearchOptions): ScoredPlace[] {
  const d = index.data;
  const s = index.scratch;
  const words = [...new Set(normalized.split(' '))].slice(0, MAX_QUERY_TOKENS);
  const limit = resultLimit(options);
  const tokens = d.tokens;
  if (s.gen >= 0xfffffff0) {
    s.stamp.fill(0);
    s.gen = 0;
  }
  const gen = ++s.gen;
  // Records that matched every word so far: survivors[0 .. survivorCount).
  let survivors = s.touchedA;
  let survivorCount = 0;
  const matchTokens = s.matchTokens;
  const matchQuality = s.matchQuality;

  for (let ti = 0; ti < words.length; ti++) {
    const word = words[ti]!;
    const isLast = ti === words.length - 1;
    // Matched dictionary tokens with their quality; a token met twice is resolved by the per-record max below.
    matchTokens.length = 0;
    matchQuality.length = 0;
    const at = lowerBound(tokens, word);
    const exact = tokens[at] === word;
    if (exact) {
      matchTokens.push(at);
      matchQuality.push(1);
    }
    const [start, end] = prefixRange(tokens, word);
    const prefixBase = isLast ? 0.55 : 0.45;
    for (let t = start; t < end; t++) {
      if (t === at && exact) continue;
      matchTokens.push(t);
      matchQuality.push(prefixBase + 0.35 * (word.length / tokens[t]!.length));
    }
    for (const alt of ALTERNATIVES.get(word) ?? []) {
      const a = lowerBound(tokens, alt);
      if (tokens[a] === alt) {
        matchTokens.push(a);
        matchQuality.push(0.95);
      }
    }
    const k = maxTypos(word);
    if (k > 0 && !exact) {
      const fuzzy: TokenMatch[] = [];
      // Like a search engine's prefix_length 1: typos are looked for after a correct first letter,
      // which keeps the scan to one letter's slice of the dictionary.
      const [from, to] = prefixRange(tokens, word.charAt(0));
      fuzzyMatches(tokens, word, k, isLast && word.length >= 5, fuzzy, from, to);
      for (const m of fuzzy) {
        matchTokens.push(m.token);
        matchQuality.push(quality(m, word.length, tokens[m.token]!.length, isLast));
      }
    }
    if (matchTokens.length === 0) return [];

    // Best weighted quality per record for this word; records must have matched all earlier words.
    if (s.tokGen >= 0xfffffff0) {
      s.tokStamp.fill(0);
      s.tokGen = 0;
    }
    const tokGen = ++s.tokGen;
    const touched = survivors === s.touchedA ? s.touchedB : s.touchedA;
    let touchedCount = 0;
    for (let m = 0; m < matchTokens.length; m++) {
      const token = matchTokens[m]!;
      const q = matchQuality[m]!;
      const end = d.postingStart[token + 1]!;
      for (let p = d.postingStart[token]!; p < end; p++) {
        const posting = d.postings[p]!;
        const r = posting >>> 2;
        if (ti > 0 && (s.stamp[r] !== gen || s.count[r] !== ti)) continue;
        const field = posting & 3;
        const w = q * FIELD_WEIGHT[field]!;
        if (s.tokStamp[r] !== tokGen) {
          s.tokStamp[r] = tokGen;
          s.tokBest[r] = w;
          s.tokLabel[r] = field === Field.Label ? 1 : 0;
          touched[touchedCount++] = r;
        } else {
          if (w > s.tokBest[r]!) s.tokBest[r] = w;
          if (field === Field.Label) s.tokLabel[r] = 1;
        }
      }
    }
    for (let i = 0; i < touchedCount; i++) {
      const r = touched[i]!;
      if (ti === 0) {
        s.stamp[r] = gen;
        s.score[r] = s.tokBest[r]!;
        s.labelHits[r] = s.tokLabel[r]!;
      } else {
        s.score[r] = s.score[r]! + s.tokBest[r]!;
        s.labelHits[r] = s.labelHits[r]! + s.tokLabel[r]!;
      }
      s.count[r] = ti + 1;
    }
    survivors = touched;
    survivorCount = touchedCount;
    if (survivorCount === 0) return [];
  }

  const box = validBox(options.bias) ? options.bias : undefined;
  const allowed = options.types ? new Set(options.types.map((t) => PLACE_TYPES.indexOf(t))) : undefined;
  const compactQuery = normalized.replace(/ /g, '');
  const keep = limit * 3;
  const top: { r: number; score: number }[] = [];
  const maxBonus = WEIGHTS.exactLabel + (box ? WEIGHTS.insideBias : 0);
  for (let i = 0; i < survivorCount; i++) {
    const r = survivors[i]!;
    if (allowed && !allowed.has(d.types[r]!)) continue;
    let score = s.score[r]! / words.length;
    score += WEIGHTS.coverage * Math.min(1, s.labelHits[r]! / Math.max(1, d.labelTokens[r]!));
    score += WEIGHTS.importance * (d.importance[r]! / 255);
    score -= d.types[r]! * 0.0005; // stable type order among otherwise equal places
    // Cannot reach the kept list even with every bonus: skip the costlier parts.
    if (top.length >= keep && score + maxBonus < top[top.length - 1]!.score) continue;
    if (box) {
      const lat = d.lat[r]! / 1e6;
      const lng = d.lng[r]! / 1e6;
      score += inBox(box, lat, lng)
        ? WEIGHTS.insideBias
        : WEIGHTS.nearBias * Math.exp(-distanceToBoxM(box, lat, lng) / 1000 / WEIGHTS.nearBiasFadeKm);
    }
    if (top.length >= keep && score + WEIGHTS.exactLabel < top[top.length - 1]!.score) continue;
    const label = index.normalizedLabel(r);
    if (label === normalized || index.compactLabel(r) === compactQuery) score += WEIGHTS.exactLabel;
    else if (label.startsWith(normalized)) score += WEIGHTS.labelStartsWith;
    insertTop(top, { r, score }, keep);
  }

  // One entry per name and kind in one spot: keep the better of near-identical places.
  const results: ScoredPlace[] = [];
  const seen: { key: string; lat: number; lng: number }[] = [];
  for (const { r, score } of top) {
    const result = index.result(r);
    const key = `${index.normalizedLabel(r)}|${result.type}`;
    if (seenNearby(seen, key, result.lat, result.lng)) continue;
    seen.push({ key, lat: result.lat, lng: result.lng });
    results.push({ place: result, score });
    if (results.length >= limit) break;
  }
  return results;
}

/** Keeps `top` sorted by score (desc; ties by record order) and at most `keep` long. */
function insertTop(top: { r: number; score: number }[], item: { r: number; score: number }, keep: number): void {
  let i = top.length;
  while (i > 0) {
    const prev = top[i - 1]!;
    if (prev.score > item.score || (prev.score === item.score && prev.r < item.r)) break;
    i--;
  }
  if (i >= keep) return;
  top.splice(i, 0, item);
  if (top.length > keep) top.pop();
}
