/**
 * Issue 22 (10), the browser side: connect-src names only where the app connects, HSTS goes
 * out over https, and the realtime socket refuses pages of other sites (Origin).
 */
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, HSTS } from '../../../src/server/http/security-headers';
import { createRealtimePlugin } from '../../../src/server/realtime';
import { request, startTestServer, type TestServer } from '../helpers/app-server';

let server: TestServer;
beforeAll(async () => {
  const realtime = createRealtimePlugin({
    isKnownAppKey: () => true,
    allowedOriginHosts: ['regional.localhost', 'health.localhost'],
  });
  server = await startTestServer({ realtime: realtime.plugin, trustProxy: true });
});
afterAll(async () => {
  await server?.close();
});

describe('Content-Security-Policy connect-src', () => {
  it('allows this origin, the map style origin and Google only for brands that use them: no https: or ws: wildcards', () => {
    const connect = (brand: Parameters<typeof contentSecurityPolicy>[0]) =>
      /connect-src ([^;]*)/.exec(contentSecurityPolicy(brand))?.[1];
    expect(connect({ mapStyle: 'fallback', googleMapsKey: undefined } as never)).toBe("'self'");
    expect(connect({ mapStyle: 'https://tiles.example.org/styles/v1/style.json', googleMapsKey: 'key' } as never)).toBe(
      "'self' https://tiles.example.org https://maps.googleapis.com https://places.googleapis.com",
    );
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent over https (here through a trusted proxy), never over plain http', async () => {
    const secure = await request(server.port, 'GET', '/healthz', { headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toBe(HSTS);
    const plain = await request(server.port, 'GET', '/healthz');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('realtime socket Origin', () => {
  const open = (origin?: string, host?: string) =>
    new Promise<number>((resolve) => {
      const headers: Record<string, string> = { ...(origin ? { origin } : {}), ...(host ? { host } : {}) };
      const socket = new WebSocket(`ws://127.0.0.1:${server.port}/app/key?protocol=7&client=js&version=8`, { headers });
      socket.once('open', () => {
        socket.close();
        resolve(101);
      });
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.once('error', () => resolve(-1));
    });

  it("accepts the brands' hostnames, the host it connects to, and clients without an Origin", async () => {
    expect(await open('http://regional.localhost:8080')).toBe(101);
    expect(await open('https://health.localhost')).toBe(101);
    expect(await open(`http://127.0.0.1:${server.port}`)).toBe(101);
    expect(await open()).toBe(101);
  });

  it('refuses a page of another site with 403 before the upgrade', async () => {
    expect(await open('https://evil.example')).toBe(403);
    expect(await open('http://regional.localhost.evil.example')).toBe(403);
    expect(await open('null')).toBe(403);
  });
});
