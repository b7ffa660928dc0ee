/**
 * Rate limits shared by every server instance on one Redis (REDIS_URL), so N servers do not
 * give a caller N times the attempts. The same sliding-window log as MemoryRateLimiter, kept
 * in a sorted set per key and checked and counted in one Lua script (atomic across instances).
 * The window runs on the server's clock, as the memory limiter's does. When Redis does not
 * answer, this instance falls back to its own in-memory limiter rather than letting every
 * attempt through.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { MemoryRateLimiter, type RateDecision, type RateLimiter, type RateRule } from './rate-limit';
import { systemClock, type Clock } from './secrets';

/** KEYS[1] the key; ARGV now (ms), window (ms), limit, a unique member. Returns -1 when allowed, else the oldest hit's time. */
const HIT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  return tonumber(redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2])
end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return -1`;

/** A login should not wait long for Redis: past this, the memory limiter decides. */
const ANSWER_WITHIN_MS = 1_000;

export interface RedisRateLimiterOptions {
  url: string;
  /** Key prefix: servers sharing a database share it (jobs/queue.ts redisNamespace). */
  namespace: string;
  now?: Clock;
  onError?: (error: unknown) => void;
}

export class RedisRateLimiter implements RateLimiter {
  readonly #redis: Redis;
  readonly #fallback: MemoryRateLimiter;
  readonly #now: Clock;
  readonly #onError: (error: unknown) => void;

  constructor(private readonly options: RedisRateLimiterOptions) {
    this.#now = options.now ?? systemClock;
    this.#onError = options.onError ?? (() => {});
    this.#fallback = new MemoryRateLimiter(this.#now);
    this.#redis = new Redis(options.url, { maxRetriesPerRequest: 1 });
    this.#redis.on('error', this.#onError);
  }

  async hit(key: string, rule: RateRule): Promise<RateDecision> {
    const now = this.#now().getTime();
    let timer: NodeJS.Timeout | undefined;
    try {
      const answer = this.#redis.eval(HIT, 1, `${this.options.namespace}:rate:${key}`, now, rule.windowMs, rule.limit, `${now}:${randomUUID()}`);
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`Redis did not answer a rate-limit check in ${ANSWER_WITHIN_MS} ms`)), ANSWER_WITHIN_MS);
      });
      const oldest = Number(await Promise.race([answer, timeout]));
      if (oldest < 0) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + rule.windowMs - now) / 1000)) };
    } catch (error) {
      this.#onError(error);
      return this.#fallback.hit(key, rule);
    } finally {
      clearTimeout(timer);
    }
  }

  close(): void {
    this.#redis.disconnect();
  }
}
