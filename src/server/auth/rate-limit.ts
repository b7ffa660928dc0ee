/**
 * Rate limits for login, register and password reset, per IP and per account. The API
 * talks to the RateLimiter interface; the in-process sliding window below suits one
 * process, and with REDIS_URL the servers share one in Redis (redis-rate-limit.ts).
 */
import type { Clock } from './secrets';
import { systemClock } from './secrets';

export interface RateRule {
  limit: number;
  windowMs: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Failures under one key within a window: how many, and when the latest was (epoch ms). */
export interface FailureCount {
  count: number;
  last: number | null;
}

export interface RateLimiter {
  /** Counts one hit against `key` and says whether it is within `rule`. */
  hit(key: string, rule: RateRule): Promise<RateDecision>;
  /** Counts one failure under `key`, remembered for `windowMs`. */
  recordFailure(key: string, windowMs: number): Promise<void>;
  /** The failures under `key` in the last `windowMs`. */
  failures(key: string, windowMs: number): Promise<FailureCount>;
}

/**
 * Growing delays for failed sign-ins (OWASP ASVS V2.2): a client (account and IP pair) has
 * `free` failures, then waits baseMs, 2 x baseMs, 4 x baseMs... after its latest failure, at
 * most maxMs. Failures older than windowMs are forgotten.
 */
export interface Backoff {
  free: number;
  baseMs: number;
  maxMs: number;
  windowMs: number;
}

/** Milliseconds still to wait after `failures` under `backoff` (0: go ahead). */
export function backoffWait(failures: FailureCount, backoff: Backoff, now: number, free = backoff.free): number {
  if (failures.count < free || failures.last === null) return 0;
  const delay = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(30, failures.count - free));
  return Math.max(0, failures.last + delay - now);
}

/** The rules the API applies; tests pass looser or tighter ones. */
export interface RateLimits {
  /**
   * Every sign-in attempt from one IP (whatever the account): a flood guard only, set high, since
   * a hospital's or a library's whole network can sign in from one address (issue 33).
   */
  loginPerIp: RateRule;
  /**
   * Failed sign-ins from one IP: past this, a client there that has failed (account and IP
   * pair) gets no free failures. One that has not failed is never refused by it: no lockout of
   * everyone behind the address.
   */
  loginFailuresPerIp: RateRule;
  /** Failed sign-ins of one account from anywhere: past this limit, a client that has failed gets no free failures. */
  loginPerAccount: RateRule;
  /** Failed sign-ins per account and IP pair: growing delays. A client that has not failed is never refused by these. */
  loginBackoff: Backoff;
  registerPerIp: RateRule;
  /** Registrations of one address from one client (the pair: nobody else can use it up). */
  registerPerAccount: RateRule;
  resetPerIp: RateRule;
  /** Reset requests for one address from one client (the pair: nobody else can use it up). */
  resetPerAccount: RateRule;
  /** Activation and reset-with-code calls, per IP (codes are unguessable; this stops floods). */
  codePerIp: RateRule;
  /** Searches started (and return-time re-plans) per IP: SEARCH_RATE_LIMIT a minute. */
  searchPerIp: RateRule;
}

const MINUTE = 60_000;
export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerIp: { limit: 300, windowMs: 15 * MINUTE },
  loginFailuresPerIp: { limit: 30, windowMs: 15 * MINUTE },
  loginPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  loginBackoff: { free: 5, baseMs: 1_000, maxMs: 15 * MINUTE, windowMs: 60 * MINUTE },
  registerPerIp: { limit: 10, windowMs: 60 * MINUTE },
  registerPerAccount: { limit: 3, windowMs: 60 * MINUTE },
  resetPerIp: { limit: 10, windowMs: 60 * MINUTE },
  resetPerAccount: { limit: 3, windowMs: 60 * MINUTE },
  codePerIp: { limit: 30, windowMs: 15 * MINUTE },
  searchPerIp: { limit: 30, windowMs: MINUTE },
};

/** A sliding-window log per key; memory stays bounded by sweeping expired keys. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly hits = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    private readonly now: Clock = systemClock,
    private readonly maxKeys = 100_000,
  ) {}

  async hit(key: string, rule: RateRule): Promise<RateDecision> {
    const now = this.now().getTime();
    this.sweep(now, rule.windowMs);
    const since = now - rule.windowMs;
    const times = (this.hits.get(key) ?? []).filter((time) => time > since);
    if (times.length >= rule.limit) {
      this.hits.set(key, times);
      const oldest = times[0] ?? now;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + rule.windowMs - now) / 1000)) };
    }
    times.push(now);
    this.hits.set(key, times);
    return { allowed: true };
  }

  async recordFailure(key: string, windowMs: number): Promise<void> {
    const now = this.now().getTime();
    this.sweep(now, windowMs);
    const times = (this.hits.get(key) ?? []).filter((time) => time > now - windowMs);
    times.push(now);
    this.hits.set(key, times);
  }

  async failures(key: string, windowMs: number): Promise<FailureCount> {
    const since = this.now().getTime() - windowMs;
    const times = (this.hits.get(key) ?? []).filter((time) => time > since);
    return { count: times.length, last: times.at(-1) ?? null };
  }

  private sweep(now: number, windowMs: number) {
    if (now - this.lastSweep < windowMs && this.hits.size < this.maxKeys) return;
    this.lastSweep = now;
    // Windows are at most an hour or so; anything older than a day is certainly stale.
    const horizon = now - Math.max(windowMs, 24 * 60 * MINUTE);
    for (const [key, times] of this.hits) if ((times.at(-1) ?? 0) <= horizon) this.hits.delete(key);
    // Still full (a flood of distinct keys): drop the oldest entries rather than grow.
    for (const key of this.hits.keys()) {
      if (this.hits.size < this.maxKeys) break;
      this.hits.delete(key);
    }
  }
}
