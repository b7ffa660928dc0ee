/** Checks shared by the resource modules: accounts enabled, signed-in user, rate limits, ids. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isUuid } from '../../contract/campaigns';
import type { RateRule } from '../auth/rate-limit';
import { userForToken } from '../auth/tokens';
import { ApiError } from '../http/errors';
import type { ApiContext } from './context';

/** SPEC section 6: accounts, saved and recent features exist only when the brand enables accounts. */
export function requireAccounts(request: FastifyRequest): void {
  if (!request.brand.enableUserAccounts)
    throw new ApiError(403, `${request.brand.title} does not offer user accounts.`);
}

type User = Awaited<ReturnType<typeof userForToken>>;
/** One look-up per request: a journey read asks both "is this the owner?" and "did they save it?". */
const usersOfRequests = new WeakMap<FastifyRequest, Promise<User>>();

/** The signed-in user, or undefined for anonymous callers and dead tokens. */
export async function currentUser(context: ApiContext, request: FastifyRequest): Promise<User> {
  if (!request.bearerToken) return undefined;
  let user = usersOfRequests.get(request);
  if (!user) {
    user = userForToken(context.db, request.bearerToken, context.now());
    usersOfRequests.set(request, user);
  }
  return user;
}

export async function requireUser(context: ApiContext, request: FastifyRequest) {
  requireAccounts(request);
  if (!request.bearerToken) throw ApiError.unauthorized('Please sign in.');
  const user = await currentUser(context, request);
  if (!user) throw ApiError.unauthorized('Your session has ended. Please sign in again.');
  return user;
}

/**
 * Counts one attempt under each key; the first exceeded rule answers 429 with Retry-After.
 * Keys are checked in order, so an IP that is over its limit does not use up an account's.
 */
export async function limitRate(
  context: ApiContext,
  reply: FastifyReply,
  checks: Array<[key: string, rule: RateRule]>,
  what = 'attempts',
): Promise<void> {
  for (const [key, rule] of checks) {
    const decision = await context.rateLimiter.hit(key, rule);
    if (!decision.allowed) tooMany(reply, decision.retryAfterSeconds, what);
  }
}

/** 429 with Retry-After (whole seconds) and the wait in words. */
export function tooMany(reply: FastifyReply, retryAfterSeconds: number, what = 'attempts'): never {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const wait =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  reply.header('retry-after', String(seconds));
  throw new ApiError(429, `Too many ${what}. Please try again in ${wait}.`);
}

/** A path id that cannot be a row id is simply not found (never a database cast error). */
export function uuidParam(value: string | undefined, what: string): string {
  if (!isUuid(value)) throw ApiError.notFound(`${what} not found.`);
  return value.toLowerCase();
}
