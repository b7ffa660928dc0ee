/**
 * Query validation: what the autocomplete accepts. Bad input is answered with
 * a typed error (the API turns it into a 400) or, through `search`, an empty
 * list - never a throw.
 */
import { normalizeText } from './normalize';

export const MIN_QUERY_CHARS = 2;
export const MAX_QUERY_CHARS = 100;

export type QueryErrorCode = 'not_text' | 'empty' | 'too_short' | 'too_long' | 'invalid_characters';

export interface QueryError {
  code: QueryErrorCode;
  message: string;
}

export type QueryCheck = { ok: true; normalized: string } | { ok: false; error: QueryError };

/** Markup, SQL and shell punctuation that never occurs in a place name or postcode. */
const FORBIDDEN_RE = /[<>{}[\]\\;=*|^$~"%#@]|--|\/\*/;
const CONTROL_RE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}]/u;
const PICTOGRAPH_RE = /[\p{Extended_Pictographic}\p{So}]/u;

export function checkQuery(query: unknown): QueryCheck {
  if (typeof query !== 'string') return fail('not_text', 'q must be text');
  const text = query.trim();
  if (text === '') return fail('empty', 'q is empty: type a place, street, stop or postcode');
  if (text.length > MAX_QUERY_CHARS) return fail('too_long', `q is too long: at most ${MAX_QUERY_CHARS} characters`);
  if (CONTROL_RE.test(text) || PICTOGRAPH_RE.test(text) || FORBIDDEN_RE.test(text)) {
    return fail('invalid_characters', 'q may hold only letters, digits, spaces and the punctuation of place names');
  }
  const normalized = normalizeText(text);
  if (normalized.replace(/ /g, '').length < MIN_QUERY_CHARS) {
    return fail('too_short', `q is too short: type at least ${MIN_QUERY_CHARS} letters or digits`);
  }
  return { ok: true, normalized };
}

function fail(code: QueryErrorCode, message: string): QueryCheck {
  return { ok: false, error: { code, message } };
}
