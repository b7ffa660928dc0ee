/**
 * The real server with the account, journey and campaign modules, a throwaway database
 * (PGlite, or PostgreSQL when DATABASE_URL is set), an outbox in a temporary folder and a
 * clock the test can move.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { apiPlugins, createApiContext, type ApiContext } from '../../../src/server/api/index';
import { buildServer } from '../../../src/server/app';
import type { RateLimiter, RateLimits } from '../../../src/server/auth/rate-limit';
import type { BrandRegistry } from '../../../src/server/brands/load';
import type { Database } from '../../../src/server/db/index';
import { createInProcessSearchJobs } from '../../../src/server/jobs/index';
import { InProcessSearchJobs } from '../../../src/server/jobs/search-job';
import type { Mail, Mailer } from '../../../src/server/mail/mailer';
import { createRealtimePlugin } from '../../../src/server/realtime';
import { makeFakeDist, openTestDatabase, realBrands, request, type TestResponse } from './app-server';

const LOOSE = { limit: 100_000, windowMs: 60_000 };
export const LOOSE_LIMITS: RateLimits = {
  loginPerIp: LOOSE,
  loginFailuresPerIp: LOOSE,
  loginPerAccount: LOOSE,
  loginBackoff: { free: 100_000, baseMs: 1_000, maxMs: 60_000, windowMs: 60_000 },
  registerPerIp: LOOSE,
  registerPerAccount: LOOSE,
  resetPerIp: LOOSE,
  resetPerAccount: LOOSE,
  codePerIp: LOOSE,
  searchPerIp: LOOSE,
};

export interface CallOptions {
  body?: unknown;
  /** Bearer token. */
  token?: string;
  brand?: string;
  headers?: Record<string, string>;
  /** The client's IP: another loopback address, such as 127.0.0.2. */
  from?: string;
}

export interface ApiServer {
  port: number;
  /** The /v1 routes the server registered. */
  routes: ReadonlyArray<{ method: string; url: string }>;
  brands: BrandRegistry;
  db: Database;
  context: ApiContext;
  outboxDir: string;
  /** Moves the server's clock forward (tokens, codes and campaigns see it). */
  advance(ms: number): void;
  now(): Date;
  call(method: string, pathname: string, options?: CallOptions): Promise<TestResponse>;
  /** Waits for the newest mail to `to` whose subject matches. */
  mailTo(to: string, subject: RegExp, timeoutMs?: number): Promise<Mail>;
  /** With `search: true`: the search jobs (planner threads on the Tayside data) and the realtime endpoint. */
  search?: InProcessSearchJobs;
  close(): Promise<void>;
}

