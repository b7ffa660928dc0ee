/**
 * Issue 33 (2): a search's hash is a shareable URL, and a traveller's railcard or concessionary
 * pass is theirs. Planned for real on the Tayside data: the owner reads their own prices; anyone
 * else with the hash (anonymous, another account, a shared link) reads the same journeys, with the
 * same ids, priced as an anonymous search of the same trip is priced, with no per-traveller lines.
 */
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeyAnswerSchema, searchQueryAnswerSchema, type SearchQuery } from '../../../../src/contract/search';
import { registration, signUp, startApiServer, uniqueEmail, type ApiServer } from '../../helpers/api';

type Journey = SearchQuery['journeys'][number];

let server: ApiServer;
let owner: string;
let stranger: string;

const two = (n: number) => String(n).padStart(2, '0');
function nextWeekday(hour: number): string {
  let day = Temporal.Now.zonedDateTimeISO('Europe/London').toPlainDate().add({ days: 1 });
  while (day.dayOfWeek > 5) day = day.add({ days: 1 });
  return `${day.year}/${two(day.month)}/${two(day.day)} ${two(hour)}:00:00`;
}
// Dundee to Perth: ScotRail trains, which a railcard discounts.
const TRIP = {
  origin: { label: 'Dundee Railway Station, Dundee', lat: 56.4566, lng: -2.9713 },
  destination: { label: 'Perth, Perth and Kinross', lat: 56.3952, lng: -3.4374 },
  out_time: nextWeekday(8),
  has_access_to_car: false,
};
const PASSES = { has_concessionary_pass: true, has_railcard: true, railcard_type: 'Disabled Persons Railcard' };
/** Words only a traveller's own prices carry. */
const PERSONAL = /railcard|entitlement|concession|young scot|National Entitlement/i;

beforeAll(async () => {
  server = await startApiServer({ search: true });
  const email = uniqueEmail('owner');
  owner = await signUp(server, email);
  const profile = { has_car_access: false, has_concessionary_pass: true, railcard: 'Disabled Persons Railcard' };
  const update = await server.call('PUT', '/v1/users/update', {
    token: owner,
    body: { ...registration(email, { password: undefined, password_confirmation: undefined }), profile },
  });
  expect(update.status).toBe(200);
  stranger = await signUp(server, uniqueEmail('stranger'));
}, 180_000);
afterAll(async () => {
  await server?.close();
});

async function search(body: unknown, token?: string): Promise<{ hash: string; ownerKey: unknown }> {
  const posted = await server.call('POST', '/v1/journey-planner/search', { body, token });
  expect(posted.status, posted.text).toBe(201);
  const { hash, owner_key } = posted.json<{ data: { hash: string; owner_key?: unknown } }>().data;
  await server.search!.idle();
  return { hash, ownerKey: owner_key };
}

async function read(hash: string, options: { token?: string; headers?: Record<string, string> } = {}) {
  const response = await server.call('GET', `/v1/journey-planner/search/${hash}`, options);
  expect(response.status).toBe(200);
  return { text: response.text, query: searchQueryAnswerSchema.parse(response.json()).data };
}

/** The same legs in two searches (the row ids differ between searches). */
const legsOf = (j: Journey) =>
  [j.depart, ...(j.return ? [j.return] : [])]
    .map((leg) => `${leg.departure_date} ${leg.steps.map((s) => `${s.type}@${s.departure_time}`).join('>')}`)
    .join('||');
const pricesOf = (j: Journey) => ({
  cost: j.cost,
  pricing_breakdown: j.pricing_breakdown,
  steps: [j.depart, ...(j.return ? [j.return] : [])].map((leg) => leg.steps.map((s) => s.cost)),
});

