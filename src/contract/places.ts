/**
 * Places (issue 5): GET /v1/places/autocomplete and GET /v1/places/reverse.
 *
 * Autocomplete answers `{ data: PlaceSuggestion[] }` (at most 8, best first); a query still
 * being typed (empty, or one letter) answers an empty list; text no place name holds (markup,
 * SQL punctuation, emoji, over 100 characters) is a 400 with `errors.q`.
 * Reverse answers `{ data: ReversePlace | null }`: null when nothing is near the point.
 */
import { z } from 'zod';
import { PLACE_TYPES } from '../vocabulary/index';

/** Place types of a suggestion: the vocabulary's PLACE_TYPES. */
export const PLACE_SUGGESTION_TYPES = PLACE_TYPES;

export const MAX_PLACE_SUGGESTIONS = 8;

export const placeSuggestionSchema = z.object({
  /** Stable id, e.g. `postcode:DD14HN`, `stop:rail:DEE`. */
  id: z.string().min(1),
  /** What the traveller sees and what the search form sends as origin/destination. */
  label: z.string().min(1),
  /** Context under the label, e.g. "Railway station, Dundee". */
  secondary: z.string(),
  type: z.enum(PLACE_SUGGESTION_TYPES),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type PlaceSuggestion = z.infer<typeof placeSuggestionSchema>;

export const autocompleteAnswerSchema = z.object({ data: z.array(placeSuggestionSchema).max(MAX_PLACE_SUGGESTIONS) });
export type AutocompleteAnswer = z.infer<typeof autocompleteAnswerSchema>;

export const reversePlaceSchema = placeSuggestionSchema.extend({
  /** Metres from the asked point. */
  distance_m: z.number().nonnegative(),
});
export type ReversePlace = z.infer<typeof reversePlaceSchema>;

export const reverseAnswerSchema = z.object({ data: reversePlaceSchema.nullable() });
export type ReverseAnswer = z.infer<typeof reverseAnswerSchema>;

/** A query-string number: digits with an optional sign and decimals, nothing else ("1e3", "0x1" are refused). */
const coordinate = (name: string, limit: number) =>
  z
    .string({ error: `${name} is required: decimal degrees, e.g. ${name === 'lat' ? '56.4560' : '-2.9707'}.` })
    .trim()
    .regex(/^[-+]?\d{1,3}(\.\d{1,12})?$/, `${name} must be a number in decimal degrees.`)
    .transform(Number)
    .refine((value) => value >= -limit && value <= limit, `${name} must be between -${limit} and ${limit}.`);

export const reverseQuerySchema = z.object({ lat: coordinate('lat', 90), lng: coordinate('lng', 180) });
export type ReverseQuery = z.infer<typeof reverseQuerySchema>;

/** The value a From/To field holds, and what the search form sends for origin/destination. */
export const chosenPlaceSchema = z.object({
  label: z.string().min(1, 'Choose a place from the list.'),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type ChosenPlace = z.infer<typeof chosenPlaceSchema>;
