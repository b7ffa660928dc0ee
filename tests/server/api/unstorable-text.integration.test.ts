/**
 * Issue 22 (2): a NUL or a lone surrogate in any text the API takes is a field error (422 for
 * forms, 400 for query strings), never a 500 from the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSTORABLE_TEXT_MESSAGE } from '../../../src/contract/storable-text';
import {
  PASSWORD,
  registration,
  signUp,
  startApiServer,
  planNothing,
  uniqueEmail,
  type ApiServer,
} from '../helpers/api';

let server: ApiServer;
let token: string;
let email: string;

beforeAll(async () => {
  server = await startApiServer();
  planNothing(server);
  email = uniqueEmail('text');
  token = await signUp(server, email);
});
afterAll(async () => {
  await server?.close();
});

type ErrorBody = { message: string; errors?: Record<string, string[]> };
const BAD = { nul: 'Isla\u0000', lone: 'Isla\ud800', loneLow: '\udc00Isla' };
const tomorrow = () => {
  const day = new Date(Date.now() + 86_400_000);
  return `${day.getUTCFullYear()}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${String(day.getUTCDate()).padStart(2, '0')} 12:00:00`;
};

describe.each(Object.entries(BAD))('text with %s', (_kind, bad) => {
  it('is a 422 field error in register, update, login and a search label', async () => {
    const calls = [
      ['POST', '/v1/users/register', { body: registration(uniqueEmail('bad'), { first_name: bad }) }, 'first_name'],
      ['POST', '/v1/users/register', { body: registration(uniqueEmail('bad'), { last_name: bad }) }, 'last_name'],
      [
        'PUT',
        '/v1/users/update',
        { token, body: registration(email, { password: undefined, password_confirmation: undefined, last_name: bad }) },
        'last_name',
      ],
      ['POST', '/v1/auth/login', { body: { username: `${bad}@example.org`, password: PASSWORD } }, 'username'],
      [
        'POST',
        '/v1/journey-planner/search',
        {
          body: {
            origin: { label: `Dundee ${bad}`, lat: 56.4566, lng: -2.9713 },
            destination: { label: 'Perth', lat: 56.3952, lng: -3.4374 },
            out_time: tomorrow(),
          },
        },
        'origin.label',
      ],
    ] as const;
    for (const [method, path, options, field] of calls) {
      const response = await server.call(method, path, options);
      expect(response.status, `${method} ${path}: ${response.text}`).toBe(422);
      expect(response.json<ErrorBody>().errors?.[field]).toEqual([UNSTORABLE_TEXT_MESSAGE]);
    }
  });
});

it('is a 400 field error in a query string (a NUL; broken UTF-8 there decodes to U+FFFD)', async () => {
  const response = await server.call('GET', '/v1/journey/saved/user?per_page=1%00', { token });
  expect(response.status).toBe(400);
  expect(response.json<ErrorBody>().errors?.per_page).toEqual([UNSTORABLE_TEXT_MESSAGE]);
});

it('still takes text with paired surrogates (emoji) and other control-free Unicode', async () => {
  const response = await server.call('POST', '/v1/users/register', {
    body: registration(uniqueEmail('emoji'), { first_name: 'Ìsla 🚌' }),
  });
  expect(response.status).toBe(201);
});
