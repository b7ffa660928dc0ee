/**
 * Journeys (SPEC section 7): save, viewed, the saved list and the recent searches list.
 * Journeys belong to a brand through their search; lists show the caller's own rows for
 * the calling brand, newest first.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { pageMeta, pageOffset } from '../../../contract/paging';
import type { RecentSearchItem } from '../../../contract/saved-journeys';
import { journeys, journeyViews, savedJourneys, searchQueries } from '../../db/schema';
import { ApiError } from '../../http/errors';
import type { ApiContext } from '../context';
import { currentUser, requireUser, uuidParam } from '../guards';
import { readPage } from '../paging';
import { savedJourneyItem } from './saved-item';
import { findJourneyForBrand } from '../../searches/store';
import { withTravellerPrices } from '../../searches/present';

export const JOURNEY_MESSAGES = {
  notFound: 'Journey not found.',
  saved: 'Journey saved',
  viewed: 'Journey view recorded.',
} as const;

export function journeysRoutes(context: ApiContext): FastifyPluginAsync {
  const { db } = context;

  return async (api) => {
    api.post<{ Params: { journeyId: string } }>('/journey/save/:journeyId', async (request) => {
      const user = await requireUser(context, request);
      const journeyId = uuidParam(request.params.journeyId, 'Journey');
      const found = await findJourneyForBrand(db, journeyId, request.brand.key);
      if (!found) throw ApiError.notFound(JOURNEY_MESSAGES.notFound);
      // Saving twice keeps the first save (and its place in the list). From now on this user reads
      // the journey with user_status 'saved' (saved-status.ts), whoever planned it.
      await db
        .insert(savedJourneys)
        .values({ userId: user.id, journeyId, createdAt: context.now() })
        .onConflictDoNothing();
      return { data: { message: JOURNEY_MESSAGES.saved, journey_id: journeyId, user_status: 'saved' as const } };
    });

    api.post<{ Params: { journeyId: string } }>('/journey/viewed/:journeyId', async (request) => {
      const journeyId = uuidParam(request.params.journeyId, 'Journey');
      const found = await findJourneyForBrand(db, journeyId, request.brand.key);
      if (!found) throw ApiError.notFound(JOURNEY_MESSAGES.notFound);
      // Anonymous is fine; a stale token just counts as anonymous here.
      const user = request.brand.enableUserAccounts ? await currentUser(context, request) : undefined;
      await db.insert(journeyViews).values({ journeyId, userId: user?.id ?? null, createdAt: context.now() });
      return { data: { message: JOURNEY_MESSAGES.viewed, journey_id: journeyId } };
    });

    api.get('/journey/saved/user', async (request) => {
      const user = await requireUser(context, request);
      const { perPage, page } = readPage(request);
      const mine = and(eq(savedJourneys.userId, user.id), eq(searchQueries.brand, request.brand.key));
      const [totalRow] = await db
        .select({ total: count() })
        .from(savedJourneys)
        .innerJoin(journeys, eq(journeys.id, savedJourneys.journeyId))
        .innerJoin(searchQueries, eq(searchQueries.hash, journeys.queryHash))
        .where(mine);
      const rows = await db
        .select({ saved: savedJourneys, journey: journeys, query: searchQueries })
        .from(savedJourneys)
        .innerJoin(journeys, eq(journeys.id, savedJourneys.journeyId))
        .innerJoin(searchQueries, eq(searchQueries.hash, journeys.queryHash))
        .where(mine)
        .orderBy(desc(savedJourneys.createdAt), desc(savedJourneys.journeyId))
        .limit(perPage)
        .offset(pageOffset(perPage, page));
      return {
        data: rows.map(({ saved, journey, query }) =>
          savedJourneyItem({
            hash: query.hash,
            journeyId: journey.id,
            // Someone else's search saved from its link: its cost as anyone pays it (issue 33).
            data: query.userId === user.id ? withTravellerPrices(journey.data, journey.travellerPrices) : journey.data,
            form: query.form,
            originAddress: query.originAddress,
            destinationAddress: query.destinationAddress,
            savedAt: saved.createdAt,
          }),
        ),
        meta: pageMeta(totalRow?.total ?? 0, perPage, page),
      };
    });

    api.get('/journey-planner/queries/user', async (request) => {
      const user = await requireUser(context, request);
      const { perPage, page } = readPage(request);
      const mine = and(eq(searchQueries.userId, user.id), eq(searchQueries.brand, request.brand.key));
      const [totalRow] = await db.select({ total: count() }).from(searchQueries).where(mine);
      const rows = await db
        .select()
        .from(searchQueries)
        .where(mine)
        .orderBy(desc(searchQueries.createdAt), desc(searchQueries.hash))
        .limit(perPage)
        .offset(pageOffset(perPage, page));
      const data: RecentSearchItem[] = rows.map((row) => ({
        hash: row.hash,
        origin: row.form.origin ?? null,
        destination: row.form.destination ?? null,
        origin_address: row.originAddress,
        destination_address: row.destinationAddress,
        out_departure_at: row.outDepartureAt.toISOString(),
        return_departure_at: row.returnDepartureAt?.toISOString() ?? null,
        created_at: row.createdAt.toISOString(),
      }));
      return { data, meta: pageMeta(totalRow?.total ?? 0, perPage, page) };
    });
  };
}
