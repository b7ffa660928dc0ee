/**
 * The journey-planner search (SPEC section 7): start a search, read it and its journeys, and
 * re-plan with a new return time. Searches belong to a brand: another brand's key finds nothing.
 * Planning happens in a job (context.search); these handlers only validate, store and read.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { searchFormSchema, updateReturnTimeSchema, type SearchForm } from '../../../contract/search';
import { distance, placeRefusal, SAME_PLACE_METRES } from '../../../planner/index';
import { planRequestForBrand } from '../../searches/plan-request';
import { PASS_FIELDS, passesFromProfile, searchTimeInstant } from '../../../vocabulary/index';
import { journeys, searchQueries } from '../../db/schema';
import { ApiError, parseInput } from '../../http/errors';
import type { ApiContext } from '../context';
import { currentUser, limitRate, uuidParam } from '../guards';
import { savedByCaller, withSavedStatus } from '../journeys/saved-status';
import { storeQuery } from '../../searches/store';
import { newOwnerKey, sendsOwnerKey } from '../../searches/owner';
import { presentQuery, withTravellerPrices } from '../../searches/present';
import { presentUser } from '../users/present';

export const SEARCH_ROUTE_MESSAGES = {
  notFound: 'Search not found.',
  journeyNotFound: 'Journey not found.',
  samePlace: 'The origin and destination are the same place: choose a different destination.',
  unavailable: 'Journey planning is not available right now. Please try again later.',
  busy: (seconds: number) =>
    `Journey planning is busy right now. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
} as const;

/** Retry-After for a full queue: about how long the searches ahead take (a planner does tens a second), 2 to 60 s. */
const busyRetrySeconds = (depth: number) => Math.min(60, Math.max(2, Math.ceil(depth / 50)));

const HASH = /^[0-9a-f]{32}$/;

/** presentJourney() in SQL: the stored JSON (as anyone sees it) with the row id, as text. */
const presentedJourneyJson = sql<string>`(${journeys.data} - 'user_status' || jsonb_build_object('id', ${journeys.id}::text))::text`;

