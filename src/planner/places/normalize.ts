/**
 * Text normalisation shared by index building and querying: case- and
 * accent-insensitive (NFKD, combining marks stripped), punctuation folded to
 * spaces, apostrophes dropped ("Bo'ness" -> "boness"), "&" read as "and".
 */

/** Letters NFKD does not decompose into base + mark. */
const SPECIAL: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };
const SPECIAL_RE = /[ßæœøłđðþı]/g;
const MARKS_RE = /\p{M}+/gu;
const APOSTROPHES_RE = /['’‘`´ʼ]/g;
const NON_WORD_RE = /[^\p{L}\p{N}]+/gu;

/** Lower-case, accent-free, punctuation-folded text: words separated by single spaces. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(MARKS_RE, '')
    .toLowerCase()
    .replace(SPECIAL_RE, (ch) => SPECIAL[ch] ?? ch)
    .replace(APOSTROPHES_RE, '')
    .replace(/&/g, ' and ')
    .replace(NON_WORD_RE, ' ')
    .trim();
}

export function tokenize(text: string): string[] {
  const normal = normalizeText(text);
  return normal === '' ? [] : normal.split(' ');
}

/**
 * Query-side alternatives for common abbreviations, so "saint andrews" finds
 * "St Andrews" and "perth rd" finds "Perth Road". Applied to the query only,
 * matched exactly (an abbreviation is already a whole word).
 */
export const ALTERNATIVES: ReadonlyMap<string, readonly string[]> = new Map([
  ['st', ['saint', 'street']],
  ['saint', ['st']],
  ['street', ['st']],
  ['rd', ['road']],
  ['road', ['rd']],
  ['ave', ['avenue']],
  ['avenue', ['ave']],
  ['sq', ['square']],
  ['terr', ['terrace']],
  ['cres', ['crescent']],
  ['dr', ['drive']],
  ['pl', ['place']],
  ['ln', ['lane']],
  ['mt', ['mount']],
  ['ft', ['fort']],
  ['stn', ['station']],
  ['hosp', ['hospital']],
]);

/** A UK postcode, with or without its space ("DD1 4HN", "dd14hn"). */
const POSTCODE_RE = /^([A-Z]{1,2}[0-9][A-Z0-9]?) ?([0-9][A-Z]{2})$/;

/** Canonical "DD1 4HN" form, or null when the text is not a full postcode. */
export function canonicalPostcode(text: string): string | null {
  const m = POSTCODE_RE.exec(text.trim().toUpperCase().replace(/\s+/g, ' '));
  return m ? `${m[1]} ${m[2]}` : null;
}

/** URL-safe slug for ids: "Perth Royal Infirmary" -> "perth-royal-infirmary". */
export function slug(text: string): string {
  return normalizeText(text).replace(/ /g, '-');
}
