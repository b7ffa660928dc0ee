/**
 * The place index: columnar record arrays plus an inverted index from
 * normalised tokens to records. Compact (typed arrays, one string list per
 * text column), serialisable (serialize.ts) and browser-safe.
 */
import { GB_BOX, inBox } from './geo';
import { normalizeText, tokenize } from './normalize';
import { PLACE_TYPES } from './types';
import type { Attribution, BiasBox, PlaceRecord, PlaceType } from './types';

export const PLACE_INDEX_VERSION = 1;

/** Which field of a record a token came from; lower is stronger. */
export const Field = { Label: 0, Secondary: 1, Keyword: 2 } as const;
export type Field = (typeof Field)[keyof typeof Field];

export interface PlaceIndexData {
  version: number;
  /** Records outside this box were dropped at build (Great Britain for UK regions). */
  country: BiasBox;
  attributions: Attribution[];
  sourceKeys: string[];
  ids: string[];
  labels: string[];
  secondary: string[];
  /** Index into PLACE_TYPES. */
  types: Uint8Array;
  /** Index into sourceKeys. */
  sources: Uint8Array;
  /** Microdegrees. */
  lat: Int32Array;
  lng: Int32Array;
  /** importance * 255. */
  importance: Uint8Array;
  /** Distinct tokens in each label (for "how much of the name did the query cover"). */
  labelTokens: Uint8Array;
  /** Sorted, unique normalised tokens. */
  tokens: string[];
  /** postings[postingStart[t] .. postingStart[t+1]) hold record << 2 | field for token t. */
  postingStart: Uint32Array;
  postings: Uint32Array;
}

export interface BuildOptions {
  /** Drop records outside this box (default Great Britain). */
  country?: BiasBox;
  attributions?: Attribution[];
}

/** Words a record is found by, with the field each came from (strongest kept). */
function recordTokens(record: PlaceRecord): Map<string, Field> {
  const found = new Map<string, Field>();
  const add = (text: string, field: Field): void => {
    for (const token of tokenize(text)) {
      const had = found.get(token);
      if (had === undefined || field < had) found.set(token, field);
    }
    // "Bo'ness": also findable as "bo ness".
    if (/['’‘`ʼ]/.test(text)) add(text.replace(/['’‘`ʼ]/g, ' '), Field.Keyword);
  };
  add(record.label, Field.Label);
  add(record.secondary, Field.Secondary);
  for (const keyword of record.keywords ?? []) add(keyword, Field.Keyword);
  return found;
}

export function buildPlaceIndex(input: readonly PlaceRecord[], options: BuildOptions = {}): PlaceIndexData {
  const country = options.country ?? GB_BOX;
  // Stable order and unique ids: the first record with an id wins.
  const seen = new Set<string>();
  const records = input.filter((r) => {
    if (seen.has(r.id) || !inBox(country, r.lat, r.lng) || !r.label.trim()) return false;
    seen.add(r.id);
    return true;
  });
  const n = records.length;
  const sourceKeys = [...new Set(records.map((r) => r.source))].sort();
  if (sourceKeys.length > 255) throw new Error('too many place sources');
  const sourceIndex = new Map(sourceKeys.map((k, i) => [k, i]));
  const typeIndex = new Map<PlaceType, number>(PLACE_TYPES.map((t, i) => [t, i]));

  const types = new Uint8Array(n);
  const sources = new Uint8Array(n);
  const lat = new Int32Array(n);
  const lng = new Int32Array(n);
  const importance = new Uint8Array(n);
  const labelTokens = new Uint8Array(n);
  const perToken = new Map<string, number[]>();

  records.forEach((r, i) => {
    types[i] = typeIndex.get(r.type) ?? 0;
    sources[i] = sourceIndex.get(r.source) ?? 0;
    lat[i] = Math.round(r.lat * 1e6);
    lng[i] = Math.round(r.lng * 1e6);
    importance[i] = Math.round(Math.max(0, Math.min(1, r.importance)) * 255);
    labelTokens[i] = Math.min(255, new Set(tokenize(r.label)).size);
    for (const [token, field] of recordTokens(r)) {
      let list = perToken.get(token);
      if (!list) perToken.set(token, (list = []));
      list.push((i << 2) | field);
    }
  });

  const tokens = [...perToken.keys()].sort();
  const postingStart = new Uint32Array(tokens.length + 1);
  let total = 0;
  tokens.forEach((t, i) => {
    postingStart[i] = total;
    total += perToken.get(t)!.length;
  });
  postingStart[tokens.length] = total;
  const postings = new Uint32Array(total);
  tokens.forEach((t, i) => postings.set(perToken.get(t)!, postingStart[i]!));

  const usedSources = new Set(sourceKeys);
  return {
    version: PLACE_INDEX_VERSION,
    country,
    attributions: (options.attributions ?? []).filter((a) => usedSources.has(a.key)),
    sourceKeys,
    ids: records.map((r) => r.id),
    labels: records.map((r) => r.label),
    secondary: records.map((r) => r.secondary),
    types,
    sources,
    lat,
    lng,
    importance,
    labelTokens,
    tokens,
    postingStart,
    postings,
  };
}

/** Normalised labels, computed once per loaded index (cheap; not serialised). */
export function normalizedLabels(data: PlaceIndexData): string[] {
  return data.labels.map((l) => normalizeText(l));
}
