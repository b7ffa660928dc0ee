/**
 * Issue 22 (7): searches are rate-limited per IP, and the queue is bounded: past its limit a new
 * search gets 429 with Retry-After (and is not stored), instead of waiting behind a thousand.
 */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { searchQueries } from '../../../../src/server/db/schema';
import type { SearchJob, SearchJobQueue } from '../../../../src/server/jobs/search-job';
import { planNothing, startApiServer, type ApiServer } from '../../helpers/api';

let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer({ limits: { searchPerIp: { limit: 3, windowMs: 60_000 } } });
  planNothing(server);
});
afterAll(async () => {
  await server?.close();
});

const day = new Date(Date.now() + 2 * 86_400_000);
const OUT = `${day.getUTCFullYear()}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${String(day.getUTCDate()).padStart(2, '0')} 10:00:00`;
const FORM = {
  origin: { label: 'Dundee', lat: 56.4566, lng: -2.9713 },
  destination: { label: 'Perth', lat: 56.3952, lng: -3.4374 },
  out_time: OUT,
};
const post = (from?: string) => server.call('POST', '/v1/journey-planner/search', { body: FORM, from });
const stored = async () => (await server.db.select({ n: count() }).from(searchQueries))[0]!.n;

it('limits searches per IP with 429 and Retry-After; other IPs still search', async () => {
  for (let i = 0; i < 3; i++) expect((await post()).status).toBe(201);
  const before = await stored();
  const limited = await post();
  expect(limited.status).toBe(429);
  expect(limited.json<{ message: string }>().message).toMatch(
    /^Too many searches\. Please try again in \d+ (second|minute)s?\.$/,
  );
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
  expect(await stored()).toBe(before);
  expect((await post('127.0.0.2')).status).toBe(201);
});

it('bounds the queue: past SEARCH_QUEUE_LIMIT a search is refused with 429 and Retry-After, not stored', async () => {
  const held: SearchJob[] = [];
  const holding: SearchJobQueue = {
    enqueue: async (job) => void held.push(job),
    depth: async () => held.length,
    close: async () => {},
  };
  server.context.search = holding;
  server.context.searchQueueLimit = 2;
  expect((await post('127.0.0.3')).status).toBe(201);
  expect((await post('127.0.0.3')).status).toBe(201);
  const before = await stored();
  const full = await post('127.0.0.4');
  expect(full.status).toBe(429);
  expect(full.json<{ message: string }>().message).toMatch(/busy/);
  expect(Number(full.headers['retry-after'])).toBeGreaterThanOrEqual(2);
  expect(await stored()).toBe(before);
  expect(held).toHaveLength(2);
});
