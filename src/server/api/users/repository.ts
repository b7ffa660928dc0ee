/** The users table, as the account routes need it. E-mail addresses are stored lower-cased. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { users, type UserProfile } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Undefined when the e-mail address is taken (the unique index decides, even under a race). */
export async function insertUser(db: Database, values: NewUser): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

/** A registration again for an address never activated: it takes the place of the old one (undefined if activated meanwhile). */
export async function replaceUnactivatedUser(db: Database, id: string, values: NewUser): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, id: undefined, createdAt: undefined })
    .where(and(eq(users.id, id), isNull(users.activatedAt)))
    .returning();
  return row;
}

export async function activateUser(db: Database, id: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ activatedAt: sql`coalesce(${users.activatedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
    .where(eq(users.id, id));
}

export interface UserChanges {
  title: string | null;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  countryCodePhoneNumber: string | null;
  dob: string;
  profile: UserProfile;
}

export async function updateUser(
  db: Database,
  id: string,
  changes: UserChanges,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** A reset proves the address is theirs, so it also activates a never-activated account. */
export async function setPassword(db: Database, id: string, passwordHash: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({
      passwordHash,
      activatedAt: sql`coalesce(${users.activatedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(users.id, id));
}
