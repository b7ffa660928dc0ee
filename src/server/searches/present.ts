/** Stored searches and journeys in the answer shapes of src/contract/search.ts. */
import type { Place, SearchQuery } from '../../contract/search';
import { readPasses, searchTimeAt } from '../../vocabulary/index';
import type { JourneyPrices, Journey as PlannedJourney } from '../../planner/index';
import { withPrices } from '../../planner/index';
import type { journeys, searchQueries, TravellerPrices } from '../db/schema';

type QueryRow = typeof searchQueries.$inferSelect;
type JourneyRow = typeof journeys.$inferSelect;
export type PresentedJourney = SearchQuery['journeys'][number];

/**
 * The stored journey (as anyone sees it) with the traveller's own prices and tags, when their
 * passes changed one: for the search's owner only (issue 33).
 */
export function withTravellerPrices(
  data: Record<string, unknown>,
  prices: TravellerPrices | null | undefined,
): Record<string, unknown> {
  if (!prices) return data;
  const { tags, ...own } = prices;
  const priced = withPrices(data as unknown as PlannedJourney, own as JourneyPrices);
  return { ...(priced as unknown as Record<string, unknown>), tags };
}

/**
 * The stored Journey with its row id (the id the URLs use), saved when the caller saved it;
 * `asTraveller`: the caller owns the search and reads its own prices.
 */
export function presentJourney(row: JourneyRow, savedByCaller = false, asTraveller = false): PresentedJourney {
  const data = asTraveller ? withTravellerPrices(row.data, row.travellerPrices) : row.data;
  const journey = { ...data, id: row.id } as unknown as PresentedJourney;
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
 * `owner`: the caller made the search (signed in as its owner, or sending its owner key). A hash
 * is a shareable URL, so anyone else sees the journeys at anyone's prices and not the passes
 * (issues 22 and 33).
 */
export function presentQuery(
  row: QueryRow,
  rows: JourneyRow[],
  saved: ReadonlySet<string> = new Set(),
  owner = false,
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
    ...(owner ? { passes: readPasses(row.form) } : {}),
    journeys: rows.map((journey) => presentJourney(journey, saved.has(journey.id), owner)),
  };
}
