/**
 * Scale-out on this machine's PostgreSQL and Redis: two server processes (A and B) and one
 * `npm run worker` process share a fresh database. A search posted to B is queued in Redis,
 * planned by the worker, and every event reaches a pusher-js client connected to A, which
 * fetches each journey from A. Skipped, saying why, when PostgreSQL or Redis cannot be reached.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeyAnswerSchema, searchQueryAnswerSchema, searchStartedSchema } from '../../../src/contract/search';
import { JOURNEY_PROCESSED, RESULTS_RETRIEVED } from '../../../src/vocabulary/index';
import { redisNamespace } from '../../../src/server/jobs/queue';
import { createPostgresDatabase, makeFakeDist, realBrands } from '../helpers/app-server';
import { start, stop, until, type Proc } from '../helpers/processes';
import { freePort, pusherClient, subscribeToSearch } from '../helpers/search-events';
import { postgresUnreachable, redisUnreachable, TEST_DATABASE_URL, TEST_REDIS_URL } from '../helpers/services';

const DATABASE_URL = TEST_DATABASE_URL;
const REDIS_URL = TEST_REDIS_URL;

const skip = (await postgresUnreachable()) || (await redisUnreachable());
if (skip) console.warn(`scale-out test skipped: ${skip}`);

describe.skipIf(skip)('scale-out: two servers and a worker on PostgreSQL and Redis', () => {
  const brands = realBrands();
  const apiKey = brands.brands.get('regional')!.apiKey;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drover-scale-'));
  const distDir = makeFakeDist();
  let database: { url: string; drop: () => Promise<void> };
  let env: Record<string, string>;
  let a: Proc | undefined;
  let b: Proc | undefined;
  let worker: Proc | undefined;
  let portA = 0;
  let portB = 0;

  const call = (port: number, method: string, pathname: string, body?: unknown) =>
    fetch(`http://127.0.0.1:${port}${pathname}`, {
      method,
      headers: {
        accept: 'application/json',
        'x-api-key': apiKey,
        'x-requested-with': 'XMLHttpRequest',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  const healthy = (port: number) => () =>
    fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );

  beforeAll(async () => {
    database = await createPostgresDatabase(DATABASE_URL);
    env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    };
    [portA, portB] = [await freePort(), await freePort()];
    // A first: it runs the migrations; then B.
    a = start('src/server/main.ts', { ...env, PORT: String(portA) });
    await until(healthy(portA), 'server A', a);
    b = start('src/server/main.ts', { ...env, PORT: String(portB) });
    await until(healthy(portB), 'server B', b);
  }, 200_000);

  afterAll(async () => {
    await Promise.all([stop(a), stop(b), stop(worker)]);
    // The run's queue and channel live under its own namespace: remove them.
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${redisNamespace(database.url)}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(distDir, { recursive: true, force: true });
  }, 60_000);

  it('a client on A receives every event of a search posted to B, planned by the worker', async () => {
    let day = Temporal.Now.plainDateISO('Europe/London').add({ days: 1 });
    while (day.dayOfWeek > 5) day = day.add({ days: 1 });
    const outTime = `${day.year}/${String(day.month).padStart(2, '0')}/${String(day.day).padStart(2, '0')} 08:00:00`;
    const posted = await call(portB, 'POST', '/v1/journey-planner/search', {
      origin: { label: 'Dundee Railway Station', lat: 56.4566, lng: -2.9713 },
      destination: { label: 'Perth', lat: 56.3952, lng: -3.4374 },
      out_time: outTime,
    });
    expect(posted.status).toBe(201);
    const { hash } = searchStartedSchema.parse(await posted.json()).data;
    // No worker yet: the search waits in the queue, and A already knows it from the shared database.
    const waiting = searchQueryAnswerSchema.parse(
      await (await call(portA, 'GET', `/v1/journey-planner/search/${hash}`)).json(),
    ).data;
    expect(waiting).toMatchObject({ status: 'pending', results_retrieved: null, journeys: [] });

    const pusher = pusherClient(apiKey, portA);
    try {
      const { events, ids, all } = await subscribeToSearch(pusher, hash);
      worker = start('src/server/worker.ts', env);
      const count = await all;
      expect(count).toBeGreaterThan(0);
      expect(events).toEqual([RESULTS_RETRIEVED, ...Array(count).fill(JOURNEY_PROCESSED)]);
      for (const id of ids) {
        const response = await call(portA, 'GET', `/v1/journey-planner/search/${hash}/${id}`);
        expect(response.status).toBe(200);
        expect(journeyAnswerSchema.parse(await response.json()).data.id).toBe(id);
      }
      await until(
        async () =>
          (
            (await (await call(portB, 'GET', `/v1/journey-planner/search/${hash}`)).json()) as {
              data: { status: string };
            }
          ).data.status === 'done',
        'search done',
        worker,
        10_000,
      );
      const done = searchQueryAnswerSchema.parse(
        await (await call(portB, 'GET', `/v1/journey-planner/search/${hash}`)).json(),
      ).data;
      expect(done.results_retrieved).toBe(count);
      expect(done.journeys.map((j) => j.id)).toEqual(ids);
    } finally {
      pusher.disconnect();
    }
  }, 120_000);

  it('counts failed logins across both servers: the delays hold however the attempts are spread', async () => {
    const login = (port: number) =>
      call(port, 'POST', '/v1/auth/login', { username: 'spread.attempts@example.org', password: 'not the password' });
    // DEFAULT_RATE_LIMITS.loginBackoff: 5 free failures per account and IP, here 3 on A and 2 on B.
    for (let i = 0; i < 5; i++) expect((await login(i % 2 ? portB : portA)).status).toBe(401);
    for (const port of [portA, portB]) {
      const limited = await login(port);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  }, 60_000);
});
