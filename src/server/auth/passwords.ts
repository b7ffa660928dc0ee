/** argon2id password hashing (the library's defaults follow the OWASP minimum: 19 MiB, 2 passes). */
import { hash, verify } from '@node-rs/argon2';

// 2 = Algorithm.Argon2id; the const enum cannot be imported under isolatedModules.
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password; with no stored hash it still spends the same time on a dummy one, so
 * response times do not tell which e-mail addresses have accounts.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('not-a-real-password-0123456789');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
