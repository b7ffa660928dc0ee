/**
 * Issue 22 against the real server process on embedded PGlite (the zero-install default):
 * (1) kill -9 while searches are being planned, restart: none stays running; (2) NUL and lone
 * surrogates anywhere give field errors, never a 5xx; (4) sign-out revokes the token; (5) a
 * search hash shows the passes, and the prices they earn, to its owner only; (7) one client's
 * searches are rate-limited.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFakeDist } from '../server/helpers/app-server';
import { stop, type Proc } from '../server/helpers/processes';
import { call, port, searchForm, startServer, statuses, unfinishedAfter } from './harness';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drover-reliability-'));
const distDir = makeFakeDist();
// CI exports DATABASE_URL: this suite is about the embedded database, so it is cleared here.
const env = {
  DATA_DIR: dataDir,
  DIST_DIR: distDir,
  DATABASE_URL: '',
  REDIS_URL: '',
  SEARCH_RATE_LIMIT: '40',
  SEARCH_SWEEP_SECONDS: '2',
};
let serverPort = 0;
let server: Proc | undefined;

beforeAll(async () => {
  serverPort = await port();
  server = await startServer(serverPort, env);
}, 180_000);
afterAll(async () => {
  await stop(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(distDir, { recursive: true, force: true });
}, 60_000);

describe('(1) kill -9 while planning', () => {
  it('plans every accepted search after the restart: none stays running', async () => {
    // The planner threads are still loading the region: the searches are claimed and waiting.
    const posted = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(serverPort, 'POST', '/v1/journey-planner/search', { body: searchForm(i * 5) }),
      ),
    );
    expect(posted.map((r) => r.status)).toEqual(Array(12).fill(201));
    const hashes = posted.map((r) => r.json<{ data: { hash: string } }>().data.hash);
    const before = [...(await statuses(serverPort, hashes)).values()];
    expect(before.filter((status) => status === 'running' || status === 'pending').length).toBeGreaterThan(0);
    await stop(server, 'SIGKILL');
    server = await startServer(serverPort, env);
    const lost = await unfinishedAfter(serverPort, hashes, 120_000);
    console.log(
      `reliability (1) kill -9: ${hashes.length} accepted, ${before.filter((s) => s !== 'done').length} unfinished at the kill, ${lost.length} lost after restart`,
    );
    expect(lost).toEqual([]);
    expect([...(await statuses(serverPort, hashes)).values()]).toEqual(Array(12).fill('done'));
  }, 240_000);
});

/** Register, activate from the outbox, sign in: the token. */
async function signUp(email: string): Promise<string> {
  const password = 'correct horse battery';
  const body = {
    first_name: 'Isla',
    last_name: 'Morrison',
    email,
    dob: '1990-05-17',
    password,
    password_confirmation: password,
    accepts_terms: true,
  };
  expect((await call(serverPort, 'POST', '/v1/users/register', { body })).status).toBe(201);
  const outbox = path.join(dataDir, 'outbox');
  let code: string | null = null;
  for (let i = 0; i < 100 && !code; i++) {
    const file = fs.existsSync(outbox)
      ? fs.readdirSync(outbox).find((name) => name.endsWith(`-${email}.json`))
      : undefined;
    const link = file
      ? (JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8')) as { link?: string }).link
      : undefined;
    code = link ? new URL(link).searchParams.get('code') : null;
    if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect((await call(serverPort, 'POST', `/v1/users/activation/${code}`)).status).toBe(200);
  const login = await call(serverPort, 'POST', '/v1/auth/login', { body: { username: email, password } });
  expect(login.status).toBe(200);
  return login.json<{ data: { access_token: string } }>().data.access_token;
}

describe('(2) text PostgreSQL cannot store', () => {
  it('is a field error in every form and query string, never a 5xx', async () => {
    const token = await signUp(`text.${Date.now()}@example.org`);
    const bad = ['a\u0000b', '\ud800', 'x\udfff', '\udc00\ud800', '\u0000'];
    const calls: Array<[string, string, (text: string) => unknown]> = [
      [
        'POST',
        '/v1/users/register',
        (text) => ({
          first_name: text,
          last_name: 'M',
          email: `n.${Math.random()}@example.org`,
          dob: '1990-05-17',
          password: 'correct horse battery',
          password_confirmation: 'correct horse battery',
          accepts_terms: true,
        }),
      ],
      [
        'POST',
        '/v1/users/register',
        (text) => ({
          first_name: 'I',
          last_name: text,
          email: `n.${Math.random()}@example.org`,
          dob: '1990-05-17',
          password: 'correct horse battery',
          password_confirmation: 'correct horse battery',
          accepts_terms: true,
        }),
      ],
      ['PUT', '/v1/users/update', (text) => ({ first_name: text, last_name: 'M', dob: '1990-05-17' })],
      ['POST', '/v1/auth/login', (text) => ({ username: `${text}@example.org`, password: 'x' })],
      ['POST', '/v1/users/password/reset', (text) => ({ email: `${text}@example.org` })],
      [
        'POST',
        '/v1/journey-planner/search',
        (text) => searchForm(0, { origin: { label: text, lat: 56.4566, lng: -2.9713 } }),
      ],
      ['POST', '/v1/campaign/00000000-0000-4000-8000-000000000000/impression', (text) => ({ action: text })],
    ];
    const answered = new Map<number, number>();
    for (const text of bad) {
      for (const [method, pathname, body] of calls) {
        const response = await call(serverPort, method, pathname, { body: body(text), token, from: '127.0.0.5' });
        answered.set(response.status, (answered.get(response.status) ?? 0) + 1);
        expect(response.status, `${method} ${pathname} ${JSON.stringify(text)}: ${response.text}`).toBeLessThan(500);
        expect(response.json<{ message?: unknown }>().message).toEqual(expect.any(String));
      }
      const query = await call(
        serverPort,
        'GET',
        `/v1/journey-planner/queries/user?per_page=${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))}1`,
        { token },
      );
      expect(query.status).toBeLessThan(500);
    }
    console.log(
      `reliability (2): ${bad.length * calls.length} requests with NUL or lone surrogates, answers ${JSON.stringify(Object.fromEntries(answered))}`,
    );
    expect(answered.get(422)).toBeGreaterThanOrEqual(bad.length * 5);
  }, 60_000);
});

describe('(4) sign-out', () => {
  it('revokes the token on the server; sign out everywhere revokes them all', async () => {
    const email = `out.${Date.now()}@example.org`;
    const token = await signUp(email);
    expect((await call(serverPort, 'GET', '/v1/users/show', { token })).status).toBe(200);
    expect((await call(serverPort, 'POST', '/v1/auth/logout', { token, body: {} })).status).toBe(200);
    expect((await call(serverPort, 'GET', '/v1/users/show', { token })).status).toBe(401);
    const login = async () =>
      (
        await call(serverPort, 'POST', '/v1/auth/login', {
          body: { username: email, password: 'correct horse battery' },
        })
      ).json<{ data: { access_token: string } }>().data.access_token;
    const [phone, laptop] = [await login(), await login()];
    expect((await call(serverPort, 'POST', '/v1/auth/logout-everywhere', { token: phone, body: {} })).status).toBe(200);
    for (const each of [phone, laptop])
      expect((await call(serverPort, 'GET', '/v1/users/show', { token: each })).status).toBe(401);
  }, 60_000);
});

describe('(5) a search hash', () => {
  it('shows the passes to the signed-in owner only', async () => {
    const email = `passes.${Date.now()}@example.org`;
    const token = await signUp(email);
    const profile = { has_concessionary_pass: true, railcard: 'Disabled Persons Railcard' };
    expect(
      (
        await call(serverPort, 'PUT', '/v1/users/update', {
          token,
          body: { first_name: 'Isla', last_name: 'Morrison', dob: '1990-05-17', profile },
        })
      ).status,
    ).toBe(200);
    const posted = await call(serverPort, 'POST', '/v1/journey-planner/search', {
      token,
      body: searchForm(30),
      from: '127.0.0.6',
    });
    expect(posted.status).toBe(201);
    const { hash } = posted.json<{ data: { hash: string } }>().data;
    const mine = await call(serverPort, 'GET', `/v1/journey-planner/search/${hash}`, { token });
    expect(mine.text).toContain('Disabled Persons Railcard');
    const theirs = await call(serverPort, 'GET', `/v1/journey-planner/search/${hash}`);
    expect(theirs.status).toBe(200);
    expect(theirs.text).not.toMatch(/Disabled Persons Railcard|has_concessionary_pass/);
  }, 60_000);

  it("prices the journeys with the owner's railcard for the owner only (issue 33)", async () => {
    const email = `prices.${Date.now()}@example.org`;
    const token = await signUp(email);
    const profile = { has_concessionary_pass: true, railcard: 'Disabled Persons Railcard' };
    await call(serverPort, 'PUT', '/v1/users/update', {
      token,
      body: { first_name: 'Isla', last_name: 'Morrison', dob: '1990-05-17', profile },
    });
    const posted = await call(serverPort, 'POST', '/v1/journey-planner/search', {
      token,
      body: searchForm(45),
      from: '127.0.0.6',
    });
    const { hash } = posted.json<{ data: { hash: string } }>().data;
    expect(await unfinishedAfter(serverPort, [hash], 120_000)).toEqual([]);
    type Journeys = { data: { journeys: Array<{ id: string; cost: string }> } };
    const mine = await call(serverPort, 'GET', `/v1/journey-planner/search/${hash}`, { token });
    // Dundee to Perth by train: the owner's railcard takes a third off.
    expect(mine.text).toMatch(/with your railcard/);
    const ids = mine.json<Journeys>().data.journeys.map((j) => j.id);
    const theirs = await call(serverPort, 'GET', `/v1/journey-planner/search/${hash}`);
    expect(theirs.text).not.toMatch(/railcard|Entitlement|concession/i);
    expect(theirs.json<Journeys>().data.journeys.map((j) => j.id)).toEqual(ids);
    for (const id of ids) {
      const one = await call(serverPort, 'GET', `/v1/journey-planner/search/${hash}/${id}`);
      expect(one.status).toBe(200);
      expect(one.text).not.toMatch(/railcard|Entitlement|concession/i);
    }
  }, 180_000);
});

describe('(7) searches from one client', () => {
  it('are rate-limited with 429 and Retry-After; other clients are not', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(serverPort, 'POST', '/v1/journey-planner/search', { body: searchForm(i), from: '127.0.0.9' }),
      ),
    );
    const counts = answers.reduce<Record<number, number>>(
      (all, r) => ({ ...all, [r.status]: (all[r.status] ?? 0) + 1 }),
      {},
    );
    console.log(`reliability (7): 50 searches from one IP at once: ${JSON.stringify(counts)}`);
    expect(counts[201]).toBe(40);
    expect(counts[429]).toBe(10);
    for (const refused of answers.filter((r) => r.status === 429))
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await call(serverPort, 'POST', '/v1/journey-planner/search', { body: searchForm(0), from: '127.0.0.10' }))
        .status,
    ).toBe(201);
  }, 60_000);
});
