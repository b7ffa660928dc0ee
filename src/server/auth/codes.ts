/**
 * One-time codes sent by e-mail (activation, password reset): random, stored as SHA-256,
 * expiring, used once. Issuing a new code of a kind retires the user's older ones.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/index';
import { oneTimeCodes, type OneTimeCodeKind } from '../db/schema';
import { hashSecret, looksLikeSecret, newSecret } from './secrets';

export const CODE_LIFETIME_MS: Record<OneTimeCodeKind, number> = {
  activation: 48 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
};

export async function issueCode(db: Database, userId: string, kind: OneTimeCodeKind, now: Date): Promise<string> {
  const code = newSecret();
  await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.kind, kind), isNull(oneTimeCodes.usedAt)));
  await db.insert(oneTimeCodes).values({
    codeHash: hashSecret(code),
    kind,
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS[kind]),
  });
  return code;
}

/**
 * Marks a live code used and returns its user id; undefined for an unknown, used or
 * expired code. The conditional update makes a second use lose even when two race.
 */
export async function consumeCode(
  db: Database,
  code: string,
  kind: OneTimeCodeKind,
  now: Date,
): Promise<string | undefined> {
  if (!looksLikeSecret(code)) return undefined;
  const [row] = await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeCodes.codeHash, hashSecret(code)),
        eq(oneTimeCodes.kind, kind),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .returning({ userId: oneTimeCodes.userId });
  return row?.userId;
}

/** Looks a code up without using it: whose it is and whether it could still be used. */
export async function peekCode(
  db: Database,
  code: string,
  kind: OneTimeCodeKind,
  now: Date,
): Promise<{ userId: string; live: boolean } | undefined> {
  if (!looksLikeSecret(code)) return undefined;
  const [row] = await db
    .select({ userId: oneTimeCodes.userId, usedAt: oneTimeCodes.usedAt, expiresAt: oneTimeCodes.expiresAt })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.codeHash, hashSecret(code)), eq(oneTimeCodes.kind, kind)))
    .limit(1);
  return row && { userId: row.userId, live: !row.usedAt && row.expiresAt > now };
}
