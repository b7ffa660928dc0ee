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
import { MemoryRateLimiter, type FailureCount, type RateDecision, type RateLimiter, type RateRule } from './rate-limit';
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

/** KEYS[1] the key; ARGV now (ms), window (ms), a unique member. Records one failure. */
const FAIL = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/** KEYS[1] the key; ARGV now (ms), window (ms). Returns { count, latest time or -1 }. */
const COUNT = `
local since = tonumber(ARGV[1]) - tonumber(ARGV[2])
local count = redis.call('ZCOUNT', KEYS[1], '(' .. since, '+inf')
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')[2]
if count == 0 or not last then return { 0, -1 } end
return { count, tonumber(last) }`;

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
    return this.#ask(
      () => this.#redis.eval(HIT, 1, this.#key(key), now, rule.windowMs, rule.limit, `${now}:${randomUUID()}`),
      (answer) => {
        const oldest = Number(answer);
        if (oldest < 0) return { allowed: true };
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + rule.windowMs - now) / 1000)) };
      },
      () => this.#fallback.hit(key, rule),
    );
  }

  async recordFailure(key: string, windowMs: number): Promise<void> {
    const now = this.#now().getTime();
    // The fallback counts too, so a Redis outage in between does not forget this failure.
    await this.#fallback.recordFailure(key, windowMs);
    await this.#ask(
      () => this.#redis.eval(FAIL, 1, this.#key(`fail:${key}`), now, windowMs, `${now}:${randomUUID()}`),
      () => undefined,
      async () => undefined,
    );
  }

  async failures(key: string, windowMs: number): Promise<FailureCount> {
    const now = this.#now().getTime();
    return this.#ask(
      () => this.#redis.eval(COUNT, 1, this.#key(`fail:${key}`), now, windowMs),
      (answer) => {
        const [count, last] = (answer as [number, number]).map(Number) as [number, number];
        return { count, last: last < 0 ? null : last };
      },
      () => this.#fallback.failures(key, windowMs),
    );
  }

  #key(key: string): string {
    return `${this.options.namespace}:rate:${key}`;
  }

  /** One Redis call within ANSWER_WITHIN_MS, else (or on error) the in-memory fallback decides. */
  async #ask<T>(call: () => Promise<unknown>, read: (answer: unknown) => T, fallback: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`Redis did not answer a rate-limit check in ${ANSWER_WITHIN_MS} ms`)),
          ANSWER_WITHIN_MS,
        );
      });
      return read(await Promise.race([call(), timeout]));
    } catch (error) {
      this.#onError(error);
      return fallback();
    } finally {
      clearTimeout(timer);
    }
  }

  close(): void {
    this.#redis.disconnect();
  }
}
