/** `?per_page=&page=` for the user lists; a repeated or malformed value is a 400, not a 500. */
import type { FastifyRequest } from 'fastify';
import { listQuerySchema } from '../../contract/saved-journeys';
import { parseQuery } from '../http/errors';

export function readPage(request: FastifyRequest): { perPage: number; page: number } {
  const query = parseQuery(listQuerySchema, request.query ?? {});
  return { perPage: query.per_page, page: query.page };
}
