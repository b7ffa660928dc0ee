/**
 * Issue 33 (7): the real server process (`npm run serve`, PGlite) answers /livez at once,
 * /readyz only once its database answers and its planner threads hold the regions, and
 * /metrics in the Prometheus text format: request counts and latency per route pattern,
 * searches by state and outcome, planner time, realtime connections.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, port, searchForm, startServer, unfinishedAfter } from '../../reliability/harness';
import { makeFakeDist } from '../helpers/app-server';
import { stop, type Proc } from '../helpers/processes';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drover-metrics-'));
const distDir = makeFakeDist();
let serverPort = 0;
let server: Proc | undefined;

beforeAll(async () => {
  serverPort = await port();
  server = await startServer(serverPort, { DATA_DIR: dataDir, DIST_DIR: distDir, DATABASE_URL: '', REDIS_URL: '' });
}, 180_000);
afterAll(async () => {
  await stop(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(distDir, { recursive: true, force: true });
}, 60_000);

const get = (pathname: string) => fetch(`http://127.0.0.1:${serverPort}${pathname}`);

/** Parses the text format strictly: every sample's metric has HELP and TYPE; values are numbers. */
function parse(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  const typed = new Set<string>();
  for (const line of text.split('\n').filter(Boolean)) {
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') {
        expect(['counter', 'gauge', 'histogram']).toContain(comment[3]);
        typed.add(comment[2]!);
      }
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})? (-?[0-9.e+-]+|NaN|\+Inf)$/.exec(line);
    expect(sample, line).not.toBeNull();
    const name = sample![1]!;
    expect(typed.has(name.replace(/_(bucket|sum|count)$/, '')) || typed.has(name), name).toBe(true);
    samples.set(`${name}${sample![2] ?? ''}`, Number(sample![3]));
  }
  return samples;
}

describe('liveness, readiness and metrics', () => {
  it('/livez answers at once; /readyz once the database and the regions are ready', async () => {
    expect((await get('/livez')).status).toBe(200);
    const deadline = Date.now() + 120_000;
    let ready = await get('/readyz');
    while (ready.status !== 200 && Date.now() < deadline) {
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'error', database: 'ok', regions: 'error' });
      await new Promise((resolve) => setTimeout(resolve, 250));
      ready = await get('/readyz');
    }
    expect(await ready.json()).toEqual({ status: 'ok', database: 'ok', regions: 'ok' });
  }, 150_000);

  it('/metrics counts requests per route pattern, searches and planner time', async () => {
    const posted = await call(serverPort, 'POST', '/v1/journey-planner/search', { body: searchForm(10) });
    expect(posted.status).toBe(201);
    const { hash } = posted.json<{ data: { hash: string } }>().data;
    expect(await unfinishedAfter(serverPort, [hash], 120_000)).toEqual([]);
    const response = await get('/metrics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parse(await response.text());
    expect(
      samples.get('drover_http_requests_total{method="POST",route="/v1/journey-planner/search",status="201"}'),
    ).toBe(1);
    // The hash is not in the metrics: the route's pattern is.
    const reads = samples.get(
      'drover_http_requests_total{method="GET",route="/v1/journey-planner/search/:hash",status="200"}',
    );
    expect(reads).toBeGreaterThanOrEqual(1);
    expect([...samples.keys()].some((key) => key.includes(hash))).toBe(false);
    expect(
      samples.get('drover_http_request_duration_seconds_count{method="POST",route="/v1/journey-planner/search"}'),
    ).toBe(1);
    expect(
      samples.get(
        'drover_http_request_duration_seconds_bucket{method="POST",route="/v1/journey-planner/search",le="+Inf"}',
      ),
    ).toBe(1);
    expect(samples.get('drover_searches_finished_total{outcome="done"}')).toBe(1);
    expect(samples.get('drover_planner_seconds_count')).toBe(1);
    expect(samples.get('drover_planner_seconds_sum')).toBeGreaterThan(0);
    expect(samples.get('drover_searches{state="waiting"}')).toBe(0);
    expect(samples.get('drover_searches{state="planning"}')).toBe(0);
    expect(samples.get('drover_realtime_connections')).toBe(0);
  }, 150_000);
});
