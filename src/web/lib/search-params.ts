/**
 * Typed URL search params of the routes (SPEC section 2). Bad or unknown values are
 * dropped rather than failing the page: a hand-edited URL still opens the screen.
 */
import { isOneOf, JOURNEY_TYPES, SORT_OPTIONS, type JourneyType, type SortOption } from '../../vocabulary/index';

const MAX_PARAM_LENGTH = 300;
/** No journey has more steps than this; a larger number is a hand-edited URL. */
const MAX_STAGE = 999;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_PARAM_LENGTH ? value : undefined;

export interface ResultsSearch {
  /** Selected stages, comma-separated as in the URL. */
  filters?: string;
  sort?: SortOption;
}

export function parseResultsSearch(raw: Record<string, unknown>): ResultsSearch {
  // TanStack Router JSON-parses params, so "filters=train" may arrive as a string and
  // "filters=1" as a number; only stage names are meaningful.
  const filters = text(raw.filters)
    ?.split(',')
    .map((stage) => stage.trim())
    .filter((stage) => /^[a-z][a-z -]*$/.test(stage))
    .join(',');
  return {
    ...(filters ? { filters } : {}),
    ...(isOneOf(SORT_OPTIONS, raw.sort) ? { sort: raw.sort } : {}),
  };
}

export interface JourneySearch {
  /** Which leg is shown first. */
  journeyType?: JourneyType;
  /** Forces the fetched journey to become the current one. */
  show?: boolean;
  /** The stage page: the 1-based step of the journeyType leg (SPEC section 4: overview or one stage). */
  stage?: number;
}

export function parseJourneySearch(raw: Record<string, unknown>): JourneySearch {
  const show =
    raw.show === true || raw.show === 'true' ? true : raw.show === false || raw.show === 'false' ? false : undefined;
  const stage = typeof raw.stage === 'number' || typeof raw.stage === 'string' ? Number(raw.stage) : NaN;
  return {
    ...(isOneOf(JOURNEY_TYPES, raw.journeyType) ? { journeyType: raw.journeyType } : {}),
    ...(show !== undefined ? { show } : {}),
    ...(Number.isInteger(stage) && stage >= 1 && stage <= MAX_STAGE ? { stage } : {}),
  };
}

export interface CodeSearch {
  /** The activation or password-reset code from the e-mailed link. */
  code?: string;
}

export function parseCodeSearch(raw: Record<string, unknown>): CodeSearch {
  const code = typeof raw.code === 'number' ? String(raw.code) : text(raw.code);
  return code && /^[A-Za-z0-9_-]+$/.test(code) ? { code } : {};
}
