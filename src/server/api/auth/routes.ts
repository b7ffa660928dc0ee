/**
 * POST /v1/auth/login: e-mail and password -> a bearer token. Wrong e-mail and wrong
 * password get the same answer; only the right password learns that activation is missing.
 * POST /v1/auth/logout revokes the bearer token itself; POST /v1/auth/logout-everywhere
 * revokes every token of its account (every device signed in).
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { loginFormSchema } from '../../../contract/users';
import { verifyPassword } from '../../auth/passwords';
import { backoffWait } from '../../auth/rate-limit';
import { ACCESS_TOKEN_LIFETIME_MS, issueAccessToken, revokeAllTokens, revokeToken } from '../../auth/tokens';
import { ApiError, parseInput } from '../../http/errors';
import type { ApiContext } from '../context';
import { limitRate, requireAccounts, requireUser, tooMany } from '../guards';
import { findUserByEmail } from '../users/repository';

export const LOGIN_MESSAGES = {
  badCredentials: 'The e-mail address or password is not correct.',
  notActivated: 'Please activate your account first: open the link in the e-mail we sent you when you registered.',
  loggedOut: 'Successfully logged out',
  loggedOutEverywhere: 'Successfully logged out on every device',
  noToken: 'Send the access token to sign out: Authorization: Bearer <token>.',
} as const;

export function authRoutes(context: ApiContext): FastifyPluginAsync {
  const { rateLimiter, limits } = context;

  /**
   * Lockout must not be a weapon (issue 22, OWASP ASVS V2.2): failures are throttled per account
   * and IP pair, with growing delays, so a client that has not been failing always gets to try
   * its password. Only while an account is being guessed at from many places (loginPerAccount
   * failures), or many accounts from one address (loginFailuresPerIp: issue 33, no lockout of a
   * whole network), does a client that has failed even once lose its free failures.
   */
  async function throttleFailures(ip: string, username: string, reply: FastifyReply) {
    const pair = `login:pair:${username}:${ip}`;
    const account = `login:account:${username}`;
    const fromIp = `login:failures:${ip}`;
    const [mine, all, here] = await Promise.all([
      rateLimiter.failures(pair, limits.loginBackoff.windowMs),
      rateLimiter.failures(account, limits.loginPerAccount.windowMs),
      rateLimiter.failures(fromIp, limits.loginFailuresPerIp.windowMs),
    ]);
    // Guessing at this account from many places, or at many accounts from this address.
    const underAttack = all.count >= limits.loginPerAccount.limit || here.count >= limits.loginFailuresPerIp.limit;
    const wait = backoffWait(
      mine,
      limits.loginBackoff,
      context.now().getTime(),
      underAttack ? 1 : limits.loginBackoff.free,
    );
    if (wait > 0) tooMany(reply, wait / 1000);
    return {
      record: () =>
        Promise.all([
          rateLimiter.recordFailure(pair, limits.loginBackoff.windowMs),
          rateLimiter.recordFailure(account, limits.loginPerAccount.windowMs),
          rateLimiter.recordFailure(fromIp, limits.loginFailuresPerIp.windowMs),
        ]),
    };
  }

  return async (api) => {
    api.post('/auth/login', async (request, reply) => {
      requireAccounts(request);
      await limitRate(context, reply, [[`login:ip:${request.ip}`, context.limits.loginPerIp]]);
      const form = parseInput(loginFormSchema, request.body);
      const failures = await throttleFailures(request.ip, form.username, reply);
      const user = await findUserByEmail(context.db, form.username);
      const matches = await verifyPassword(user?.passwordHash, form.password);
      if (!user || !matches) {
        await failures.record();
        throw ApiError.unauthorized(LOGIN_MESSAGES.badCredentials);
      }
      if (!user.activatedAt) throw new ApiError(403, LOGIN_MESSAGES.notActivated);
      const now = context.now();
      const token = await issueAccessToken(context.db, user.id, now);
      return {
        data: {
          access_token: token,
          token_type: 'Bearer',
          expires_at: new Date(now.getTime() + ACCESS_TOKEN_LIFETIME_MS).toISOString(),
        },
      };
    });

    // Signing out twice, or with a token that has already ended, is still signed out.
    api.post('/auth/logout', async (request) => {
      requireAccounts(request);
      if (!request.bearerToken) throw ApiError.unauthorized(LOGIN_MESSAGES.noToken);
      await revokeToken(context.db, request.bearerToken, context.now());
      return { data: { message: LOGIN_MESSAGES.loggedOut } };
    });

    api.post('/auth/logout-everywhere', async (request) => {
      const user = await requireUser(context, request);
      await revokeAllTokens(context.db, user.id, context.now());
      return { data: { message: LOGIN_MESSAGES.loggedOutEverywhere } };
    });
  };
}
