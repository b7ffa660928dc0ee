/**
 * The search pipeline on the real server with the Tayside data: POST a search, stream its
 * events to a pusher-js client on query.{hash} that fetches each journey, read it late through
 * GET /search/{hash}, re-plan the return, and refuse bad forms in the SPEC error shape.
 * Runs on PGlite, or PostgreSQL when DATABASE_URL is set.
 */
import { desc, eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  journeyAnswerSchema,
  searchQueryAnswerSchema,
  searchStartedSchema,
  SEARCH_MESSAGES,
  type SearchQuery,
} from '../../../../src/contract/search';
import { JOURNEY_PROCESSED, RESULTS_RETRIEVED } from '../../../../src/vocabulary/index';
import type { Journey } from '../../../../src/contract/journey';
import { QueuedSearchJobs } from '../../../../src/server/jobs/queue';
import type { SearchJob, SearchJobQueue } from '../../../../src/server/jobs/search-job';
import { searchQueries } from '../../../../src/server/db/schema';
import { PlaceIndexSet } from '../../../../src/planner/places/index-set';
import { pusherClient, subscribeToSearch } from '../../helpers/search-events';
import { registration, signUp, startApiServer, uniqueEmail, type ApiServer } from '../../helpers/api';

let server: ApiServer;

beforeAll(async () => {
  server = await startApiServer({ search: true });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const two = (n: number) => String(n).padStart(2, '0');
const formTime = (z: Temporal.ZonedDateTime | Temporal.PlainDateTime) =>
  `${z.year}/${two(z.month)}/${two(z.day)} ${two(z.hour)}:${two(z.minute)}:00`;
const london = () => Temporal.Now.zonedDateTimeISO('Europe/London');
/** The next weekday at 08:00 London: inside the rolled-forward rail calendar and the Ember feed. */
function nextWeekday(hour = 8): Temporal.PlainDateTime {
  let day = london().toPlainDate().add({ days: 1 });
  while (day.dayOfWeek > 5) day = day.add({ days: 1 });
  return day.toPlainDateTime({ hour });
}
const OUT = formTime(nextWeekday(8));
const DUNDEE_STATION = { label: 'Dundee Railway Station, Dundee', lat: 56.4566, lng: -2.9713 };
const PERTH = { label: 'Perth, Perth and Kinross', lat: 56.3952, lng: -3.4374 };
const form = (overrides: Record<string, unknown> = {}) => ({
  origin: DUNDEE_STATION,
  destination: PERTH,
  out_time: OUT,
  ...overrides,
});

type ErrorBody = { message: string; errors?: Record<string, string[]> };

async function post(body: unknown, options: { token?: string; brand?: string } = {}) {
  const response = await server.call('POST', '/v1/journey-planner/search', { body, ...options });
  if (response.status !== 201) throw new Error(`search: ${response.status} ${response.text}`);
  return searchStartedSchema.parse(response.json()).data;
}

async function finished(hash: string, brand = 'regional'): Promise<SearchQuery> {
  await server.search!.idle();
  const response = await server.call('GET', `/v1/journey-planner/search/${hash}`, { brand });
  expect(response.status).toBe(200);
  return searchQueryAnswerSchema.parse(response.json()).data;
}

/** Holds the jobs the routes start until the test lets them run (as a slow planner would). */
function holdJobs(): { held: SearchJob[]; release(): Promise<void> } {
  const real = server.context.search!;
  const held: SearchJob[] = [];
  const holding: SearchJobQueue = { enqueue: async (job) => void held.push(job), close: () => real.close() };
  server.context.search = holding;
  return {
    held,
    release: async () => {
      server.context.search = real;
      for (const job of held.splice(0)) await real.enqueue(job);
    },
  };
}

describe('POST /v1/journey-planner/search, streamed on query.{hash}', () => {
  it('answers at once with the hash; a subscribed pusher-js client gets the count, then each journey, and fetches every one', async () => {
    const gate = holdJobs();
    const started = await post(form());
    expect(started).toEqual({
      hash: expect.stringMatching(/^[0-9a-f]{32}$/),
      origin_address: DUNDEE_STATION.label,
      destination_address: PERTH.label,
      // Sent back by the browser that made the search: it reads its own prices (issue 33).
      owner_key: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect(gate.held).toHaveLength(1);

    const pusher = pusherClient(server.brands.brands.get('regional')!.apiKey, server.port);
    try {
      const fetched: Promise<{ status: number; body: unknown }>[] = [];
      // As the app does: fetch each journey an event names.
      const { events, all } = await subscribeToSearch(pusher, started.hash, (journeyId) =>
        fetched.push(
          server
            .call('GET', `/v1/journey-planner/search/${started.hash}/${journeyId}`)
            .then((r) => ({ status: r.status, body: r.json() })),
        ),
      );
      await gate.release();
      const count = await all;
      expect(count).toBeGreaterThan(0);
      expect(events).toEqual([RESULTS_RETRIEVED, ...Array(count).fill(JOURNEY_PROCESSED)]);
      const journeys = await Promise.all(fetched);
      const ids = new Set<string>();
      for (const { status, body } of journeys) {
        expect(status).toBe(200);
        const journey = journeyAnswerSchema.parse(body).data;
        ids.add(journey.id);
        expect(journey.origin.lat).toBeCloseTo(DUNDEE_STATION.lat, 3);
      }
      expect(ids.size).toBe(count);
      // Real Tayside public transport: a ScotRail or Ember ride among them.
      const agencies = journeys.flatMap(({ body }) =>
        journeyAnswerSchema.parse(body).data.depart.steps.flatMap((s) => (s.transit ? [s.transit.agency.name] : [])),
      );
      expect(agencies.some((name) => name === 'ScotRail' || name === 'Ember')).toBe(true);
    } finally {
      pusher.disconnect();
    }
  }, 60_000);

  it('a client that subscribes late still gets every journey through GET /search/{hash}', async () => {
    const { hash } = await post(form({ has_access_to_car: false }));
    await server.search!.idle();
    // Subscribing now replays nothing: the events are gone, so the app reads the search instead.
    const pusher = pusherClient(server.brands.brands.get('regional')!.apiKey, server.port);
    const late = await subscribeToSearch(pusher, hash).finally(() => setTimeout(() => pusher.disconnect(), 200));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(late.events).toEqual([]);
    const query = await finished(hash);
    expect(query).toMatchObject({
      hash,
      status: 'done',
      failure: null,
      origin_address: DUNDEE_STATION.label,
      out_time: OUT,
      return_time: null,
    });
    expect(query.results_retrieved).toBeGreaterThan(0);
    expect(query.journeys).toHaveLength(query.results_retrieved!);
    // No car access: no own-car journey. An anonymous search has no owner: nobody reads its passes from the hash (issue 22).
    expect(query.journeys.some((j) => j.transport_mode === 'own-car')).toBe(false);
    expect(query.passes).toBeUndefined();
    const one = await server.call('GET', `/v1/journey-planner/search/${hash}/${query.journeys[0]!.id}`);
    expect(journeyAnswerSchema.parse(one.json()).data).toEqual(query.journeys[0]);
  }, 60_000);

  it("passes the brand's blocked travel types to the planner (council: no taxi, own car or cycle)", async () => {
    const { hash } = await post(form(), { brand: 'council' });
    const query = await finished(hash, 'council');
    expect(query.journeys.length).toBeGreaterThan(0);
    for (const journey of query.journeys) expect(['taxi', 'own-car', 'cycle']).not.toContain(journey.transport_mode);
    // A search belongs to its brand.
    expect((await server.call('GET', `/v1/journey-planner/search/${hash}`)).status).toBe(404);
  }, 60_000);

  it("a search from outside the brand's region is planned and flagged less accurate, not refused (SPEC section 1)", async () => {
    // Glasgow: outside Tayside, the regional brand's region; the journeys say they are less accurate.
    const { hash } = await post(form({ origin: { label: 'Glasgow Central', lat: 55.8591, lng: -4.258 } }));
    const query = await finished(hash);
    expect(query.status).toBe('done');
    expect(query.journeys.length).toBeGreaterThan(0);
    for (const journey of query.journeys) expect(journey.tags).toContain('outside_region');
  }, 60_000);

  it('a search the planner refuses (regions not known where it was posted, as with the queue) records why and emits nothing', async () => {
    const real = server.context.search!;
    const places = server.context.places;
    server.context.search = { enqueue: (job) => real.enqueue(job), close: () => real.close() };
    // No place index here either, so the route's own refusal does not answer first.
    server.context.places = { get: async () => new PlaceIndexSet([]) };
    let hash: string;
    try {
      ({ hash } = await post(form({ origin: { label: 'North Sea', lat: 56.5, lng: -1.0 } })));
    } finally {
      server.context.search = real;
      server.context.places = places;
    }
    const query = await finished(hash);
    expect(query.status).toBe('failed');
    expect(query.failure).toMatch(/North Sea is more than 25 km from any town/);
    expect(query.results_retrieved).toBeNull();
    expect(query.journeys).toEqual([]);
  }, 60_000);
});

describe('rural reach through the API (issue 17)', () => {
  it('Kirriemuir -> Stirling on a weekday 08:00: car to the train with a car, taxi to the train without', async () => {
    const KIRRIEMUIR = { label: 'Kirriemuir, Angus', lat: 56.68, lng: -3.005 };
    const STIRLING = { label: 'Stirling, Stirling', lat: 56.1165, lng: -3.9369 };
    const firstThenTrain = (js: { depart: { steps: { type: string }[] } }[], type: string) =>
      js.some((j) => j.depart.steps[0]?.type === type && j.depart.steps.some((s) => s.type === 'train'));
    const withCar = await finished(
      (await post(form({ origin: KIRRIEMUIR, destination: STIRLING, has_access_to_car: true }))).hash,
    );
    expect(withCar.status).toBe('done');
    expect(firstThenTrain(withCar.journeys, 'own-car')).toBe(true);
    const without = await finished(
      (await post(form({ origin: KIRRIEMUIR, destination: STIRLING, has_access_to_car: false }))).hash,
    );
    expect(firstThenTrain(without.journeys, 'taxi')).toBe(true);
    expect(without.journeys.some((j) => j.depart.steps.some((s) => s.type === 'own-car'))).toBe(false);
  }, 60_000);
});

describe('places no one can travel from (SPEC section 8 shape)', () => {
  it('an origin in the North Sea or in Paris is a field error before anything is stored', async () => {
    for (const [origin, text] of [
      [
        { label: 'North Sea', lat: 56.5, lng: -1.0 },
        /North Sea is more than 25 km from any town, village or stop we know/,
      ],
      [{ label: 'Paris', lat: 48.8566, lng: 2.3522 }, /Great Britain only: Paris/],
      // Issue 27: in the Tay off Dundee, 1 km from either shore and 2 km from stops the 25 km rule knows.
      [{ label: 'River Tay', lat: 56.445, lng: -2.97 }, /^River Tay is in the sea, more than 250 m from the shore/],
    ] as const) {
      const res = await server.call('POST', '/v1/journey-planner/search', { body: form({ origin }) });
      expect(res.status).toBe(422);
      const body = res.json() as ErrorBody;
      expect(body.errors?.origin?.[0]).toMatch(text);
    }
    // A destination at sea 3 km off Arbroath: the destination's field, never a 500.
    const sea = await server.call('POST', '/v1/journey-planner/search', {
      body: form({ destination: { label: '56.55,-2.52', lat: 56.55, lng: -2.52 } }),
    });
    expect(sea.status).toBe(422);
    expect((sea.json() as ErrorBody).errors).toEqual({
      destination: ['56.55,-2.52 is in the sea, more than 250 m from the shore: choose a place on land.'],
    });
  });
});

describe('bad searches (SPEC section 8 shape)', () => {
  const soon = london().add({ minutes: 30 });
  const cases: Array<[string, unknown, string, RegExp]> = [
    [
      'a time in the past',
      form({ out_time: formTime(london().subtract({ hours: 2 })) }),
      'out_time',
      /must not be in the past/,
    ],
    [
      'more than six months ahead',
      form({ out_time: formTime(london().add({ months: 6, days: 2 })) }),
      'out_time',
      /at most 6 months ahead/,
    ],
    [
      'a return before the outbound',
      form({ return_time: formTime(nextWeekday(7)) }),
      'return_time',
      /after the outbound/,
    ],
    ['a malformed time', form({ out_time: '2026-11-24T08:00' }), 'out_time', /YYYY\/MM\/DD HH:mm:ss/],
    ['a date that does not exist', form({ out_time: '2027/02/30 08:00:00' }), 'out_time', /YYYY\/MM\/DD HH:mm:ss/],
    [
      'a typed address without coordinates',
      form({ origin: 'Dundee' }),
      'origin.lat',
      /Choose the origin from the list/,
    ],
    [
      'a place object without coordinates',
      form({ destination: { label: 'Perth' } }),
      'destination.lat',
      /Choose the destination from the list/,
    ],
    ['no origin', { destination: PERTH, out_time: formTime(soon) }, 'origin', /origin is required/],
    ['no outbound time', { origin: DUNDEE_STATION, destination: PERTH }, 'out_time', /outbound time is required/],
    ['a flag of the wrong type', form({ has_access_to_car: 'yes' }), 'has_access_to_car', /true or false/],
    ['a number as time', form({ out_time: 20261124 }), 'out_time', /must be text/],
    ['a railcard without its type', form({ has_railcard: true }), 'railcard_type', /Choose which railcard/],
    [
      'an unknown railcard',
      form({ has_railcard: true, railcard_type: 'Gold Card' }),
      'railcard_type',
      /Choose a railcard from the list/,
    ],
    [
      'the same place twice',
      form({ destination: { ...DUNDEE_STATION, label: 'Dundee station' } }),
      'destination',
      /same place/,
    ],
  ];
  it.each(cases)('%s: 422 with a field error', async (_name, body, field, message) => {
    const response = await server.call('POST', '/v1/journey-planner/search', { body });
    expect(response.status).toBe(422);
    const answer = response.json<ErrorBody>();
    expect(answer.errors?.[field]?.[0]).toMatch(message);
    expect(answer.message).toEqual(expect.any(String));
  });

  it('accepts the label with origin_lat/origin_lng fields beside it', async () => {
    const started = await post({
      ...form(),
      origin: DUNDEE_STATION.label,
      origin_lat: DUNDEE_STATION.lat,
      origin_lng: DUNDEE_STATION.lng,
    });
    expect(started.origin_address).toBe(DUNDEE_STATION.label);
    await server.search!.idle();
  });

  it('no body, a JSON array or text: errors, never a 500', async () => {
    const empty = await server.call('POST', '/v1/journey-planner/search');
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.json<ErrorBody>().errors ?? {})).toEqual(
      expect.arrayContaining(['origin', 'destination', 'out_time']),
    );
    expect((await server.call('POST', '/v1/journey-planner/search', { body: [] })).status).toBe(422);
    expect(
      (
        await server.call('POST', '/v1/journey-planner/search', {
          body: 'origin=Dundee',
          headers: { 'content-type': 'text/plain' },
        })
      ).status,
    ).toBe(415);
  });

  it('unknown hashes and journeys are 404 with a message', async () => {
    for (const hash of ['0'.repeat(32), 'not-a-hash', 'ABCDEF'.repeat(6)]) {
      const response = await server.call('GET', `/v1/journey-planner/search/${hash}`);
      expect(response.status).toBe(404);
      expect(response.json<ErrorBody>()).toEqual({ message: 'Search not found.' });
    }
    const { hash } = await post(form());
    await server.search!.idle();
    const missing = await server.call('GET', `/v1/journey-planner/search/${hash}/00000000-0000-4000-8000-000000000000`);
    expect(missing.status).toBe(404);
    expect(missing.json<ErrorBody>()).toEqual({ message: 'Journey not found.' });
    expect((await server.call('GET', `/v1/journey-planner/search/${hash}/1%20or%201=1`)).status).toBe(404);
    expect(
      (
        await server.call('POST', `/v1/journey-planner/search/${'0'.repeat(32)}/update-return-time`, {
          body: { return_time: OUT },
        })
      ).status,
    ).toBe(404);
  });
});

describe('when the job queue is unreachable', () => {
  it('answers 503 within seconds and the query records why', async () => {
    const real = server.context.search!;
    // Nothing listens on port 1: the queue's Redis is down.
    const dead = new QueuedSearchJobs('redis://127.0.0.1:1', `drover-test-${process.pid}`);
    server.context.search = dead;
    try {
      const started = Date.now();
      const response = await server.call('POST', '/v1/journey-planner/search', { body: form() });
      expect(response.status).toBe(503);
      expect(response.json<ErrorBody>()).toEqual({
        message: 'Journey planning is not available right now. Please try again later.',
      });
      expect(Date.now() - started).toBeLessThan(10_000);
      const [row] = await server.db.select().from(searchQueries).orderBy(desc(searchQueries.createdAt)).limit(1);
      expect(row).toMatchObject({
        status: 'failed',
        failure: 'Journey planning is not available right now. Please try again later.',
      });
    } finally {
      server.context.search = real;
      await dead.close().catch(() => {});
    }
  }, 30_000);
});

describe('POST /v1/journey-planner/search/{hash}/update-return-time', () => {
  it('re-plans with the return and answers the new query; a bad return is a field error only', async () => {
    const { hash } = await post(form());
    await server.search!.idle();
    const returnTime = formTime(nextWeekday(17));
    const updated = await server.call('POST', `/v1/journey-planner/search/${hash}/update-return-time`, {
      body: { return_time: returnTime },
    });
    expect(updated.status).toBe(201);
    const next = searchQueryAnswerSchema.parse(updated.json()).data;
    expect(next.hash).not.toBe(hash);
    expect(next).toMatchObject({ return_time: returnTime, out_time: OUT, origin_address: DUNDEE_STATION.label });
    const query = await finished(next.hash);
    expect(query.journeys.length).toBeGreaterThan(0);
    expect(query.journeys.every((j) => j.return !== undefined)).toBe(true);

    const bad = await server.call('POST', `/v1/journey-planner/search/${hash}/update-return-time`, {
      body: { return_time: formTime(nextWeekday(6)) },
    });
    expect(bad.status).toBe(422);
    expect(bad.json<ErrorBody>().errors).toEqual({ return_time: [SEARCH_MESSAGES.returnBeforeOutbound] });
    const wrongType = await server.call('POST', `/v1/journey-planner/search/${hash}/update-return-time`, {
      body: { return_time: 5 },
    });
    expect(wrongType.json<ErrorBody>().errors?.return_time).toBeDefined();
  }, 60_000);

  it('still re-plans once the outbound has begun (its time was checked when the search was made)', async () => {
    const soon = london().add({ minutes: 20 });
    const { hash } = await post(form({ out_time: formTime(soon) }));
    await server.search!.idle();
    server.advance(2 * 3_600_000);
    try {
      // A new search for that outbound would now be refused ...
      const fresh = await server.call('POST', '/v1/journey-planner/search', {
        body: form({ out_time: formTime(soon) }),
      });
      expect(fresh.json<ErrorBody>().errors?.out_time).toEqual([SEARCH_MESSAGES.past]);
      // ... but a later return for the traveller already on the way is planned.
      const returnTime = formTime(soon.add({ hours: 4 }));
      const updated = await server.call('POST', `/v1/journey-planner/search/${hash}/update-return-time`, {
        body: { return_time: returnTime },
      });
      expect(updated.status, updated.text).toBe(201);
      expect(searchQueryAnswerSchema.parse(updated.json()).data).toMatchObject({
        out_time: formTime(soon),
        return_time: returnTime,
      });
      const early = await server.call('POST', `/v1/journey-planner/search/${hash}/update-return-time`, {
        body: { return_time: formTime(soon.subtract({ minutes: 5 })) },
      });
      expect(early.json<ErrorBody>().errors).toEqual({ return_time: [SEARCH_MESSAGES.returnBeforeOutbound] });
    } finally {
      server.advance(-2 * 3_600_000);
    }
    await server.search!.idle();
  }, 60_000);
});

describe("a signed-in user's profile passes override the form", () => {
  it("stores the profile's passes, not the form's, and lists the search as recent", async () => {
    const email = uniqueEmail('passes');
    const token = await signUp(server, email);
    const update = await server.call('PUT', '/v1/users/update', {
      token,
      body: {
        ...registration(email, { password: undefined, password_confirmation: undefined }),
        profile: {
          has_car_access: false,
          has_concessionary_pass: true,
          has_young_scot_card: false,
          railcard: 'Senior Railcard',
        },
      },
    });
    expect(update.status).toBe(200);
    const { hash } = await post(form({ has_access_to_car: true, has_concessionary_pass: false, has_railcard: false }), {
      token,
    });
    const [row] = await server.db.select().from(searchQueries).where(eq(searchQueries.hash, hash));
    expect(row?.form).toMatchObject({
      has_access_to_car: false,
      has_concessionary_pass: true,
      has_railcard: true,
      railcard_type: 'Senior Railcard',
      user_age: expect.any(Number),
    });
    expect(row?.userId).toEqual(expect.any(String));
    const query = await finished(hash);
    expect(query.journeys.some((j) => j.transport_mode === 'own-car')).toBe(false);
    // Saved: the journey says so wherever its saver reads it, and to nobody else.
    const journeyId = query.journeys[0]!.id;
    // Read once before saving (the in-memory copy must not hide the save).
    expect(
      journeyAnswerSchema.parse(
        (await server.call('GET', `/v1/journey-planner/search/${hash}/${journeyId}`, { token })).json(),
      ).data.user_status,
    ).toBeUndefined();
    expect((await server.call('POST', `/v1/journey/save/${journeyId}`, { token })).status).toBe(200);
    const saved = await server.call('GET', `/v1/journey-planner/search/${hash}/${journeyId}`, { token });
    expect(journeyAnswerSchema.parse(saved.json()).data.user_status).toBe('saved');
    const unsigned = await server.call('GET', `/v1/journey-planner/search/${hash}/${journeyId}`);
    // The same journey, priced as anyone pays (the Senior Railcard is the owner's, issue 33).
    const unpriced = ({ cost: _c, cost_value: _v, pricing_breakdown: _p, tags: _t, depart, ...rest }: Journey) => ({
      ...rest,
      depart: { ...depart, steps: depart.steps.map((step) => ({ ...step, cost: '' })) },
    });
    expect(unpriced(journeyAnswerSchema.parse(unsigned.json()).data)).toEqual(
      unpriced({ ...journeyAnswerSchema.parse(saved.json()).data, user_status: undefined }),
    );
    const all = await server.call('GET', `/v1/journey-planner/search/${hash}`, { token });
    expect(searchQueryAnswerSchema.parse(all.json()).data.journeys[0]?.user_status).toBe('saved');
    expect((await finished(hash)).journeys[0]?.user_status).toBeUndefined();
    const recent = await server.call('GET', '/v1/journey-planner/queries/user', { token });
    expect(recent.json<{ data: Array<{ hash: string }> }>().data.map((item) => item.hash)).toContain(hash);
    // Anonymous: the form's own passes stand.
    const anonymous = await post(form({ has_concessionary_pass: true }));
    const [plain] = await server.db.select().from(searchQueries).where(eq(searchQueries.hash, anonymous.hash));
    expect(plain?.form).toMatchObject({
      has_access_to_car: true,
      has_concessionary_pass: true,
      has_railcard: false,
      railcard_type: null,
    });
    expect(plain?.userId).toBeNull();
    await server.search!.idle();
  }, 60_000);
});
