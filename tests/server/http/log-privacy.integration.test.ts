/**
 * Issue 22 (3): the server's log never holds query parameters, bodies, tokens, codes, password
 * hashes or e-mail addresses, not even when a database query fails with them as parameters.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { safeError, safeUrl } from '../../../src/server/http/log-privacy';
import { users } from '../../../src/server/db/schema';
import { codeFrom, PASSWORD, registration, signUp, startApiServer, uniqueEmail, type ApiServer } from '../helpers/api';

let server: ApiServer;
const lines: string[] = [];

beforeAll(async () => {
  server = await startApiServer({ logLines: lines });
});
afterAll(async () => {
  await server?.close();
});

it('logs a failed query by kind, without its parameters (e-mail, argon2id hash)', async () => {
  const email = uniqueEmail('Leaky');
  const failure = await server.db
    .insert(users)
    .values({
      email,
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo',
      brand: 'regional',
      firstName: 'Isla',
      lastName: 'Morrison',
      dob: 'not a date',
    })
    .then(
      () => undefined,
      (error: unknown) => error,
    );
  expect(failure).toBeInstanceOf(Error);
  expect(String((failure as Error).message)).toContain(email);
  const logged = JSON.stringify(safeError(failure));
  expect(logged).toContain('database query failed');
  expect(logged).not.toContain(email);
  expect(logged).not.toMatch(/argon2|not a date/);
  expect(safeUrl('/v1/users/activation/abcdefghijabcdefghijabcdefghijabcdefghij123?x=me@example.org')).toBe(
    '/v1/users/activation/[redacted]',
  );
});

it('the log of a whole account life and a failing query holds no e-mail, hash, token or code', async () => {
  const email = uniqueEmail('Private');
  const token = await signUp(server, email);
  const activationCode = codeFrom(await server.mailTo(email, /Activate/));
  await server.call('GET', '/v1/users/show', { token });
  await server.call('POST', '/v1/users/password/reset', { body: { email } });
  const resetCode = codeFrom(await server.mailTo(email, /password/i));
  await server.call('POST', `/v1/users/password/reset/${resetCode}`, {
    body: { password: `${PASSWORD}!`, password_confirmation: 'typo' },
  });
  await server.call('POST', '/v1/auth/login', { body: { username: email, password: 'wrong password' } });
  // A query that fails with personal parameters: registering while the table cannot take the row.
  const other = uniqueEmail('Broken');
  await server.db.execute(sql`alter table users add constraint broken check (length(first_name) < 0) not valid`);
  try {
    const broken = await server.call('POST', '/v1/users/register', { body: registration(other) });
    expect(broken.status).toBe(500);
  } finally {
    await server.db.execute(sql`alter table users drop constraint broken`);
  }
  const log = lines.join('\n');
  expect(log).toMatch(/request failed/);
  expect(log).toMatch(/database query failed/);
  for (const secret of [email.toLowerCase(), other.toLowerCase(), token, activationCode, resetCode, PASSWORD])
    expect(log).not.toContain(secret);
  expect(log).not.toMatch(/\$argon2|@example\.org|params:|insert into/i);
});
