/**
 * Sends the mail rows of the mail_outbox table (issue 22: registration writes the user and its
 * activation mail in one transaction, so no crash leaves an account without its mail). A row is
 * claimed with a short lock, its code issued, the mail sent, and the row marked sent; a failure
 * leaves it for the next delivery (right after the request, then every OUTBOX_RETRY_MS). A crash
 * between sending and marking sends it again with a fresh code (the older code is retired).
 */
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Brand } from '../../contract/brand';
import { CODE_LIFETIME_MS, issueCode } from '../auth/codes';
import type { Database } from '../db/index';
import { mailOutbox, users } from '../db/schema';
import type { Mailer } from './mailer';
import { activationMail, type MailContext } from './templates';

export const OUTBOX_RETRY_MS = 30_000;
/** How long a sender holds a row it is sending (a slow relay must not get it sent twice). */
const LOCK_MS = 120_000;
const BATCH = 20;

export interface MailOutboxOptions {
  db: Database;
  mailer: Mailer;
  mail: Omit<MailContext, 'brand'>;
  now: () => Date;
  log: { error(details: object, message: string): void };
}

type Row = typeof mailOutbox.$inferSelect;

export class MailOutbox {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<number> | undefined;

  constructor(private readonly options: MailOutboxOptions) {}

  /** Sends the unsent rows (or just `id`); how many went out. Failures are logged, never thrown. */
  async deliver(
    brandOf: (key: string) => Pick<Brand, 'title' | 'hostnames' | 'supportEmail'> | undefined,
    id?: string,
  ): Promise<number> {
    const { db, log } = this.options;
    const free = or(isNull(mailOutbox.lockedUntil), lt(mailOutbox.lockedUntil, sql`now()`));
    const candidates = await db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(isNull(mailOutbox.sentAt), free, id ? eq(mailOutbox.id, id) : undefined))
      .orderBy(asc(mailOutbox.createdAt))
      .limit(BATCH);
    let sent = 0;
    for (const candidate of candidates) {
      // The conditional update decides between two senders (instances) taking the same row.
      const [row] = await db
        .update(mailOutbox)
        .set({
          lockedUntil: sql`now() + ${LOCK_MS} * interval '1 millisecond'`,
          attempts: sql`${mailOutbox.attempts} + 1`,
        })
        .where(and(eq(mailOutbox.id, candidate.id), isNull(mailOutbox.sentAt), free))
        .returning();
      if (!row) continue;
      try {
        if (await this.#send(row, brandOf)) sent++;
        await db
          .update(mailOutbox)
          .set({ sentAt: this.options.now(), lockedUntil: null })
          .where(eq(mailOutbox.id, row.id));
      } catch (error) {
        // Free it for the next delivery; the mail (and its code) is made afresh then.
        await db
          .update(mailOutbox)
          .set({ lockedUntil: null })
          .where(eq(mailOutbox.id, row.id))
          .catch(() => {});
        log.error({ err: error, outbox: row.id, attempts: row.attempts }, 'outbox mail not sent; will try again');
      }
    }
    return sent;
  }

  /** False when nothing is owed any more (the account was activated or removed meanwhile). */
  async #send(
    row: Row,
    brandOf: (key: string) => Pick<Brand, 'title' | 'hostnames' | 'supportEmail'> | undefined,
  ): Promise<boolean> {
    const { db, mailer, mail, now } = this.options;
    const [user] = await db.select().from(users).where(eq(users.id, row.userId)).limit(1);
    if (!user || user.activatedAt) return false;
    const brand = brandOf(row.brand);
    if (!brand) throw new Error(`no brand ${row.brand} to send in the name of`);
    const code = await issueCode(db, user.id, 'activation', now());
    await mailer.send(
      activationMail(
        { brand, ...mail },
        user.email,
        user.firstName,
        code,
        Math.round(CODE_LIFETIME_MS.activation / 3_600_000),
      ),
    );
    return true;
  }

  /** Delivers now (in the background) and every `intervalMs`. */
  start(
    brandOf: (key: string) => Pick<Brand, 'title' | 'hostnames' | 'supportEmail'> | undefined,
    intervalMs = OUTBOX_RETRY_MS,
  ): void {
    const tick = () => {
      this.#running ??= this.deliver(brandOf)
        .catch((error: unknown) => {
          this.options.log.error({ err: error }, 'outbox delivery failed; will try again');
          return 0;
        })
        .finally(() => (this.#running = undefined));
    };
    tick();
    this.#timer = setInterval(tick, intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running;
  }
}
