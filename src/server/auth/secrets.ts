/**
 * Random secrets (access tokens, e-mailed codes) and their stored form. Only the SHA-256
 * of a secret is stored: the secret has 256 bits of entropy, so a fast hash is enough and
 * lets a lookup use the unique index.
 */
import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url (43 characters): URL- and header-safe. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Anything else cannot be one of ours; checking first keeps junk away from the database. */
export function looksLikeSecret(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** Current time, injectable so tests can move it. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
