/**
 * Access tokens: random, stored as SHA-256, expiring, revocable. A token names a user; the
 * user must still be activated for it to count.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/index';
import { accessTokens, users } from '../db/schema';
import { hashSecret, looksLikeSecret, newSecret } from './secrets';

export const ACCESS_TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export async function issueAccessToken(
  db: Database,
  userId: string,
  now: Date,
  lifetimeMs = ACCESS_TOKEN_LIFETIME_MS,
): Promise<string> {
  const token = newSecret();
  await db
    .insert(accessTokens)
    .values({ tokenHash: hashSecret(token), userId, createdAt: now, expiresAt: new Date(now.getTime() + lifetimeMs) });
  return token;
}

/** The user a live token belongs to, or undefined (unknown, expired, revoked, not activated). */
export async function userForToken(db: Database, token: string, now: Date) {
  if (!looksLikeSecret(token)) return undefined;
  const [row] = await db
    .select({ user: users })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(
      and(
        eq(accessTokens.tokenHash, hashSecret(token)),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.user.activatedAt ? row.user : undefined;
}

/** Password changed, or 'sign out everywhere': every session of the account ends. */
export async function revokeAllTokens(db: Database, userId: string, now: Date): Promise<void> {
  await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)));
}

/** Sign-out: this one token stops working at once (an unknown or dead token changes nothing). */
export async function revokeToken(db: Database, token: string, now: Date): Promise<void> {
  if (!looksLikeSecret(token)) return;
  await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.tokenHash, hashSecret(token)), isNull(accessTokens.revokedAt)));
}
