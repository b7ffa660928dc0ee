/**
 * Builds the Fastify server: the PWA and the /v1 API on one port. Used by main.ts
 * and by the integration tests (which listen on port 0 with an in-memory PGlite).
 */
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyReply } from 'fastify';
import type { BrandRegistry } from './brands/load';
import type { Settings } from './config';
import type { DatabaseHandle } from './db/index';
import { ApiError, errorHandler, GENERIC_MESSAGE } from './http/errors';
import { registerBodyLimit } from './http/body-limit';
import { openApiDocument } from './api/openapi';
import { registerMetrics, type MetricsRegistry } from './http/metrics';
import { loggerOptions } from './http/log-privacy';
import { registerRequestContext, requireApiKey } from './http/request-context';
import { applySecurityHeaders, registerSecurityHeaders } from './http/security-headers';
import { registerWeb } from './web/static';

export interface BuildServerOptions {
  settings: Pick<Settings, 'distDir' | 'logLevel' | 'requestTimeoutMs' | 'trustProxy'>;
  brands: BrandRegistry;
  database: DatabaseHandle;
  /** The realtime (Pusher protocol) WebSocket endpoint, from src/server/realtime/. */
  realtime?: FastifyPluginAsync;
  /** Extra /v1 route plugins (resource modules, tests); they get the API-key and JSON conventions. */
  api?: FastifyPluginAsync[];
  /** Public routes outside /v1 (the fallback map's style and layers, src/server/map/). */
  map?: FastifyPluginAsync;
  /** Region packs for planning on the device, public and outside /v1 (src/server/packs/). */
  packs?: FastifyPluginAsync;
  /** false: no logs (tests). Otherwise the privacy-safe logger at settings.logLevel (log-privacy.ts). */
  logger?: false;
  /** Where the log lines go (default stdout); tests read them. */
  logStream?: NodeJS.WritableStream;
  /**
   * GET /readyz: what must work before this instance takes traffic, besides the database
   * (Redis when configured, the loaded regions). Each answers true, or throws or says false.
   */
  readiness?: Record<string, () => Promise<boolean> | boolean>;
  /** Gauges read at scrape time (searches waiting and planning, realtime connections), added to /metrics. */
  gauges?: MetricsRegistry;
}

/** The API's resource modules register here (one plugin per SPEC section 7 resource). */
const v1Routes: FastifyPluginAsync<{
  brands: BrandRegistry;
  extra: FastifyPluginAsync[];
  routes: Array<{ method: string; url: string }>;
}> = async (api, { brands, extra, routes }) => {
  // The route table the OpenAPI document is checked against (every route documented and back).
  api.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  // JSON in: without the text/plain parser, any non-JSON body is a 415.
  api.removeContentTypeParser('text/plain');
  api.addHook('onRequest', requireApiKey(brands));
  api.addHook('onSend', async (_request, reply, payload) => {
    // Answers depend on the key and the bearer token: never store them in shared caches.
    reply.header('cache-control', 'no-store');
    return payload;
  });

  api.get('/brand', async (request) => ({ data: request.brand }));

  // Later issues: journey-planner, journey, users, auth, campaign modules register here.
  for (const plugin of extra) await api.register(plugin);
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The /v1 routes as registered (method, URL with :params). */
    apiRoutes: ReadonlyArray<{ method: string; url: string }>;
  }
}

/** The API's version in its OpenAPI document (package.json's). */
const API_VERSION = '0.1.0';
/** A readiness check that has not answered by then is a failure. */
const READINESS_TIMEOUT_MS = 2_000;

/** Request bodies above this are refused with 413 (http/body-limit.ts). */
const BODY_LIMIT = 1024 * 1024;
const REQUEST_ID = /^[\w.:-]{1,128}$/;
/** Longer addresses are refused (414) before routing: no page or API path comes near it. */
export const MAX_URL_LENGTH = 2048;

export const ADDRESS_MESSAGES = {
  badEscape: 'The address has a broken percent-escape: a % must be followed by two hexadecimal digits.',
  tooLong: 'The address is too long.',
} as const;

