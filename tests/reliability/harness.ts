/**
 * The reliability suite's harness (issue 22): the real server (`src/server/main.ts`) and worker
 * as child processes on this machine's PGlite, PostgreSQL and Redis, driven over HTTP as a
 * client would, so they can be killed (-9) and their Redis restarted mid-queue.
 */
import net from 'node:net';
import { Temporal } from 'temporal-polyfill';
import { request, realBrands, type TestResponse } from '../server/helpers/app-server';
import { start, until, type Proc } from '../server/helpers/processes';
import { freePort } from '../server/helpers/search-events';

export const API_KEY = realBrands().brands.get('regional')!.apiKey;

/**
 * A free port in 4420-4429 (this suite's range on shared machines; RELIABILITY_PORT moves its
 * start), else any free port.
 */
export async function port(): Promise<number> {
  const first = Number(process.env.RELIABILITY_PORT) || 4420;
  for (let candidate = first; candidate <= first + 9; candidate++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(candidate, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return candidate;
  }
  return freePort();
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  /** The client's IP: another loopback address. */
  from?: string;
}

export function call(
  serverPort: number,
  method: string,
  pathname: string,
  { body, token, from }: CallOptions = {},
): Promise<TestResponse> {
  return request(serverPort, method, pathname, {
    from,
    headers: {
      accept: 'application/json',
      'x-api-key': API_KEY,
      'x-requested-with': 'XMLHttpRequest',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Starts `npm run serve` with `env` on `serverPort` and waits for /healthz. */
export async function startServer(serverPort: number, env: Record<string, string>): Promise<Proc> {
  const server = start('src/server/main.ts', {
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...env,
    PORT: String(serverPort),
  });
  await until(
    () =>
      fetch(`http://127.0.0.1:${serverPort}/healthz`).then(
        (r) => r.ok,
        () => false,
      ),
    'server',
    server,
    120_000,
  );
  return server;
}

const two = (n: number) => String(n).padStart(2, '0');
/** A search the Tayside data plans: Dundee station to Perth, the next weekday at 08:00 + `minutes`. */
export function searchForm(minutes = 0, extra: Record<string, unknown> = {}) {
  let day = Temporal.Now.zonedDateTimeISO('Europe/London').toPlainDate().add({ days: 1 });
  while (day.dayOfWeek > 5) day = day.add({ days: 1 });
  const at = day.toPlainDateTime({ hour: 8 }).add({ minutes });
  return {
    origin: { label: 'Dundee Railway Station, Dundee', lat: 56.4566, lng: -2.9713 },
    destination: { label: 'Perth, Perth and Kinross', lat: 56.3952, lng: -3.4374 },
    out_time: `${at.year}/${two(at.month)}/${two(at.day)} ${two(at.hour)}:${two(at.minute)}:00`,
    ...extra,
  };
}

/** The status of each search, read through the API. */
export async function statuses(serverPort: number, hashes: readonly string[]): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  for (const hash of hashes) {
    const response = await call(serverPort, 'GET', `/v1/journey-planner/search/${hash}`);
    seen.set(
      hash,
      response.status === 200 ? response.json<{ data: { status: string } }>().data.status : `http ${response.status}`,
    );
  }
  return seen;
}

/** Waits until every search is done or failed; the ones still unfinished at the deadline. */
export async function unfinishedAfter(
  serverPort: number,
  hashes: readonly string[],
  timeoutMs: number,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = [...(await statuses(serverPort, hashes))]
      .filter(([, status]) => status !== 'done' && status !== 'failed')
      .map(([hash]) => hash);
    if (open.length === 0 || Date.now() > deadline) return open;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
