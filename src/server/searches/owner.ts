/**
 * Who reads a search as its traveller (issue 33). The hash is a shareable URL; the traveller's
 * own prices (railcard, concessionary pass) are theirs. The POST answers with an owner key (a
 * random secret, stored only as its SHA-256, like every secret here); the browser that made the
 * search sends it back in SEARCH_OWNER_HEADER. A signed-in owner is recognised by the account.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { SEARCH_OWNER_HEADER } from '../../vocabulary/index';
import { hashSecret, looksLikeSecret, newSecret } from '../auth/secrets';

const HEADER = SEARCH_OWNER_HEADER.toLowerCase();

/** A fresh owner key and what is stored of it. */
export function newOwnerKey(): { key: string; hash: string } {
  const key = newSecret();
  return { key, hash: hashSecret(key) };
}

/** Whether the request carries the owner key whose hash is stored (false without one, or with junk). */
export function sendsOwnerKey(request: FastifyRequest, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const sent = request.headers[HEADER];
  if (typeof sent !== 'string' || !looksLikeSecret(sent)) return false;
  const a = Buffer.from(hashSecret(sent));
  const b = Buffer.from(storedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}
