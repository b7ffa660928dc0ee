/**
 * The Redis rate limiter on this machine's Redis: limiters of one namespace (server instances)
 * share their counts, other namespaces do not, and a limiter whose Redis is down still limits
 * on its own. Skipped, saying why, when Redis cannot be reached.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisRateLimiter } from '../../../src/server/auth/redis-rate-limit';
import { redisUnreachable, TEST_REDIS_URL } from '../helpers/services';

const skip = await redisUnreachable();
if (skip) console.warn(`Redis rate-limit test skipped: ${skip}`);

describe.skipIf(skip)('RedisRateLimiter', () => {
  const namespace = `drover-test-rate-${randomUUID()}`;
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const limiters: RedisRateLimiter[] = [];
  const limiter = (options: { namespace?: string; url?: string; onError?: (error: unknown) => void } = {}) => {
    const made = new RedisRateLimiter({
      url: options.url ?? TEST_REDIS_URL,
      namespace: options.namespace ?? namespace,
      now,
      onError: options.onError,
    });
    limiters.push(made);
    return made;
  };
  afterAll(async () => {
    for (const made of limiters) made.close();
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${namespace}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('shares one count between the instances of a namespace, with a Retry-After until the oldest hit leaves the window', async () => {
    const [a, b] = [limiter(), limiter()];
    const rule = { limit: 3, windowMs: 60_000 };
    expect(await a.hit('login:account:x@example.org', rule)).toEqual({ allowed: true });
    expect(await b.hit('login:account:x@example.org', rule)).toEqual({ allowed: true });
    expect(await a.hit('login:account:x@example.org', rule)).toEqual({ allowed: true });
    const refused = await b.hit('login:account:x@example.org', rule);
    expect(refused.allowed).toBe(false);
    expect(!refused.allowed && refused.retryAfterSeconds).toBeGreaterThan(55);
    expect(!refused.allowed && refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another key, and another namespace (another deployment on the same Redis), count apart.
    expect(await a.hit('login:account:y@example.org', rule)).toEqual({ allowed: true });
    expect(await limiter({ namespace: `${namespace}-other` }).hit('login:account:x@example.org', rule)).toEqual({
      allowed: true,
    });
    // A refused attempt is not counted: once the window has passed, the key is free again.
    offset += 61_000;
    expect(await b.hit('login:account:x@example.org', rule)).toEqual({ allowed: true });
  });

  it('limits on its own when its Redis does not answer, and says so', async () => {
    const errors: unknown[] = [];
    // Nothing listens on port 1.
    const down = limiter({ url: 'redis://127.0.0.1:1', onError: (error) => errors.push(error) });
    const rule = { limit: 2, windowMs: 60_000 };
    expect((await down.hit('register:ip:203.0.113.9', rule)).allowed).toBe(true);
    expect((await down.hit('register:ip:203.0.113.9', rule)).allowed).toBe(true);
    expect((await down.hit('register:ip:203.0.113.9', rule)).allowed).toBe(false);
    expect(errors.length).toBeGreaterThan(0);
  });
  it('counts failures per key across instances, with the latest time, and forgets them after the window', async () => {
    const [a, b] = [limiter(), limiter()];
    expect(await a.failures('login:pair:f@example.org:1.2.3.4', 60_000)).toEqual({ count: 0, last: null });
    await a.recordFailure('login:pair:f@example.org:1.2.3.4', 60_000);
    await b.recordFailure('login:pair:f@example.org:1.2.3.4', 60_000);
    const seen = await b.failures('login:pair:f@example.org:1.2.3.4', 60_000);
    expect(seen.count).toBe(2);
    expect(seen.last).toBeGreaterThan(Date.now() + offset - 5_000);
    offset += 61_000;
    expect((await a.failures('login:pair:f@example.org:1.2.3.4', 60_000)).count).toBe(0);
  });
});
