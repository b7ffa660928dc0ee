/**
 * Places (issue 5): address autocomplete and "use my current location".
 *   GET /v1/places/autocomplete?q=...   at most 8 suggestions, ranked towards the calling
 *                                        brand's autocompleteBias box
 *   GET /v1/places/reverse?lat=&lng=    the nearest address, postcode or place (or null)
 * The brand comes from the API key. Shapes: src/contract/places.ts. Text no place name can
 * hold (markup, SQL punctuation, emoji, over 100 characters) and bad coordinates are a 400
 * naming the parameter; nothing yet (empty, one letter) is an empty list.
 */
import type { FastifyPluginAsync } from 'fastify';
import { reverseQuerySchema, type PlaceSuggestion, type ReversePlace } from '../../../contract/places';
import type { PlaceIndexSet } from '../../../planner/index';
import { ApiError, parseQuery } from '../../http/errors';
import type { PlaceIndexSource } from '../../places/index-loader';
import type { ApiContext } from '../context';

export const PLACES_MESSAGES = {
  unavailable: 'Place search is not available at the moment. Please try again shortly.',
  oneQuery: 'q must be given once.',
} as const;

async function loaded(places: PlaceIndexSource, context: ApiContext): Promise<PlaceIndexSet> {
  try {
    return await places.get();
  } catch (error) {
    context.log.error({ err: error }, 'place index could not be loaded');
    throw new ApiError(503, PLACES_MESSAGES.unavailable);
  }
}

const asSuggestion = ({ id, label, secondary, type, lat, lng }: PlaceSuggestion): PlaceSuggestion => ({
  id,
  label,
  secondary,
  type,
  lat,
  lng,
});

export function placesRoutes(context: ApiContext): FastifyPluginAsync {
  return async (api) => {
    api.get<{ Querystring: Record<string, unknown> }>('/places/autocomplete', async (request) => {
      const q = request.query.q ?? '';
      if (Array.isArray(q)) throw ApiError.badQuery({ q: [PLACES_MESSAGES.oneQuery] });
      const index = await loaded(context.places, context);
      const outcome = index.searchChecked(q, { bias: request.brand.region.autocompleteBias });
      if (outcome.ok) return { data: outcome.results.map(asSuggestion) };
      // Still typing (nothing, or one letter): no suggestions yet, not an error.
      if (outcome.error.code === 'empty' || outcome.error.code === 'too_short') return { data: [] };
      throw ApiError.badQuery({ q: [outcome.error.message] });
    });

    api.get('/places/reverse', async (request) => {
      const { lat, lng } = parseQuery(reverseQuerySchema, request.query);
      const index = await loaded(context.places, context);
      const found = index.reverse(lat, lng);
      const data: ReversePlace | null = found ? { ...asSuggestion(found), distance_m: found.distanceM } : null;
      return { data };
    });
  };
}
