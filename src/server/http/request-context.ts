/**
 * What every request carries: the brand it is for and the bearer token, if any.
 * Pages and assets get the brand of their Host; /v1 calls get the brand of their
 * X-Api-Key (a missing or unknown key is a 401 before any route runs).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Brand } from '../../contract/brand';
import type { BrandRegistry } from '../brands/load';
import { ApiError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every request: by X-Api-Key under /v1, otherwise by Host. */
    brand: Brand;
    /** The token of `Authorization: Bearer <token>`, or null; checked by the auth routes. */
    bearerToken: string | null;
  }
}

export const API_KEY_HEADER = 'x-api-key';

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** Root-level: decorates and fills brand-by-host and the bearer token for every request. */
export function registerRequestContext(app: FastifyInstance, registry: BrandRegistry): void {
  // Fastify 5 wants reference-typed decorations initialised with null, then set per request.
  app.decorateRequest('brand', null as unknown as Brand);
  app.decorateRequest('bearerToken', null);
  app.addHook('onRequest', async (request) => {
    request.brand = registry.byHostname(request.hostname);
    request.bearerToken = bearerToken(request.headers.authorization);
  });
}

/** For the /v1 scope: the API key picks the brand. */
export function requireApiKey(registry: BrandRegistry) {
  return async (request: FastifyRequest) => {
    const header = request.headers[API_KEY_HEADER];
    const key = Array.isArray(header) ? header[0] : header;
    if (!key) throw ApiError.unauthorized('Missing API key: send it in the X-Api-Key header.');
    const brand = registry.byApiKey(key);
    if (!brand) throw ApiError.unauthorized('Unknown API key.');
    request.brand = brand;
  };
}
