/**
 * Issue 22 (5): a search's hash is a shareable URL. Anyone with it reads the search and its
 * journeys; only the signed-in owner reads the passes it was planned with, and re-planning
 * someone else's search does not carry the owner's passes over.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { searchQueryAnswerSchema } from '../../../../src/contract/search';
import { searchQueries } from '../../../../src/server/db/schema';
import { registration, signUp, startApiServer, planNothing, uniqueEmail, type ApiServer } from '../../helpers/api';

let server: ApiServer;
let owner: string;
let stranger: string;

beforeAll(async () => {
  server = await startApiServer();
  planNothing(server);
  const email = uniqueEmail('owner');
  owner = await signUp(server, email);
  const profile = { has_car_access: false, has_concessionary_pass: true, railcard: 'Disabled Persons Railcard' };
  const update = await server.call('PUT', '/v1/users/update', {
    token: owner,
    body: { ...registration(email, { password: undefined, password_confirmation: undefined }), profile },
  });
  expect(update.status).toBe(200);
  stranger = await signUp(server, uniqueEmail('stranger'));
});
afterAll(async () => {
  await server?.close();
});

const tomorrow = (hour: number) => {
  const day = new Date(Date.now() + 2 * 86_400_000);
  return `${day.getUTCFullYear()}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${String(day.getUTCDate()).padStart(2, '0')} ${String(hour).padStart(2, '0')}:00:00`;
};
const FORM = {
  origin: { label: 'Dundee', lat: 56.4566, lng: -2.9713 },
  destination: { label: 'Perth', lat: 56.3952, lng: -3.4374 },
  out_time: tomorrow(9),
};

it('shows the passes to the signed-in owner only', async () => {
  const posted = await server.call('POST', '/v1/journey-planner/search', { token: owner, body: FORM });
  expect(posted.status).toBe(201);
  const { hash } = posted.json<{ data: { hash: string } }>().data;
  const read = async (token?: string) =>
    searchQueryAnswerSchema.parse((await server.call('GET', `/v1/journey-planner/search/${hash}`, { token })).json())
      .data;
  expect((await read(owner)).passes).toMatchObject({
    has_concessionary_pass: true,
    railcard_type: 'Disabled Persons Railcard',
  });
  for (const who of [undefined, stranger, 'x'.repeat(43)]) {
    const seen = await read(who);
    expect(seen.hash).toBe(hash);
    expect(seen.passes).toBeUndefined();
    expect(JSON.stringify(seen)).not.toMatch(/Disabled Persons|concessionary/);
  }
  // Re-planned by someone else: the new search is planned without the owner's passes, and says none.
  const replanned = await server.call('POST', `/v1/journey-planner/search/${hash}/update-return-time`, {
    body: { return_time: tomorrow(17) },
  });
  expect(replanned.status).toBe(201);
  expect(replanned.text).not.toMatch(/Disabled Persons|concessionary/);
  const copy = replanned.json<{ data: { hash: string } }>().data.hash;
  const [row] = await server.db.select().from(searchQueries).where(eq(searchQueries.hash, copy));
  expect(row?.form).toMatchObject({ has_concessionary_pass: false, has_railcard: false, railcard_type: null });
  // The owner's own re-plan keeps them and shows them.
  const own = await server.call('POST', `/v1/journey-planner/search/${hash}/update-return-time`, {
    token: owner,
    body: { return_time: tomorrow(18) },
  });
  expect(own.json<{ data: { passes?: unknown } }>().data.passes).toMatchObject({
    railcard_type: 'Disabled Persons Railcard',
  });
});

it('an anonymous search shows no passes to anyone', async () => {
  const posted = await server.call('POST', '/v1/journey-planner/search', {
    body: { ...FORM, has_railcard: true, railcard_type: 'Disabled Persons Railcard' },
  });
  const { hash } = posted.json<{ data: { hash: string } }>().data;
  const seen = await server.call('GET', `/v1/journey-planner/search/${hash}`);
  expect(seen.status).toBe(200);
  expect(seen.text).not.toMatch(/Disabled Persons/);
});