export function searchRoutes(context: ApiContext): FastifyPluginAsync {
  const { db } = context;

  /** SPEC section 6: a signed-in user's profile passes override the form's. */
  async function withProfile(
    request: FastifyRequest,
    form: SearchForm,
  ): Promise<{ form: SearchForm; userId: string | null }> {
    const user = request.brand.enableUserAccounts ? await currentUser(context, request) : undefined;
    if (!user) return { form, userId: null };
    return { userId: user.id, form: { ...form, ...passesFromProfile(presentUser(user, context.now()).profile) } };
  }

  /**
   * Validates, stores and starts planning one search; the stored query row. `checkedAt`: the
   * time the time rules are checked against (now, or when a re-planned search was first made).
   */
  async function startSearch(
    request: FastifyRequest,
    reply: FastifyReply,
    body: unknown,
    checkedAt: () => Date = context.now,
  ) {
    const parsed = parseInput(searchFormSchema(checkedAt), body ?? {});
    if (distance(parsed.origin, parsed.destination) < SAME_PLACE_METRES)
      throw ApiError.validation({ destination: [SEARCH_ROUTE_MESSAGES.samePlace] });
    if (!context.search) throw new ApiError(503, SEARCH_ROUTE_MESSAGES.unavailable);
    // Outside Great Britain, or in the sea: a field error now, not a search that fails later.
    const { indexes, land } = await context.places.get();
    for (const field of ['origin', 'destination'] as const) {
      const refusal = placeRefusal(parsed[field], indexes, [], land);
      if (refusal) throw ApiError.validation({ [field]: [refusal] });
    }
    // Issue 22: one client cannot fill the queue, and a full queue says so instead of growing.
    await limitRate(context, reply, [[`search:ip:${request.ip}`, context.limits.searchPerIp]], 'searches');
    const depth = await context.search.depth?.().catch(() => 0);
    if (depth !== undefined && depth >= context.searchQueueLimit) {
      const seconds = busyRetrySeconds(depth);
      reply.header('retry-after', String(seconds));
      throw new ApiError(429, SEARCH_ROUTE_MESSAGES.busy(seconds));
    }
    const { form, userId } = await withProfile(request, parsed);
    const instant = (text: string) => new Date(searchTimeInstant(text)!);
    const owner = newOwnerKey();
    const { hash } = await storeQuery(db, {
      brand: request.brand.key,
      userId,
      ownerKeyHash: owner.hash,
      form: form as unknown as Record<string, unknown>,
      originAddress: form.origin.label,
      destinationAddress: form.destination.label,
      outDepartureAt: instant(form.out_time),
      returnDepartureAt: form.return_time ? instant(form.return_time) : null,
      createdAt: context.now(),
    });
    const [row] = await db.select().from(searchQueries).where(eq(searchQueries.hash, hash));
    try {
      await context.search.enqueue({
        hash,
        request: planRequestForBrand(form, request.brand),
        now: context.now().getTime(),
      });
    } catch (error) {
      // The queue is unreachable (Redis down): the query says so, the caller may try again.
      context.log.error({ err: error, hash }, 'search could not be queued');
      await db
        .update(searchQueries)
        .set({ status: 'failed', failure: SEARCH_ROUTE_MESSAGES.unavailable, updatedAt: new Date() })
        .where(eq(searchQueries.hash, hash));
      throw new ApiError(503, SEARCH_ROUTE_MESSAGES.unavailable);
    }
    return { row: row!, ownerKey: owner.key };
  }

  /**
   * Whether the caller made this search: it sends the search's owner key (searches/owner.ts), or
   * is its signed-in owner. Anyone else with the hash reads it as anyone (issue 33).
   */
  async function ownedByCaller(
    request: FastifyRequest,
    search: { userId: string | null; ownerKeyHash: string | null },
  ): Promise<boolean> {
    if (sendsOwnerKey(request, search.ownerKeyHash)) return true;
    if (!search.userId || !request.bearerToken || !request.brand.enableUserAccounts) return false;
    return (await currentUser(context, request))?.id === search.userId;
  }

  async function findQuery(request: FastifyRequest, hash: string | undefined) {
    if (!hash || !HASH.test(hash)) throw ApiError.notFound(SEARCH_ROUTE_MESSAGES.notFound);
    const [row] = await db
      .select()
      .from(searchQueries)
      .where(and(eq(searchQueries.hash, hash), eq(searchQueries.brand, request.brand.key)));
    if (!row) throw ApiError.notFound(SEARCH_ROUTE_MESSAGES.notFound);
    return row;
  }

  return async (api) => {
    api.post('/journey-planner/search', async (request, reply) => {
      const { row, ownerKey } = await startSearch(request, reply, request.body);
      reply.code(201);
      return {
        status: 'success' as const,
        data: {
          hash: row.hash,
          origin_address: row.originAddress,
          destination_address: row.destinationAddress,
          owner_key: ownerKey,
        },
      };
    });

    api.get<{ Params: { hash: string } }>('/journey-planner/search/:hash', async (request) => {
      const query = await findQuery(request, request.params.hash);
      const rows = await db
        .select()
        .from(journeys)
        .where(eq(journeys.queryHash, query.hash))
        .orderBy(asc(journeys.position));
      const [saved, owner] = await Promise.all([
        savedByCaller(
          context,
          request,
          rows.map((row) => row.id),
        ),
        ownedByCaller(request, query),
      ]);
      return { data: presentQuery(query, rows, saved, owner) };
    });

    // The hot read (one per 'journey processed'): a stored journey never changes, so its answers are
    // kept in memory (in every process); only a signed-in caller's saved flag is looked up, and
    // whether the caller owns the search only when the traveller's passes changed a price.
    api.get<{ Params: { hash: string; journeyId: string } }>(
      '/journey-planner/search/:hash/:journeyId',
      async (request, reply) => {
        const { hash } = request.params;
        if (!HASH.test(hash)) throw ApiError.notFound(SEARCH_ROUTE_MESSAGES.notFound);
        const journeyId = uuidParam(request.params.journeyId, 'Journey');
        let cached = context.journeyCache.get(journeyId, hash, request.brand.key);
        if (cached === undefined) {
          const [row] = await db
            .select({
              json: presentedJourneyJson,
              travellerPrices: journeys.travellerPrices,
              userId: searchQueries.userId,
              ownerKeyHash: searchQueries.ownerKeyHash,
            })
            .from(journeys)
            .innerJoin(searchQueries, eq(searchQueries.hash, journeys.queryHash))
            .where(
              and(eq(journeys.id, journeyId), eq(journeys.queryHash, hash), eq(searchQueries.brand, request.brand.key)),
            );
          if (!row) throw ApiError.notFound(SEARCH_ROUTE_MESSAGES.journeyNotFound);
          const traveller = row.travellerPrices && {
            body: JSON.stringify({ data: withTravellerPrices(JSON.parse(row.json), row.travellerPrices) }),
            ownerKeyHash: row.ownerKeyHash,
            userId: row.userId,
          };
          cached = {
            hash,
            brand: request.brand.key,
            body: `{"data":${row.json}}`,
            ...(traveller ? { traveller } : {}),
          };
          context.journeyCache.set(journeyId, cached);
        }
        const answer =
          cached.traveller && (await ownedByCaller(request, cached.traveller)) ? cached.traveller.body : cached.body;
        const saved = await savedByCaller(context, request, [journeyId]);
        return reply
          .type('application/json; charset=utf-8')
          .send(saved.has(journeyId) ? withSavedStatus(answer) : answer);
      },
    );

    // SPEC section 4: like a new search (fresh results under a new hash); failures are field errors only.
    api.post<{ Params: { hash: string } }>(
      '/journey-planner/search/:hash/update-return-time',
      async (request, reply) => {
        const query = await findQuery(request, request.params.hash);
        const { return_time } = parseInput(updateReturnTimeSchema, request.body ?? {});
        // The outbound was checked when the search was made; by now it may have begun (a traveller
        // on the way asks for a later return), so the time rules apply as of then.
        // Someone else's search is re-planned with the caller's own passes (their profile, or the
        // defaults), never with the owner's.
        const form: Record<string, unknown> = { ...query.form, return_time: return_time ?? null };
        if (!(await ownedByCaller(request, query)))
          for (const field of [...PASS_FIELDS, 'user_age']) delete form[field];
        const { row, ownerKey } = await startSearch(request, reply, form, () => query.createdAt);
        reply.code(201);
        // The caller made the new search: its owner key comes with it (its passes, to a signed-in owner).
        return {
          status: 'success' as const,
          data: {
            ...presentQuery(row, [], new Set(), await ownedByCaller(request, { ...row, ownerKeyHash: null })),
            owner_key: ownerKey,
          },
        };
      },
    );
  };
}