/** Errors the router raises before any hook runs (FST_ERR_BAD_URL...): status and words. */
function routerError(error: { code?: string }): { statusCode: number; message: string } {
  if (error.code === 'FST_ERR_BAD_URL') return { statusCode: 400, message: ADDRESS_MESSAGES.badEscape };
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return { statusCode: 414, message: ADDRESS_MESSAGES.tooLong };
  return { statusCode: 500, message: GENERIC_MESSAGE };
}

function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return;
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const body = JSON.stringify({
    message: tooLarge ? 'The request headers are too large.' : 'The request could not be understood.',
  });
  socket.end(
    `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const { settings, brands, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(settings.logLevel, options.logStream),
    // SPEC section 9: 60 s. connectionTimeout cuts idle/stuck sockets, requestTimeout slow uploads.
    connectionTimeout: settings.requestTimeoutMs,
    requestTimeout: settings.requestTimeoutMs,
    trustProxy: settings.trustProxy,
    // Keep a caller's (proxy's) request id when it is sane, so logs line up across hops.
    requestIdHeader: 'x-request-id',
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: BODY_LIMIT,
    // Requests Node's HTTP parser rejects (malformed, or a GET with a chunked body) never reach
    // the router; answer them in the SPEC's error shape too, then close the socket.
    clientErrorHandler: answerClientError,
    // The router's own refusals skip every hook: same shape and headers as every other error.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      const { statusCode, message } = routerError(error);
      if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
      applySecurityHeaders(reply, brands.byHostname(request.hostname));
      void reply
        .code(statusCode)
        .header('x-request-id', request.id)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send({ message });
    },
  });
  // Before anything reads it (routes, static files): an over-long address is a 414, not a file-system error.
  app.addHook('onRequest', async (request) => {
    if (request.url.length > MAX_URL_LENGTH) throw new ApiError(414, ADDRESS_MESSAGES.tooLong);
  });

  registerRequestContext(app, brands);
  registerSecurityHeaders(app, brands.defaultBrand);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    return payload;
  });
  app.setErrorHandler(errorHandler);
  registerBodyLimit(app, BODY_LIMIT);

  registerMetrics(app, options.gauges);
  // Liveness: the process answers (restart it if not). Readiness: it can serve (route traffic to it).
  app.get('/livez', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const checks: Record<string, () => Promise<boolean> | boolean> = {
      database: async () => (await database.ping(), true),
      ...options.readiness,
    };
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        const ok = await Promise.race([
          Promise.resolve()
            .then(check)
            .catch((error: unknown) => {
              request.log.error({ err: error, check: name }, 'readiness check failed');
              return false;
            }),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), READINESS_TIMEOUT_MS).unref()),
        ]);
        return [name, ok ? 'ok' : 'error'] as const;
      }),
    );
    const ready = results.every(([, state]) => state === 'ok');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'error', ...Object.fromEntries(results) });
  });

  app.get('/healthz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await database.ping();
      return { status: 'ok', database: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'database ping failed');
      return reply.code(503).send({ status: 'error', database: 'error' });
    }
  });

  const routes: Array<{ method: string; url: string }> = [];
  app.decorate('apiRoutes', routes);
  await app.register(v1Routes, { prefix: '/v1', brands, extra: options.api ?? [], routes });
  // Public, like a brand's pages: what the API offers says nothing about any caller.
  let document: string | undefined;
  app.get('/v1/openapi.json', async (_request, reply) => {
    document ??= JSON.stringify(openApiDocument(API_VERSION));
    return reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(document);
  });

  // ---- Realtime (Pusher Channels protocol over WebSocket) -------------------------
  // Registered by src/server/realtime/ (another module); it owns its own paths (/app/:key).
  if (options.realtime) await app.register(options.realtime);
  // ----------------------------------------------------------------------------------

  if (options.map) await app.register(options.map);
  if (options.packs) await app.register(options.packs);

  const servePage = await registerWeb(app, { distDir: settings.distDir });
  app.setNotFoundHandler((request, reply) => {
    if (servePage(request, reply)) return reply;
    const pathname = request.url.split('?')[0] ?? '/';
    // The path is named (cut short), never echoed whole.
    const shown = pathname.length > 80 ? `${pathname.slice(0, 80)}...` : pathname;
    const message =
      pathname.startsWith('/v1/') || pathname === '/v1' ? `No such API call: ${request.method} ${shown}` : 'Not found.';
    throw new ApiError(404, message);
  });

  return app;
}
