/**
 * The search form (SPEC sections 3, 5 and 7) and the answers of the journey-planner search
 * calls. Places are the places helper's suggestion shape { label, lat, lng }; an address typed
 * without picking a suggestion has no coordinates and is refused with a field error. Times are
 * YYYY/MM/DD HH:mm:ss on the Europe/London wall clock.
 */
import { z } from 'zod';
import {
  RAILCARDS,
  SEARCH_STATUSES,
  consistentPasses,
  PASS_FIELDS,
  type Passes,
  DEFAULT_ARRIVE_BY_BUFFER,
} from '../vocabulary/index';
import { journeySchema } from './journey';
import { checkPlanningWindow, MONTHS_AHEAD, parseSearchTime } from '../vocabulary/time';

export const SEARCH_MESSAGES = {
  choosePlace: (field: string) => `Choose the ${field} from the list of suggestions, so we know where it is.`,
  timeFormat: (label: string) => `The ${label} must be a date and time written YYYY/MM/DD HH:mm:ss.`,
  past: 'The outbound time must not be in the past.',
  tooFar: (label: string) => `The ${label} must be at most ${MONTHS_AHEAD} months ahead.`,
  returnBeforeOutbound: 'The return time must be after the outbound time.',
  railcardType: 'Choose which railcard you have.',
} as const;

export const placeSchema = z.object({ label: z.string(), lat: z.number(), lng: z.number() });
export type Place = z.infer<typeof placeSchema>;

/**
 * A place field: { label, lat, lng } (a chosen suggestion), or the label alone with
 * `<field>_lat` / `<field>_lng` beside it. Anything without both coordinates was typed, not chosen.
 */
function place(field: 'origin' | 'destination') {
  const choose = SEARCH_MESSAGES.choosePlace(field);
  const coordinate = (max: number) => z.number({ error: choose }).min(-max, choose).max(max, choose);
  return z.object(
    {
      label: z
        .string({ error: `The ${field} must be text.` })
        .trim()
        .min(1, `The ${field} is required.`)
        .max(300, `The ${field} must be at most 300 characters.`),
      lat: coordinate(90),
      lng: coordinate(180),
    },
    {
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === '' ? `The ${field} is required.` : choose,
    },
  );
}

function gatherPlace(body: Record<string, unknown>, field: 'origin' | 'destination'): unknown {
  const value = body[field];
  if (typeof value === 'string' && value.trim() !== '') {
    const lat = body[`${field}_lat`];
    const lng = body[`${field}_lng`];
    const number = (x: unknown) =>
      typeof x === 'string' && x.trim() !== '' && Number.isFinite(Number(x)) ? Number(x) : x;
    return lat === undefined && lng === undefined
      ? { label: value }
      : { label: value, lat: number(lat), lng: number(lng) };
  }
  return value;
}

const flag = (label: string, fallback: boolean) =>
  z.preprocess(
    (value) => (value === undefined || value === null ? fallback : value),
    z.boolean({ error: `${label} must be true or false.` }),
  );

const time = (label: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? `The ${label} is required.` : `The ${label} must be text.`,
    })
    .max(40, SEARCH_MESSAGES.timeFormat(label));

const formShape = z.object(
  {
    origin: place('origin'),
    destination: place('destination'),
    out_time: time('outbound time'),
    return_time: time('return time').nullish(),
    arrive_by_buffer: z.preprocess(
      (value) => (value === undefined || value === null || value === '' ? DEFAULT_ARRIVE_BY_BUFFER : value),
      z
        .number({ error: 'The arrive-by buffer must be a number of minutes.' })
        .int('The arrive-by buffer must be whole minutes.')
        .min(0, 'The arrive-by buffer must not be negative.')
        .max(240, 'The arrive-by buffer must be at most 240 minutes.'),
    ),
    has_access_to_car: flag('Car access', true),
    has_concessionary_pass: flag('Concessionary pass', false),
    has_railcard: flag('Railcard', false),
    railcard_type: z.preprocess(
      (value) => (value === '' || value === undefined ? null : value),
      z.enum(RAILCARDS, { error: `Choose a railcard from the list: ${RAILCARDS.join(', ')}.` }).nullable(),
    ),
    has_young_scot_card: flag('Young Scot card', false),
    has_new_young_scot_card: flag('New Young Scot card', false),
  },
  { error: 'Send the search form as a JSON object.' },
);

