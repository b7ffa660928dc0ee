/** The /v1 resource modules, in the order SPEC section 7 lists them. */
import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes';
import { campaignsRoutes } from './campaigns/routes';
import type { ApiContext } from './context';
import { journeysRoutes } from './journeys/routes';
import { searchRoutes } from './search/routes';
import { placesRoutes } from './places/routes';
import { usersRoutes } from './users/routes';

export { createApiContext, type ApiContext, type ApiContextOptions } from './context';

export function apiPlugins(context: ApiContext): FastifyPluginAsync[] {
  return [
    searchRoutes(context),
    journeysRoutes(context),
    usersRoutes(context),
    authRoutes(context),
    campaignsRoutes(context),
    placesRoutes(context),
  ];
}
