import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseInput } from '../../src/server/http/errors';
import { ASSET_NAME, request, startTestServer, type TestResponse, type TestServer } from './helpers/app-server';

// A validated /v1 route, standing in for the resource modules of later issues.
const echo: FastifyPluginAsync = async (api) => {
  const body = z.object({ email: z.email(), age: z.number().int().min(12), origin: z.object({ lat: z.number() }) });
  api.post('/test/echo', async (request) => ({ data: parseInput(body, request.body) }));
  api.get('/test/boom', async () => {
    throw new Error('secret internal detail');
  });
};

let server: TestServer;
const regionalKey = () => server.brands.brands.get('regional')!.apiKey;
const call = (method: string, path: string, options: { headers?: Record<string, string>; body?: string } = {}) =>
  request(server.port, method, path, options);
const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  call(method, path, {
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'x-api-key': regionalKey(),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });

beforeAll(async () => {
  server = await startTestServer({ api: [echo] });
});
afterAll(async () => {
  await server?.close();
});

function expectSecurityHeaders(response: TestResponse) {
  const csp = response.headers['content-security-policy'];
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("style-src 'self' 'unsafe-inline'");
  expect(csp).toContain("worker-src 'self' blob:");
  expect(csp).toContain("img-src 'self' data: blob: https:");
  // Issue 22: the API and the realtime socket on this origin only (regional: fallback map, no Google).
  expect(csp).toContain("connect-src 'self';");
  expect(csp).toContain("manifest-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("'unsafe-eval'");
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['permissions-policy']).toContain('geolocation=(self)');
}

describe('server', () => {
  it('listens on a free port', () => {
    expect(server.port).toBeGreaterThan(0);
  });

  it('GET /healthz checks the database without an API key', async () => {
    const response = await call('GET', '/healthz');
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(response.headers['x-request-id']).toBeTruthy();
  });
});

