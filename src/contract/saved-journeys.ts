/**
 * The signed-in user's lists (SPEC sections 3 and 7): saved journeys and recent searches,
 * each a page with meta (total, per_page, current_page, last_page).
 */
import { z } from 'zod';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './paging';

export const pageMetaSchema = z.object({
  total: z.number().int().min(0),
  per_page: z.number().int().min(1),
  current_page: z.number().int().min(1),
  last_page: z.number().int().min(1),
});

/** `?per_page=&page=`: query strings arrive as text; absent means the defaults. */
const wholeNumber = (label: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    (value) =>
      value === undefined || value === ''
        ? fallback
        : typeof value === 'string' && /^\d{1,9}$/.test(value)
          ? Number(value)
          : value,
    z
      .number({ error: `${label} must be a whole number from ${min}${max === Infinity ? ' up' : ` to ${max}`}.` })
      .int(`${label} must be a whole number.`)
      .min(min, `${label} must be at least ${min}.`)
      .max(max, `${label} must be at most ${max}.`),
  );

export const pageQuerySchema = (defaultPerPage = DEFAULT_PER_PAGE) => ({
  per_page: wholeNumber('per_page', 1, MAX_PER_PAGE, defaultPerPage),
  page: wholeNumber('page', 1, 1_000_000, 1),
});
export const listQuerySchema = z.object(pageQuerySchema());

const durationText = z.object({ text: z.string() });
/** A place as the search form sent it (its shape belongs to the search contract). */
const place = z.unknown();

/** SPEC section 3 "Saved journey item", plus its destination place (for Plan Again) and when it was saved. */
export const savedJourneyItemSchema = z.object({
  hash: z.string(),
  journey_id: z.string(),
  origin: place,
  destination: place,
  origin_address: z.string(),
  destination_address: z.string(),
  is_return: z.boolean(),
  /** Journey.cost: 'free', 'unknown' or an amount such as '£4.20'. */
  cost: z.string().nullable(),
  /** The outbound leg's departure_date, departure_at and arrival_at, as the Journey has them. */
  out_date: z.string().nullable(),
  out_time: z.string().nullable(),
  out_arrive_time: z.string().nullable(),
  return_date: z.string().nullable(),
  return_time: z.string().nullable(),
  return_arrive_time: z.string().nullable(),
  duration_depart: durationText,
  duration_return: durationText.nullable(),
  /** The legs' stage lists (mode names), for the mode icons. */
  stages: z.object({ depart: z.array(z.string()), return: z.array(z.string()).optional() }),
  saved_at: z.string(),
});
export type SavedJourneyItem = z.infer<typeof savedJourneyItemSchema>;

/** SPEC section 3 "Recent search item", plus what Plan Again needs. */
export const recentSearchItemSchema = z.object({
  hash: z.string(),
  origin: place,
  destination: place,
  origin_address: z.string(),
  destination_address: z.string(),
  out_departure_at: z.string(),
  return_departure_at: z.string().nullable(),
  created_at: z.string(),
});
export type RecentSearchItem = z.infer<typeof recentSearchItemSchema>;

export const savedJourneysAnswerSchema = z.object({ data: z.array(savedJourneyItemSchema), meta: pageMetaSchema });
export const recentSearchesAnswerSchema = z.object({ data: z.array(recentSearchItemSchema), meta: pageMetaSchema });

/** POST /v1/journey/save/{journeyId}. */
export const saveJourneyAnswerSchema = z.object({
  data: z.object({ message: z.string(), journey_id: z.string(), user_status: z.literal('saved') }),
});
