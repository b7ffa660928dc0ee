/** Stored searches and journeys in the answer shapes of src/contract/search.ts. */
import type { Place, SearchQuery } from '../../contract/search';
import { readPasses, searchTimeAt } from '../../vocabulary/index';
import type { journeys, searchQueries } from '../db/schema';

type QueryRow = typeof searchQueries.$inferSelect;
type JourneyRow = typeof journeys.$inferSelect;
export type PresentedJourney = SearchQuery['journeys'][number];

/** The stored Journey with its row id (the id the URLs use), saved when the caller saved it. */
export function presentJourney(row: JourneyRow, savedByCaller = false): PresentedJourney {
  const journey = { ...row.data, id: row.id } as unknown as PresentedJourney;
  if (savedByCaller) journey.user_status = 'saved';
  else delete journey.user_status;
  return journey;
}

const placeOf = (value: unknown, label: string): Place => {
  const object = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return { label, lat: Number(object.lat), lng: Number(object.lng) };
};

/**
 * `saved`: the journeys the signed-in caller has saved (src/server/api/journeys/saved-status.ts).
 * `withPasses`: the caller is the search's signed-in owner. A hash is a shareable URL, so anyone
 * else (and everyone, for an anonymous search) sees the journeys but not the passes (issue 22).
 */
export function presentQuery(
  row: QueryRow,
  rows: JourneyRow[],
  saved: ReadonlySet<string> = new Set(),
  withPasses = false,
): SearchQuery {
  return {
    hash: row.hash,
    origin: placeOf(row.form.origin, row.originAddress),
    destination: placeOf(row.form.destination, row.destinationAddress),
    origin_address: row.originAddress,
    destination_address: row.destinationAddress,
    out_time: searchTimeAt(row.outDepartureAt.getTime()),
    out_departure_at: row.outDepartureAt.toISOString(),
    return_departure_at: row.returnDepartureAt?.toISOString() ?? null,
    arrive_at_time: null,
    return_time: row.returnDepartureAt ? searchTimeAt(row.returnDepartureAt.getTime()) : null,
    results_retrieved: row.resultsRetrieved,
    status: row.status,
    failure: row.failure,
    ...(withPasses ? { passes: readPasses(row.form) } : {}),
    journeys: rows.map((journey) => presentJourney(journey, saved.has(journey.id))),
  };
}
