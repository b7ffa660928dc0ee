import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recentSearchesAnswerSchema, savedJourneysAnswerSchema } from '../../../../src/contract/saved-journeys';
import { journeyViews, savedJourneys } from '../../../../src/server/db/schema';
import { plannedSearch, userId } from '../../helpers/fixtures';
import { signUp, startApiServer, uniqueEmail, type ApiServer } from '../../helpers/api';

let server: ApiServer;
let alice: { email: string; token: string; id: string };
let bob: { email: string; token: string; id: string };

beforeAll(async () => {
  server = await startApiServer();
  const make = async (name: string) => {
    const email = uniqueEmail(name);
    const token = await signUp(server, email);
    return { email, token, id: await userId(server.db, email) };
  };
  alice = await make('alice');
  bob = await make('bob');
});
afterAll(async () => {
  await server?.close();
});

type Body = { message?: string; errors?: Record<string, string[]>; data?: unknown; meta?: unknown };

describe('POST /v1/journey/save/{journeyId}', () => {
  it('saves for a signed-in user, idempotently; the journey reads as saved for that user only, whoever planned it', async () => {
    // Planned anonymously: saving is for whoever is signed in when they save.
    const { hash, journeyIds } = await plannedSearch(server.db, { withReturn: true });
    const id = journeyIds[0]!;
    const read = async (token?: string) => {
      const one = (await server.call('GET', `/v1/journey-planner/search/${hash}/${id}`, { token })).json<{
        data: { id: string; user_status?: string };
      }>().data;
      const all = (await server.call('GET', `/v1/journey-planner/search/${hash}`, { token })).json<{
        data: { journeys: Array<{ id: string; user_status?: string }> };
      }>().data;
      return [
        one.user_status,
        all.journeys.find((j) => j.id === id)?.user_status,
        all.journeys.filter((j) => j.user_status !== undefined).length,
      ];
    };
    // Read before saving, so a cached answer must not hide the save afterwards.
    expect(await read(alice.token)).toEqual([undefined, undefined, 0]);
    const first = await server.call('POST', `/v1/journey/save/${id}`, { token: alice.token });
    expect(first.status).toBe(200);
    expect(first.json<Body>().data).toEqual({ message: 'Journey saved', journey_id: id, user_status: 'saved' });
    expect((await server.call('POST', `/v1/journey/save/${id}`, { token: alice.token, body: {} })).status).toBe(200);
    const rows = await server.db.select().from(savedJourneys).where(eq(savedJourneys.journeyId, id));
    expect(rows).toHaveLength(1);
    expect(await read(alice.token)).toEqual(['saved', 'saved', 1]);
    expect(await read(bob.token)).toEqual([undefined, undefined, 0]);
    expect(await read()).toEqual([undefined, undefined, 0]);
    expect(await read('x'.repeat(43))).toEqual([undefined, undefined, 0]);
  });

  it('needs a signed-in user (401), an existing journey (404) and a brand with accounts (403)', async () => {
    const { journeyIds } = await plannedSearch(server.db);
    const id = journeyIds[0]!;
    const anonymous = await server.call('POST', `/v1/journey/save/${id}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json<Body>().message).toBe('Please sign in.');
    expect((await server.call('POST', `/v1/journey/save/${id}`, { token: 'x'.repeat(43) })).status).toBe(401);
    for (const bad of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1%20or%201=1']) {
      const response = await server.call('POST', `/v1/journey/save/${bad}`, { token: alice.token });
      expect(response.status).toBe(404);
      expect(response.json<Body>().message).toBe('Journey not found.');
    }
    expect((await server.call('POST', `/v1/journey/save/${id}`, { token: alice.token, brand: 'health' })).status).toBe(
      403,
    );
    // A journey planned on another brand is not found here.
    const park = await plannedSearch(server.db, { brand: 'park' });
    expect((await server.call('POST', `/v1/journey/save/${park.journeyIds[0]}`, { token: alice.token })).status).toBe(
      404,
    );
    expect(await server.db.select().from(savedJourneys).where(eq(savedJourneys.journeyId, id))).toHaveLength(0);
  });
});

describe('POST /v1/journey/viewed/{journeyId}', () => {
  it('records anonymous and signed-in views; 404 for unknown journeys', async () => {
    const { journeyIds } = await plannedSearch(server.db);
    const id = journeyIds[1]!;
    const anonymous = await server.call('POST', `/v1/journey/viewed/${id}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.json<Body>().data).toEqual({ message: 'Journey view recorded.', journey_id: id });
    expect((await server.call('POST', `/v1/journey/viewed/${id}`, { token: bob.token })).status).toBe(200);
    expect((await server.call('POST', `/v1/journey/viewed/${id}`, { token: 'stale-token' })).status).toBe(200);
    const views = await server.db.select().from(journeyViews).where(eq(journeyViews.journeyId, id));
    expect(views.map((view) => view.userId).sort()).toEqual([bob.id, null, null].sort());
    expect((await server.call('POST', '/v1/journey/viewed/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await server.call('POST', '/v1/journey/viewed/nope')).status).toBe(404);
    // Brands without accounts still record views.
    const health = await plannedSearch(server.db, { brand: 'health' });
    expect((await server.call('POST', `/v1/journey/viewed/${health.journeyIds[0]}`, { brand: 'health' })).status).toBe(
      200,
    );
  });
});

describe('GET /v1/journey/saved/user', () => {
  it("lists the user's own saved journeys, newest first, in the Saved journey item shape", async () => {
    const carol = uniqueEmail('carol');
    const token = await signUp(server, carol);
    const empty = await server.call('GET', '/v1/journey/saved/user', { token });
    expect(empty.json()).toEqual({ data: [], meta: { total: 0, per_page: 10, current_page: 1, last_page: 1 } });

    const single = await plannedSearch(server.db);
    const back = await plannedSearch(server.db, { withReturn: true });
    await server.call('POST', `/v1/journey/save/${single.journeyIds[0]}`, { token });
    server.advance(1000);
    await server.call('POST', `/v1/journey/save/${back.journeyIds[1]}`, { token });
    server.advance(-1000);

    const list = await server.call('GET', '/v1/journey/saved/user?per_page=10&page=1', { token });
    expect(list.status).toBe(200);
    const body = savedJourneysAnswerSchema.parse(list.json());
    expect(body.meta).toEqual({ total: 2, per_page: 10, current_page: 1, last_page: 1 });
    expect(body.data[0]).toMatchObject({
      hash: back.hash,
      journey_id: back.journeyIds[1],
      origin: { lat: 56.462, lng: -2.9707, name: 'Dundee' },
      destination: { lat: 56.3963, lng: -3.4375, name: 'Perth' },
      origin_address: 'Dundee Railway Station, Dundee',
      destination_address: 'Perth Concert Hall, Perth',
      is_return: true,
      cost: '£4.20',
      out_date: '2026/07/01',
      out_time: '09:05',
      out_arrive_time: '10:05',
      return_date: '2026/07/01',
      return_time: '17:30',
      return_arrive_time: '18:40',
      duration_depart: { text: '1 hour' },
      duration_return: { text: '1 hour 10 mins' },
      stages: { depart: ['walk', 'bus', 'walk'], return: ['walk', 'bus', 'walk'] },
    });
    expect(body.data[1]).toMatchObject({
      journey_id: single.journeyIds[0],
      is_return: false,
      return_date: null,
      duration_return: null,
      stages: { depart: ['walk', 'bus', 'walk'] },
    });

    const page2 = savedJourneysAnswerSchema.parse(
      (await server.call('GET', '/v1/journey/saved/user?per_page=1&page=2', { token })).json(),
    );
    expect(page2.meta).toEqual({ total: 2, per_page: 1, current_page: 2, last_page: 2 });
    expect(page2.data.map((item) => item.journey_id)).toEqual([single.journeyIds[0]]);
    const beyond = savedJourneysAnswerSchema.parse(
      (await server.call('GET', '/v1/journey/saved/user?page=9', { token })).json(),
    );
    expect(beyond.data).toEqual([]);

    // Other users and anonymous callers see none of it.
    const bobs = savedJourneysAnswerSchema.parse(
      (await server.call('GET', '/v1/journey/saved/user', { token: bob.token })).json(),
    );
    expect(bobs.data.map((item) => item.journey_id)).not.toContain(single.journeyIds[0]);
    expect((await server.call('GET', '/v1/journey/saved/user')).status).toBe(401);
    // Another brand's list is its own.
    const park = savedJourneysAnswerSchema.parse(
      (await server.call('GET', '/v1/journey/saved/user', { token, brand: 'park' })).json(),
    );
    expect(park.meta.total).toBe(0);
  });

  it('rejects bad paging with a 400 and field errors', async () => {
    for (const [query, field, message] of [
      ['per_page=0', 'per_page', 'per_page must be at least 1.'],
      ['per_page=51', 'per_page', 'per_page must be at most 50.'],
      ['per_page=abc', 'per_page', 'per_page must be a whole number from 1 to 50.'],
      ['per_page=2.5', 'per_page', 'per_page must be a whole number from 1 to 50.'],
      ['page=0', 'page', 'page must be at least 1.'],
      ['page=1&page=2', 'page', 'page must be a whole number from 1 to 1000000.'],
    ] as const) {
      const response = await server.call('GET', `/v1/journey/saved/user?${query}`, { token: alice.token });
      expect(response.status, query).toBe(400);
      expect(response.json<Body>().errors, query).toEqual({ [field]: [message] });
    }
  });
});

describe('GET /v1/journey-planner/queries/user', () => {
  it("lists the user's own searches, newest first, with meta", async () => {
    const dave = uniqueEmail('dave');
    const token = await signUp(server, dave);
    const id = await userId(server.db, dave);
    const older = await plannedSearch(server.db, {
      userId: id,
      createdAt: new Date('2026-01-01T10:00:00Z'),
      origin: 'Stirling Castle',
    });
    const newer = await plannedSearch(server.db, {
      userId: id,
      createdAt: new Date('2026-01-02T10:00:00Z'),
      withReturn: true,
    });
    await plannedSearch(server.db, { userId: bob.id });
    await plannedSearch(server.db, { userId: id, brand: 'park' });

    const response = await server.call('GET', '/v1/journey-planner/queries/user?per_page=10&page=1', { token });
    expect(response.status).toBe(200);
    const body = recentSearchesAnswerSchema.parse(response.json());
    expect(body.meta).toEqual({ total: 2, per_page: 10, current_page: 1, last_page: 1 });
    expect(body.data.map((item) => item.hash)).toEqual([newer.hash, older.hash]);
    expect(body.data[1]).toEqual({
      hash: older.hash,
      origin: { lat: 56.462, lng: -2.9707 },
      destination: { lat: 56.3963, lng: -3.4375 },
      origin_address: 'Stirling Castle',
      destination_address: 'Perth Concert Hall, Perth',
      out_departure_at: '2026-07-01T08:00:00.000Z',
      return_departure_at: null,
      created_at: '2026-01-01T10:00:00.000Z',
    });
    expect(body.data[0]?.return_departure_at).toBe('2026-07-01T16:30:00.000Z');

    const one = recentSearchesAnswerSchema.parse(
      (await server.call('GET', '/v1/journey-planner/queries/user?per_page=1', { token })).json(),
    );
    expect(one.meta).toEqual({ total: 2, per_page: 1, current_page: 1, last_page: 2 });
    expect((await server.call('GET', '/v1/journey-planner/queries/user')).status).toBe(401);
    expect((await server.call('GET', '/v1/journey-planner/queries/user', { token, brand: 'council' })).status).toBe(
      403,
    );
    const bobs = recentSearchesAnswerSchema.parse(
      (await server.call('GET', '/v1/journey-planner/queries/user', { token: bob.token })).json(),
    );
    expect(bobs.data.map((item) => item.hash)).not.toContain(older.hash);
  });
});
