/**
 * The fallback map, public and outside /v1 (MapLibre fetches styles and sources without our
 * API-key header; the data is the region's open data):
 *   GET /map/fallback/style.json           the style, its sources on the origin the browser used
 *   GET /map/fallback/<layer>.geojson      areas | railways | routes | stops (gzipped when accepted)
 * An unknown layer is a 404 in the SPEC's error shape; a layer that cannot be built is a 503.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { FALLBACK_STYLE_PATH } from '../../contract/map';
import { ApiError } from '../http/errors';
import { MAP_LAYERS, type MapLayerName, type MapLayerSource } from './layers';
import { fallbackStyle } from './style';

export const MAP_MESSAGES = {
  unknownLayer: (name: string) => `No such map layer: ${name}. Layers: ${MAP_LAYERS.join(', ')}.`,
  unavailable: 'The map data is not available at the moment. Please try again shortly.',
} as const;

const isLayer = (name: string): name is MapLayerName => (MAP_LAYERS as readonly string[]).includes(name);
/** A day: the layers change only with a new region import (and a server restart). */
const CACHE = 'public, max-age=86400';

export interface MapRoutesOptions {
  layers: MapLayerSource;
  /** The region's attribution lines, shown by the map's attribution control. */
  attributions?: string[];
  log: { error(details: object, message: string): void };
}

export function mapRoutes({ layers, attributions = [], log }: MapRoutesOptions): FastifyPluginAsync {
  return async (app) => {
    app.get(FALLBACK_STYLE_PATH, async (request, reply) => {
      reply.header('cache-control', CACHE);
      return fallbackStyle(`${request.protocol}://${request.host}`, attributions);
    });

    app.get<{ Params: { file: string } }>('/map/fallback/:file', async (request, reply: FastifyReply) => {
      const name = request.params.file.replace(/\.geojson$/, '');
      if (!request.params.file.endsWith('.geojson') || !isLayer(name))
        throw new ApiError(404, MAP_MESSAGES.unknownLayer(request.params.file));
      let layer;
      try {
        layer = await layers.get(name);
      } catch (error) {
        log.error({ err: error, layer: name }, 'map layer could not be built');
        throw new ApiError(503, MAP_MESSAGES.unavailable);
      }
      reply.header('cache-control', CACHE).header('vary', 'accept-encoding').type('application/geo+json');
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')))
        return reply.header('content-encoding', 'gzip').send(layer.gzip);
      return reply.send(layer.json);
    });
  };
}
