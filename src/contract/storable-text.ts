/**
 * One rule for every piece of text the API takes (bodies and query strings, in every route):
 * PostgreSQL cannot store a NUL character, nor a lone UTF-16 surrogate inside JSON, so such
 * text is refused as a field error before any route sees it (never a database error, a 500).
 */
export const UNSTORABLE_TEXT_MESSAGE =
  'This text contains a character we cannot accept (a NUL or a broken Unicode character).';

/** A surrogate half without its partner (matched per UTF-16 code unit: no `u` flag). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** No NUL and no lone surrogate. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** Bounded, so a deeply nested body cannot make the walk itself expensive. */
const MAX_DEPTH = 32;

/**
 * The fields (`a.b.0.c`, as zod names them) whose text, or whose key, is not storable; `_`
 * for the input itself. Empty when everything can be stored.
 */
export function unstorableTextFields(input: unknown): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const walk = (value: unknown, path: string[], depth: number) => {
    const field = path.join('.') || '_';
    if (typeof value === 'string') {
      if (!isStorableText(value)) errors[field] = [UNSTORABLE_TEXT_MESSAGE];
      return;
    }
    if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return;
    for (const [key, item] of Object.entries(value)) {
      // A bad key is reported where it stands; its value is not looked at.
      if (!isStorableText(key)) errors[field] = [UNSTORABLE_TEXT_MESSAGE];
      else walk(item, [...path, key], depth + 1);
    }
  };
  walk(input, [], 0);
  return errors;
}