/** `regions`: region manifests whose places answer place search (the REGIONS setting; default Tayside). */
export async function startApiServer(
  options: {
    limits?: Partial<RateLimits>;
    rateLimiter?: RateLimiter;
    mailer?: Mailer;
    search?: boolean;
    regions?: string[];
    /** Collects the server's log lines (the real logger at info level) instead of discarding them. */
    logLines?: string[];
  } = {},
): Promise<ApiServer> {
  const distDir = makeFakeDist();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drover-api-'));
  const brands = realBrands();
  const { database, dispose } = await openTestDatabase();
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const realtime = options.search
    ? createRealtimePlugin({ isKnownAppKey: (key) => brands.byApiKey(key) !== undefined })
    : undefined;
  const search = realtime
    ? createInProcessSearchJobs({
        db: database.db,
        publish: realtime.realtime.publish,
        log: { error: (details, message) => console.error(message, details) },
      })
    : undefined;
  await search?.pool.ready();
  const context = createApiContext({
    db: database.db,
    settings: {
      publicUrl: 'https://{host}',
      mailFrom: 'no-reply@drover.test',
      smtpUrl: undefined,
      dataDir,
      ...(options.regions ? { regions: options.regions } : {}),
    },
    // As in main.ts: the modules log through the server's logger (once it exists).
    log: options.logLines
      ? {
          info: (details, message) => app?.log.info(details, message),
          error: (details, message) => app?.log.error(details, message),
        }
      : { info: () => {}, error: () => {} },
    now,
    limits: { ...LOOSE_LIMITS, ...options.limits },
    rateLimiter: options.rateLimiter,
    mailer: options.mailer,
    search: search?.jobs,
  });
  const lines = options.logLines;
  const logStream =
    lines &&
    new Writable({
      write: (chunk: Buffer, _encoding, done) =>
        void (lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)), done()),
    });
  let app: Awaited<ReturnType<typeof buildServer>> | undefined = undefined;
  app = await buildServer({
    settings: { distDir, logLevel: lines ? 'info' : 'silent', requestTimeoutMs: 60_000, trustProxy: false },
    brands,
    database,
    ...(logStream ? { logStream } : { logger: false as const }),
    api: apiPlugins(context),
    realtime: realtime?.plugin,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  const port = address.port;
  const outboxDir = path.join(dataDir, 'outbox');

  const readMails = (to: string): Mail[] => {
    if (!fs.existsSync(outboxDir)) return [];
    return fs
      .readdirSync(outboxDir)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => JSON.parse(fs.readFileSync(path.join(outboxDir, name), 'utf8')) as Mail)
      .filter((mail) => mail.to === to.toLowerCase());
  };

  return {
    port,
    routes: app.apiRoutes,
    brands,
    db: database.db,
    context,
    outboxDir,
    advance: (ms) => {
      offset += ms;
    },
    now,
    call: (method, pathname, { body, token, brand = 'regional', headers = {}, from } = {}) =>
      request(port, method, pathname, {
        from,
        headers: {
          accept: 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          'x-api-key': brands.brands.get(brand as never)?.apiKey ?? 'unknown-key',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
    mailTo: async (to, subject, timeoutMs = 2_000) => {
      for (let attempt = 0; attempt < timeoutMs / 20; attempt++) {
        const mail = readMails(to)
          .filter((item) => subject.test(item.subject))
          .at(-1);
        if (mail) return mail;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no mail to ${to} matching ${subject}`);
    },
    search: search?.jobs,
    close: async () => {
      await app.close();
      await search?.jobs.close();
      await dispose();
      fs.rmSync(distDir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The code query parameter of the mail's link. */
export function codeFrom(mail: Mail): string {
  const code = mail.link ? new URL(mail.link).searchParams.get('code') : null;
  if (!code) throw new Error(`mail has no code link: ${mail.subject}`);
  return code;
}

let counter = 0;
/** A unique e-mail address per call (tests share one database per file). */
export const uniqueEmail = (name = 'user') =>
  `${name}.${process.pid}.${Date.now().toString(36)}.${counter++}@example.org`;

export const PASSWORD = 'correct horse battery';

export function registration(email: string, overrides: Record<string, unknown> = {}) {
  return {
    title: 'Ms',
    first_name: 'Isla',
    last_name: 'Morrison',
    email,
    phone_number: '01382 123456',
    country_code_phone_number: '+44',
    dob: '1990-05-17',
    password: PASSWORD,
    password_confirmation: PASSWORD,
    accepts_terms: true,
    creation_origin: 'HOME_PAGE',
    ...overrides,
  };
}

/** Register, activate from the outbox and sign in: the access token. */
export async function signUp(server: ApiServer, email = uniqueEmail(), brand = 'regional'): Promise<string> {
  const registered = await server.call('POST', '/v1/users/register', { body: registration(email), brand });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${registered.text}`);
  const code = codeFrom(await server.mailTo(email, /Activate/));
  const activated = await server.call('POST', `/v1/users/activation/${code}`, { brand });
  if (activated.status !== 200) throw new Error(`activate: ${activated.status} ${activated.text}`);
  const login = await server.call('POST', '/v1/auth/login', { body: { username: email, password: PASSWORD }, brand });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`);
  return login.json<{ data: { access_token: string } }>().data.access_token;
}

/** Real in-process search jobs whose planner finds nothing: searches are stored, run and done without the planner threads. */
export function planNothing(server: ApiServer): InProcessSearchJobs {
  const jobs = new InProcessSearchJobs({
    db: server.db,
    publish: () => {},
    plan: async () => [],
    log: { error: () => {} },
  });
  server.context.search = jobs;
  return jobs;
}
