/**
 * Retention (issue 33; the privacy page states the period): searches made without an account,
 * with their journeys and views (the foreign keys cascade), are deleted SEARCH_RETENTION_DAYS
 * after they were made - unless someone saved one of their journeys, which is then kept for that
 * account. Client IPs are never stored in the database: the rate limiters hold them only for
 * their windows (at most an hour, in memory or in Redis with an expiry).
 */
import { and, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/index';
import { journeys, savedJourneys, searchQueries } from '../db/schema';

/** The period the privacy page states for searches made without an account. */
export const SEARCH_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the server deletes what has passed its period. */
export const RETENTION_SWEEP_MS = 60 * 60 * 1000;

/** Deletes the anonymous searches made before `now` - `days`; how many. */
export async function deleteExpiredSearches(db: Database, now: Date, days = SEARCH_RETENTION_DAYS): Promise<number> {
  const before = new Date(now.getTime() - days * DAY_MS);
  const deleted = await db
    .delete(searchQueries)
    .where(
      and(
        isNull(searchQueries.userId),
        lt(searchQueries.createdAt, before),
        sql`not exists (select 1 from ${journeys} join ${savedJourneys} on ${savedJourneys.journeyId} = ${journeys.id} where ${journeys.queryHash} = ${searchQueries.hash})`,
      ),
    )
    .returning({ hash: searchQueries.hash });
  return deleted.length;
}

/** Runs the deletion now and every RETENTION_SWEEP_MS; stop() ends it. */
export function startRetention(
  db: Database,
  log: { info(details: object, message: string): void; error(details: object, message: string): void },
  now: () => Date = () => new Date(),
): { stop(): void } {
  const run = () =>
    void deleteExpiredSearches(db, now())
      .then((count) => count > 0 && log.info({ count }, 'retention: deleted searches past their period'))
      .catch((error: unknown) => log.error({ err: error }, 'retention: deletion failed'));
  run();
  const timer = setInterval(run, RETENTION_SWEEP_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
