/** Whether this machine's PostgreSQL and Redis answer: tests that need them skip, saying why, when not. */
import { Redis } from 'ioredis';
import pg from 'pg';

export const TEST_DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** A reason when PostgreSQL cannot be reached, else false. */
export async function postgresUnreachable(url = TEST_DATABASE_URL): Promise<string | false> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return false;
  } catch (error) {
    return `PostgreSQL at ${url}: ${(error as Error).message}`;
  }
}

/** A reason when Redis cannot be reached, else false. */
export async function redisUnreachable(url = TEST_REDIS_URL): Promise<string | false> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    await redis.ping();
    return false;
  } catch (error) {
    return `Redis at ${url}: ${(error as Error).message}`;
  } finally {
    redis.disconnect();
  }
}
