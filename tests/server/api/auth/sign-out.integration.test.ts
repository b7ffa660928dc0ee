/** Issue 22 (4): sign-out revokes the token on the server; 'sign out everywhere' revokes all of the account's. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD, signUp, startApiServer, uniqueEmail, type ApiServer } from '../../helpers/api';

let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(async () => {
  await server?.close();
});

const login = async (email: string) =>
  (await server.call('POST', '/v1/auth/login', { body: { username: email, password: PASSWORD } })).json<{
    data: { access_token: string };
  }>().data.access_token;

it('POST /v1/auth/logout ends that token at once, and only that one', async () => {
  const email = uniqueEmail('out');
  const token = await signUp(server, email);
  const other = await login(email);
  const out = await server.call('POST', '/v1/auth/logout', { token, body: {} });
  expect(out.status).toBe(200);
  expect(out.json()).toEqual({ data: { message: 'Successfully logged out' } });
  expect((await server.call('GET', '/v1/users/show', { token })).status).toBe(401);
  expect((await server.call('GET', '/v1/users/show', { token: other })).status).toBe(200);
  // Again, or with a dead token: still signed out. Without a token: 401 in the SPEC shape.
  expect((await server.call('POST', '/v1/auth/logout', { token, body: {} })).status).toBe(200);
  const none = await server.call('POST', '/v1/auth/logout', { body: {} });
  expect(none.status).toBe(401);
  expect(typeof none.json<{ message: string }>().message).toBe('string');
});

it('POST /v1/auth/logout-everywhere ends every token of the account, not other accounts', async () => {
  const email = uniqueEmail('everywhere');
  const phone = await signUp(server, email);
  const laptop = await login(email);
  const stranger = await signUp(server, uniqueEmail('stranger'));
  const out = await server.call('POST', '/v1/auth/logout-everywhere', { token: laptop, body: {} });
  expect(out.status).toBe(200);
  for (const token of [phone, laptop]) expect((await server.call('GET', '/v1/users/show', { token })).status).toBe(401);
  expect((await server.call('GET', '/v1/users/show', { token: stranger })).status).toBe(200);
  expect((await server.call('POST', '/v1/auth/logout-everywhere', { token: laptop, body: {} })).status).toBe(401);
  // A new sign-in works as before.
  expect((await server.call('GET', '/v1/users/show', { token: await login(email) })).status).toBe(200);
});

it('is refused (403) by a brand without accounts', async () => {
  const response = await server.call('POST', '/v1/auth/logout', { brand: 'health', token: 'x'.repeat(43), body: {} });
  expect(response.status).toBe(403);
});