describe('/v1 API key', () => {
  it('rejects a missing key with 401 JSON', async () => {
    const response = await call('GET', '/v1/brand', { headers: { accept: 'application/json' } });
    expect(response.status).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: expect.stringMatching(/API key/) });
  });

  it('rejects an unknown key with 401 JSON', async () => {
    const response = await api('GET', '/v1/brand', undefined, { 'x-api-key': 'not-a-real-key-000000' });
    expect(response.status).toBe(401);
    expect(response.json()).toEqual({ message: 'Unknown API key.' });
  });

  it.each(['regional', 'health', 'council'] as const)('a %s key gets the %s brand', async (key) => {
    const brand = server.brands.brands.get(key)!;
    const response = await api('GET', '/v1/brand', undefined, {
      'x-api-key': brand.apiKey,
      authorization: 'Bearer abc.def',
    });
    expect(response.status).toBe(200);
    const { data } = response.json<{ data: { key: string; title: string; enableUserAccounts: boolean } }>();
    expect(data.key).toBe(key);
    expect(data.title).toBe(brand.title);
    expect(data.enableUserAccounts).toBe(brand.enableUserAccounts);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('/v1 error shape', () => {
  it('a validation failure is 422 with field errors', async () => {
    const response = await api('POST', '/v1/test/echo', { email: 'nope', age: 3, origin: {} });
    expect(response.status).toBe(422);
    const body = response.json<{ message: string; errors: Record<string, string[]> }>();
    expect(typeof body.message).toBe('string');
    expect(Object.keys(body.errors).sort()).toEqual(['age', 'email', 'origin.lat']);
    for (const messages of Object.values(body.errors)) expect(messages.every((m) => typeof m === 'string')).toBe(true);
  });

  it('valid input passes', async () => {
    const response = await api('POST', '/v1/test/echo', { email: 'a@b.scot', age: 30, origin: { lat: 56.4 } });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ data: { email: 'a@b.scot', age: 30, origin: { lat: 56.4 } } });
  });

  it('bad JSON is 400 with a message', async () => {
    const response = await api('POST', '/v1/test/echo', '{"email": ');
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('an empty JSON body or a non-JSON body is a 4xx, never a 500', async () => {
    const empty = await api('POST', '/v1/test/echo', '');
    expect(empty.status).toBe(400);
    const text = await api('POST', '/v1/test/echo', 'hello', { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    expect(text.json()).toHaveProperty('message');
    const poisoned = await api('POST', '/v1/test/echo', '{"__proto__": {"x": 1}}');
    expect(poisoned.status).toBe(400);
  });

  it('an unknown /v1 route is 404 JSON', async () => {
    for (const method of ['GET', 'POST']) {
      const response = await api(method, '/v1/no-such-thing', method === 'POST' ? {} : undefined);
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message: expect.stringContaining('/v1/no-such-thing') });
    }
  });

  it('an unexpected failure is a bare 500', async () => {
    const response = await api('GET', '/v1/test/boom');
    expect(response.status).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong' });
  });
});

describe('security headers', () => {
  it('are on API responses, errors and health', async () => {
    expectSecurityHeaders(await api('GET', '/v1/brand'));
    expectSecurityHeaders(await call('GET', '/v1/brand'));
    expectSecurityHeaders(await call('GET', '/healthz'));
  });

  it('are on HTML and assets', async () => {
    expectSecurityHeaders(await call('GET', '/', { headers: { accept: 'text/html' } }));
    expectSecurityHeaders(await call('GET', `/assets/${ASSET_NAME}`));
  });
});

describe('addresses the router refuses (issue 22)', () => {
  it("answer in the SPEC shape with the security headers, never Fastify's shape, code or the path echoed", async () => {
    const cases: Array<[string, number]> = [
      ['/v1/brand%zz', 400],
      ['/search/%zz/results', 400],
      ['/%E0%A4%A', 400],
      [`/v1/journey-planner/search/${'a'.repeat(150)}`, 404],
      [`/v1/journey-planner/search/${'a'.repeat(150)}/${'b'.repeat(150)}`, 404],
      [`/${'a'.repeat(5000)}`, 414],
      [`/v1/${'a/'.repeat(2500)}`, 414],
      [`/search/${'x'.repeat(3000)}/results`, 414],
    ];
    for (const [path, status] of cases) {
      const response = await call('GET', path, { headers: { 'x-api-key': regionalKey() } });
      expect(response.status, path.slice(0, 40)).toBe(status);
      const body = response.json<Record<string, unknown>>();
      expect(Object.keys(body)).toEqual(['message']);
      expect(body.message).toEqual(expect.any(String));
      expect(response.text).not.toMatch(
        /FST_|statusCode|"error"|aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa|%zz|%E0/,
      );
      expectSecurityHeaders(response);
      expect(response.headers['x-request-id']).toEqual(expect.any(String));
    }
  });
});

describe('malformed HTTP', () => {
  it('gets a JSON error in the SPEC shape, not the parser default', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(server.port, '127.0.0.1', () =>
        socket.write('GET /v1/brand HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(raw.split('\r\n\r\n')[1]!)).toEqual({ message: 'The request could not be understood.' });
  });
});

describe('web app', () => {
  const page = (path: string, host: string) =>
    call('GET', path, { headers: { accept: 'text/html,application/xhtml+xml', host } });

  it('fills index.html for the brand of the Host, on any page path', async () => {
    const health = server.brands.brands.get('health')!;
    const regional = server.brands.brands.get('regional')!;
    for (const path of ['/', '/search/abc/results', '/no/such/page']) {
      const response = await page(path, 'health.localhost:8080');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.text).toContain(`<title>${health.title}</title>`);
      expect(response.text).toContain('id="drover-brand"');
      expect(response.text).not.toContain('<!--brand-head-->');
    }
    const other = await page('/about', 'unknown.example');
    expect(other.text).toContain(`<title>${regional.title.replace(/&/g, '&amp;')}</title>`);
  });

  it('draws a first paint for the page path: Home its heading, the service worker shell the header alone', async () => {
    const home = await page('/', 'council.localhost');
    expect(home.text).toContain('<h1>Plan your journey</h1>');
    expect(home.text).toContain('class="first-paint-bar"');
    const results = await page('/search/abc/results', 'council.localhost');
    expect(results.text).toContain('<h1>Journey results</h1>');
    const shell = await call('GET', '/index.html', { headers: { accept: '*/*', host: 'council.localhost' } });
    expect(shell.text).toContain('class="first-paint-bar"');
    expect(shell.text).not.toContain('<h1>');
  });

  it('never serves the raw index.html', async () => {
    const response = await page('/index.html', 'health.localhost');
    expect(response.status).toBe(200);
    expect(response.text).not.toContain('<!--brand-config-->');
  });

  it('serves the brand-filled page at /index.html to the service worker precache (Accept: */*)', async () => {
    const response = await call('GET', '/index.html?__WB_REVISION__=abc', {
      headers: { accept: '*/*', host: 'council.localhost' },
    });
    expect(response.status).toBe(200);
    expect(response.text).toContain(`<title>${server.brands.brands.get('council')!.title}</title>`);
  });

  it('compresses the page for browsers that accept brotli or gzip', async () => {
    const br = await call('GET', '/about', {
      headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    const gzip = await call('GET', '/about', { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('sends a precompressed asset when one was built beside it', async () => {
    fs.writeFileSync(
      path.join(server.distDir, 'assets', `${ASSET_NAME}.br`),
      zlib.brotliCompressSync(Buffer.from('console.log("app");')),
    );
    const response = await call('GET', `/assets/${ASSET_NAME}`, { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('serves the manifest per brand', async () => {
    for (const key of ['health', 'council'] as const) {
      const brand = server.brands.brands.get(key)!;
      const response = await call('GET', '/manifest.webmanifest', { headers: { host: brand.hostnames[0]! } });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
      const manifest = response.json<{ name: string; short_name: string; theme_color: string; display: string }>();
      expect(manifest).toMatchObject({
        name: brand.title,
        short_name: brand.shortTitle,
        theme_color: brand.theme.themeColor,
        display: 'standalone',
      });
    }
  });

  it('caches hashed assets for long and the service worker not at all', async () => {
    const asset = await call('GET', `/assets/${ASSET_NAME}`);
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const worker = await call('GET', '/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('a missing asset is a real 404, not the app', async () => {
    const response = await call('GET', '/assets/missing-123.js', { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(response.text).not.toContain('<html');
  });

  it('a missing file that is not a page is a 404', async () => {
    const response = await call('GET', '/missing.png', { headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(response.status).toBe(404);
  });
});