export type SearchForm = z.output<typeof formShape> & { return_time: string | null; user_age?: number | null };

/** SPEC section 5: outbound from now to six months ahead; return after outbound, within six months (vocabulary/time). */
function checkTimes(form: z.output<typeof formShape>, now: Date, context: z.RefinementCtx): void {
  const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
  const out = parseSearchTime(form.out_time);
  const back = form.return_time ? parseSearchTime(form.return_time) : null;
  if (!out) issue('out_time', SEARCH_MESSAGES.timeFormat('outbound time'));
  if (form.return_time && !back) issue('return_time', SEARCH_MESSAGES.timeFormat('return time'));
  const problems = checkPlanningWindow(out, back, now);
  if (problems.out_time === 'past') issue('out_time', SEARCH_MESSAGES.past);
  if (problems.out_time === 'too_far') issue('out_time', SEARCH_MESSAGES.tooFar('outbound time'));
  if (problems.return_time === 'return_before_outbound') issue('return_time', SEARCH_MESSAGES.returnBeforeOutbound);
  if (problems.return_time === 'too_far') issue('return_time', SEARCH_MESSAGES.tooFar('return time'));
}

/**
 * The search form, checked against `now()`. SPEC section 3: arrive_time is removed before
 * sending, so it is ignored here; unknown fields are dropped.
 */
export const searchFormSchema = (now: () => Date) =>
  z
    .preprocess((input) => {
      if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
      const body = input as Record<string, unknown>;
      return { ...body, origin: gatherPlace(body, 'origin'), destination: gatherPlace(body, 'destination') };
    }, formShape)
    .superRefine((form, context) => {
      checkTimes(form, now(), context);
      if (form.has_railcard && !form.railcard_type)
        context.addIssue({ code: 'custom', path: ['railcard_type'], message: SEARCH_MESSAGES.railcardType });
    })
    .transform((form): SearchForm => consistentPasses({ ...form, return_time: form.return_time ?? null }));

/** POST .../update-return-time: the new return time (null or absent makes the search single). */
export const updateReturnTimeSchema = z.object(
  { return_time: time('return time').nullish() },
  { error: 'Send the return time as a JSON object.' },
);

/** The passes questions of the form (SPEC section 3), as a search query reports them. */
export const searchPassesSchema: z.ZodType<Passes> = z.object(
  Object.fromEntries(
    PASS_FIELDS.map((field) => [field, field === 'railcard_type' ? z.enum(RAILCARDS).nullable() : z.boolean()]),
  ),
) as unknown as z.ZodType<Passes>;
export type SearchPasses = Passes;

/** SPEC section 3 "Search query" (plus its places, the form's passes and the job's state). */
export const searchQuerySchema = z.object({
  hash: z.string(),
  origin: placeSchema,
  destination: placeSchema,
  origin_address: z.string(),
  destination_address: z.string(),
  out_time: z.string(),
  out_departure_at: z.string(),
  return_departure_at: z.string().nullable(),
  /** The form's arrive_time never reaches the server (SPEC section 3), so this is always null. */
  arrive_at_time: z.string().nullable(),
  return_time: z.string().nullable(),
  /** Null until the planner has said how many journeys it found. */
  results_retrieved: z.number().int().nonnegative().nullable(),
  status: z.enum(SEARCH_STATUSES),
  /** Why planning failed (status 'failed'), in words for the traveller. */
  failure: z.string().nullable(),
  /** The passes the search was planned with, so an edit of the search keeps them (its owner only). */
  passes: searchPassesSchema.optional(),
  /** In the answer that made the search only: see SEARCH_OWNER_HEADER. */
  owner_key: z.string().optional(),
  journeys: z.array(journeySchema.extend({ id: z.string().uuid() })),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchStartedSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    hash: z.string(),
    origin_address: z.string(),
    destination_address: z.string(),
    owner_key: z.string(),
  }),
});
export const searchQueryAnswerSchema = z.object({ data: searchQuerySchema });
export const journeyAnswerSchema = z.object({ data: journeySchema.extend({ id: z.string().uuid() }) });
