/**
 * Region packs, public and outside /v1 (the service worker fetches them without our API key;
 * the data is the region's open data):
 *   GET /packs/region.json        the calling brand's pack (its first region): RegionPackInfo
 *   GET /packs/<region>.<hash>.bin the pack's bytes, gzipped when accepted; immutable (a new
 *                                  pack has a new hash, so an old URL is a 404)
 */
import type { FastifyPluginAsync } from 'fastify';
import { REGION_PACK_PATH } from '../../contract/region-pack';
import { ApiError } from '../http/errors';
import type { RegionPack, RegionPackSource } from './pack-source';

export const PACK_MESSAGES = {
  notFound: 'No such region pack (it may have been replaced by a newer one).',
  unavailable: 'Offline planning data is not available at the moment. Please try again later.',
} as const;

export interface PackRoutesOptions {
  packs: RegionPackSource;
  log: { error(details: object, message: string): void };
}

export function packRoutes({ packs, log }: PackRoutesOptions): FastifyPluginAsync {
  const load = async (region: string | undefined): Promise<RegionPack> => {
    try {
      return await packs.get(region);
    } catch (error) {
      log.error({ err: error, region }, 'region pack could not be built');
      throw new ApiError(503, PACK_MESSAGES.unavailable);
    }
  };
  return async (app) => {
    app.get(REGION_PACK_PATH, async (request, reply) => {
      const pack = await load(request.brand.regions?.[0]);
      // Short: a new import (and restart) must reach devices within the hour.
      reply.header('cache-control', 'no-cache');
      return { data: pack.info };
    });

    app.get<{ Params: { file: string } }>('/packs/:file', async (request, reply) => {
      const m = /^([a-z0-9-]+)\.([0-9a-f]{16})\.bin$/.exec(request.params.file);
      if (!m) throw new ApiError(404, PACK_MESSAGES.notFound);
      const pack = await load(m[1]);
      if (pack.info.region !== m[1] || !pack.info.sha256.startsWith(m[2]!))
        throw new ApiError(404, PACK_MESSAGES.notFound);
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('vary', 'accept-encoding')
        .type('application/octet-stream');
      reply.header('x-pack-bytes', String(pack.info.bytes));
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')))
        return reply.header('content-encoding', 'gzip').send(Buffer.from(pack.gzip));
      return reply.send(Buffer.from(pack.bytes));
    });
  };
}