describe("a signed-in owner's search", () => {
  let hash: string;
  let mine: SearchQuery;
  let anyone: Map<string, Journey>;

  beforeAll(async () => {
    ({ hash } = await search(TRIP, owner));
    mine = (await read(hash, { token: owner })).query;
    const plain = await search(TRIP);
    anyone = new Map((await read(plain.hash)).query.journeys.map((j) => [legsOf(j), j]));
  }, 120_000);

  it("is priced with the owner's railcard for the owner", () => {
    expect(mine.status).toBe('done');
    expect(mine.journeys.length).toBeGreaterThan(0);
    // The trip has trains, and the owner's railcard takes a third off them.
    expect(mine.journeys.some((j) => j.pricing_breakdown.some((line) => /railcard/i.test(line.description)))).toBe(
      true,
    );
  });

  it('shows anyone else the same journeys at the prices anyone pays', async () => {
    for (const who of [{}, { token: stranger }, { headers: { 'x-search-owner': 'x'.repeat(43) } }]) {
      const { text, query } = await read(hash, who);
      expect(text).not.toMatch(PERSONAL);
      expect(query.passes).toBeUndefined();
      expect(query.journeys.map((j) => j.id)).toEqual(mine.journeys.map((j) => j.id));
      for (const journey of query.journeys) {
        const same = anyone.get(legsOf(journey));
        // Every journey the owner got whose legs an anonymous search also found costs the same.
        if (same) expect(pricesOf(journey)).toEqual(pricesOf(same));
        expect(
          journey.tags.includes('cheapest') && journey.cost !== mine.journeys.find((m) => m.id === journey.id)?.cost,
        ).toBe(false);
      }
      // The railcard journeys were found by the anonymous search too: at least those were compared.
      expect(query.journeys.filter((j) => anyone.has(legsOf(j))).length).toBeGreaterThan(0);
    }
  });

  it('answers each journey alike: the same id, the traveller prices for the owner only', async () => {
    const personal = mine.journeys.filter((j) => PERSONAL.test(JSON.stringify(j.pricing_breakdown)));
    expect(personal.length).toBeGreaterThan(0);
    for (const journey of mine.journeys) {
      const path = `/v1/journey-planner/search/${hash}/${journey.id}`;
      // Twice each: the second answer comes from the in-memory cache.
      for (let round = 0; round < 2; round++) {
        const own = journeyAnswerSchema.parse((await server.call('GET', path, { token: owner })).json()).data;
        expect(own.id).toBe(journey.id);
        expect(own.cost).toBe(journey.cost);
        for (const who of [{}, { token: stranger }]) {
          const response = await server.call('GET', path, who);
          expect(response.status).toBe(200);
          expect(response.text).not.toMatch(PERSONAL);
          const theirs = journeyAnswerSchema.parse(response.json()).data;
          expect(theirs.id).toBe(journey.id);
          const same = anyone.get(legsOf(theirs));
          if (same) expect(pricesOf(theirs)).toEqual(pricesOf(same));
        }
      }
    }
  });

  it("lists someone else's journey, saved from the link, at anyone's price", async () => {
    const personal = mine.journeys.find((j) => PERSONAL.test(JSON.stringify(j.pricing_breakdown)))!;
    const public_ = anyone.get(legsOf(personal))!;
    expect(public_.cost).not.toBe(personal.cost);
    expect((await server.call('POST', `/v1/journey/save/${personal.id}`, { token: stranger })).status).toBe(200);
    expect((await server.call('POST', `/v1/journey/save/${personal.id}`, { token: owner })).status).toBe(200);
    const costIn = async (token: string) =>
      (await server.call('GET', '/v1/journey/saved/user', { token }))
        .json<{ data: Array<{ journey_id: string; cost: string }> }>()
        .data.find((item) => item.journey_id === personal.id)?.cost;
    expect(await costIn(stranger)).toBe(public_.cost);
    expect(await costIn(owner)).toBe(personal.cost);
  });
});

describe('an anonymous search with passes on the form', () => {
  it('is priced with them for the browser holding its owner key, and as for anyone without it', async () => {
    const { hash, ownerKey } = await search({ ...TRIP, ...PASSES });
    expect(ownerKey).toEqual(expect.stringMatching(/^[\w-]{43}$/));
    const own = await read(hash, { headers: { 'x-search-owner': ownerKey as string } });
    expect(own.text).toMatch(/railcard/i);
    expect(own.query.passes).toMatchObject({ railcard_type: 'Disabled Persons Railcard' });
    const shared = await read(hash);
    expect(shared.text).not.toMatch(PERSONAL);
    expect(shared.query.journeys.map((j) => j.id)).toEqual(own.query.journeys.map((j) => j.id));
    // A re-plan from the shared link is planned without the passes; the owner's keeps them.
    const theirs = await server.call('POST', `/v1/journey-planner/search/${hash}/update-return-time`, {
      body: { return_time: nextWeekday(17) },
    });
    expect(theirs.status).toBe(201);
    const mine = await server.call('POST', `/v1/journey-planner/search/${hash}/update-return-time`, {
      body: { return_time: nextWeekday(18) },
      headers: { 'x-search-owner': ownerKey as string },
    });
    expect(mine.status).toBe(201);
    await server.search!.idle();
    const replanned = async (answer: typeof mine) => {
      const made = answer.json<{ data: { hash: string; owner_key: string } }>().data;
      expect(made.owner_key).toEqual(expect.stringMatching(/^[\w-]{43}$/));
      return (await read(made.hash, { headers: { 'x-search-owner': made.owner_key } })).query.passes;
    };
    expect(await replanned(theirs)).toMatchObject({ has_railcard: false, has_concessionary_pass: false });
    expect(await replanned(mine)).toMatchObject({ has_railcard: true, railcard_type: 'Disabled Persons Railcard' });
    await server.search!.idle();
  }, 120_000);
});
