/**
 * SPEC Journey.user_status ('saved') is the signed-in caller's own: a journey is saved for the
 * user who saved it, whoever planned it. The stored journey never changes, so its answer
 * without user_status is the same for everyone (and cacheable); this adds the caller's part.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { savedJourneys } from '../../db/schema';
import type { ApiContext } from '../context';
import { currentUser } from '../guards';

/** The ids among `journeyIds` that the caller has saved (none for anonymous callers and dead tokens). */
export async function savedByCaller(
  context: ApiContext,
  request: FastifyRequest,
  journeyIds: readonly string[],
): Promise<Set<string>> {
  if (journeyIds.length === 0 || !request.bearerToken || !request.brand.enableUserAccounts) return new Set();
  const user = await currentUser(context, request);
  if (!user) return new Set();
  const rows = await context.db
    .select({ journeyId: savedJourneys.journeyId })
    .from(savedJourneys)
    .where(and(eq(savedJourneys.userId, user.id), inArray(savedJourneys.journeyId, [...journeyIds])));
  return new Set(rows.map((row) => row.journeyId));
}

/** `{"data":{...}}` -> `{"data":{...,"user_status":"saved"}}` without parsing the (large) journey. */
export function withSavedStatus(answer: string): string {
  if (!answer.endsWith('}}')) throw new Error('not a journey answer');
  return `${answer.slice(0, -2)},"user_status":"saved"}}`;
}
