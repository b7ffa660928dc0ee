/**
 * GET /v1/places/autocomplete and /v1/places/reverse on the real server with the real
 * Tayside place index (the places of the Tayside region snapshot, or built from the manifest's
 * sources when no current snapshot exists). Other regions and REGIONS: places-regions.test.ts.
 */
import fc from 'fast-check';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../../../src/planner/common/csv';
import { autocompleteAnswerSchema, reverseAnswerSchema, type PlaceSuggestion } from '../../../../src/contract/places';
import { PLACE_TYPES } from '../../../../src/planner/places/types';
import { PLACE_SUGGESTION_TYPES } from '../../../../src/contract/places';
import { lazyPlaceIndex, loadRegionPlaceIndexes } from '../../../../src/server/places/index-loader';
import { TAYSIDE_MANIFEST } from '../../../../src/planner/region/load-node';
import { TAYSIDE_DATA_DIR } from '../../../../src/planner/places/sources-node';
import { createBuiltInProvider } from '../../../../src/web/features/search/places/builtin-provider';
import { ApiRequestError } from '../../../../src/web/lib/api';
import { startApiServer, type ApiServer } from '../../helpers/api';

let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(async () => {
  await server?.close();
});

type ErrorBody = { message: string; errors?: Record<string, string[]> };

async function suggest(q: string, brand = 'regional'): Promise<PlaceSuggestion[]> {
  const response = await server.call('GET', `/v1/places/autocomplete?q=${encodeURIComponent(q)}`, { brand });
  expect(response.status, response.text).toBe(200);
  return autocompleteAnswerSchema.parse(response.json()).data;
}

/** The postcode's own row in the ONS extract the index is built from. */
function postcodeRow(postcode: string): { lat: number; lng: number } {
  const rows = parseCsv(fs.readFileSync(path.join(TAYSIDE_DATA_DIR, 'geo/dundee-postcodes.csv'), 'utf8'));
  const row = rows.find((r) => r.Postcode === postcode);
  if (!row) throw new Error(`${postcode} not in the postcode file`);
  return { lat: Number(row.Latitude), lng: Number(row.Longitude) };
}

describe('GET /v1/places/autocomplete', () => {
  it('finds a live postcode typed with or without its space, in any case, at its ONS point', async () => {
    const where = postcodeRow('DD1 4HN');
    for (const q of ['DD1 4HN', 'dd14hn', 'dd1 4hn']) {
      const [top] = await suggest(q);
      expect(top, q).toMatchObject({ id: 'postcode:DD14HN', label: 'DD1 4HN', type: 'postcode' });
      expect(top!.lat).toBeCloseTo(where.lat, 5);
      expect(top!.lng).toBeCloseTo(where.lng, 5);
    }
  });

  it('finds a town, a station named as travellers say it, and a town through a typo', async () => {
    const perth = await suggest('Perth');
    expect(perth[0]).toMatchObject({ label: 'Perth', type: 'town' });
    const station = await suggest('Dundee station');
    expect(station[0]).toMatchObject({ label: 'Dundee station', type: 'station' });
    expect(station[0]!.secondary).toMatch(/station/i);
    const typo = await suggest('dunde');
    expect(typo[0]).toMatchObject({ label: 'Dundee', type: 'town' });
    const stirling = await suggest('Stirlng');
    expect(stirling[0]).toMatchObject({ label: 'Stirling', type: 'town' });
  });

  it('answers at most 8 suggestions with distinct stable ids, the same on every call', async () => {
    const first = await suggest('st');
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThanOrEqual(8);
    expect(new Set(first.map((s) => s.id)).size).toBe(first.length);
    expect(await suggest('st')).toEqual(first);
  });

  it("ranks by the calling brand's box: the council brand puts Aberdeenshire's Newburgh and Blackburn first", async () => {
    // Tayside's data holds three same-named pairs with one in Aberdeenshire: Newburgh (Fife),
    // Blackburn (West Lothian) and Westhill (Highland). The regional brand's box ranks the other first
    // for the first two, so the order really comes from the brand.
    for (const [name, other] of [
      ['Newburgh', 'Fife'],
      ['Blackburn', 'West Lothian'],
    ] as const) {
      const council = (await suggest(name, 'council')).filter((s) => s.label === name);
      expect(
        council.map((s) => s.secondary),
        name,
      ).toEqual(['Aberdeenshire', other]);
      const regional = (await suggest(name, 'regional')).filter((s) => s.label === name);
      expect(
        regional.map((s) => s.secondary),
        name,
      ).toEqual([other, 'Aberdeenshire']);
    }
    expect((await suggest('Westhill', 'council'))[0]).toMatchObject({ label: 'Westhill', secondary: 'Aberdeenshire' });
  });

  it('answers an empty list while the query is too short to search (nothing, spaces, one letter)', async () => {
    for (const q of ['', '   ', 'd', 'D ']) expect(await suggest(q), JSON.stringify(q)).toEqual([]);
    const absent = await server.call('GET', '/v1/places/autocomplete');
    expect(absent.status).toBe(200);
    expect(absent.json()).toEqual({ data: [] });
  });

  it('refuses text no place name holds with a 400 naming q, never a 500', async () => {
    const bad = [
      'a'.repeat(500),
      '🚌🚌',
      'Dundee 🚉',
      "'; DROP TABLE users; --",
      '1 OR 1=1',
      '<script>alert(1)</script>',
      '<b>Perth</b>',
      '\u0000perth',
    ];
    for (const q of bad) {
      const response = await server.call('GET', `/v1/places/autocomplete?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(400);
      const body = response.json<ErrorBody>();
      expect(body.message, q).toMatch(/^q /);
      expect(body.errors?.q?.[0], q).toBe(body.message);
    }
    const twice = await server.call('GET', '/v1/places/autocomplete?q=perth&q=dundee');
    expect(twice.status).toBe(400);
    expect(twice.json<ErrorBody>().errors?.q).toEqual(['q must be given once.']);
  });

  it('needs a known API key', async () => {
    const response = await server.call('GET', '/v1/places/autocomplete?q=perth', {
      headers: { 'x-api-key': 'not-a-brand-key-at-all' },
    });
    expect(response.status).toBe(401);
  });
});

describe('GET /v1/places/reverse', () => {
  const reverse = async (query: string) => {
    const response = await server.call('GET', `/v1/places/reverse?${query}`);
    return response;
  };

  it('answers the nearest postcode for a point in Dundee, with its distance', async () => {
    const where = postcodeRow('DD1 4HN');
    const response = await reverse(`lat=${where.lat}&lng=${where.lng}`);
    expect(response.status, response.text).toBe(200);
    const { data } = reverseAnswerSchema.parse(response.json());
    expect(data).toMatchObject({ id: 'postcode:DD14HN', label: 'DD1 4HN', type: 'postcode' });
    expect(data!.distance_m).toBeLessThan(5);
  });

  it('falls back to the nearest town away from any postcode, and null where nothing is near', async () => {
    // Tayport (Fife): no Dundee postcode and no NaPTAN stop of the region within 500 m, but the town is near.
    const tayport = (await suggest('Tayport')).find((s) => s.type === 'town')!;
    const near = reverseAnswerSchema.parse(
      (await reverse(`lat=${tayport.lat + 0.004}&lng=${tayport.lng}`)).json(),
    ).data;
    expect(near).toMatchObject({ label: 'Tayport', type: 'town' });
    expect(near!.distance_m).toBeGreaterThan(400);
    // London is outside the index's country box; the Atlantic west of Skye is far from everything.
    for (const query of ['lat=51.5074&lng=-0.1278', 'lat=57.7&lng=-7.9']) {
      const response = await reverse(query);
      expect(response.status, query).toBe(200);
      expect(response.json(), query).toEqual({ data: null });
    }
  });

  it('refuses missing, non-numeric and out-of-range coordinates with a 400 naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['', 'lat'],
      ['lat=56.4', 'lng'],
      ['lng=-3', 'lat'],
      ['lat=abc&lng=-3', 'lat'],
      ['lat=91&lng=-3', 'lat'],
      ['lat=56&lng=-181', 'lng'],
      ['lat=1e3&lng=-3', 'lat'],
      ['lat=NaN&lng=Infinity', 'lat'],
      ['lat=56&lng=', 'lng'],
      ['lat=56&lat=57&lng=-3', 'lat'],
      [`lat=${encodeURIComponent("56'; DROP TABLE users; --")}&lng=-3`, 'lat'],
    ];
    for (const [query, field] of cases) {
      const response = await reverse(query);
      expect(response.status, query).toBe(400);
      const body = response.json<ErrorBody>();
      expect(Object.keys(body.errors ?? {}), query).toContain(field);
      expect(body.message.length, query).toBeGreaterThan(5);
    }
  });
});

describe('random input', () => {
  it('never gets a 5xx: autocomplete answers a list or a 400 on q, reverse a place/null or a 400 on lat/lng', async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 120 }),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
    );
    await fc.assert(
      fc.asyncProperty(text, fc.constantFrom('regional', 'council', 'park', 'health'), async (q, brand) => {
        const response = await server.call('GET', `/v1/places/autocomplete?q=${encodeURIComponent(q)}`, { brand });
        if (response.status === 200) expect(autocompleteAnswerSchema.safeParse(response.json()).success).toBe(true);
        else {
          expect(response.status).toBe(400);
          expect(Object.keys(response.json<ErrorBody>().errors ?? {})).toEqual(['q']);
        }
      }),
      { numRuns: 150 },
    );
    const coordinate = fc.oneof(
      fc.double({ min: -200, max: 200, noNaN: false }).map(String),
      fc.string({ maxLength: 20 }),
      fc.constant(''),
    );
    await fc.assert(
      fc.asyncProperty(coordinate, coordinate, async (lat, lng) => {
        const response = await server.call(
          'GET',
          `/v1/places/reverse?lat=${encodeURIComponent(lat)}&lng=${encodeURIComponent(lng)}`,
        );
        if (response.status === 200) expect(reverseAnswerSchema.safeParse(response.json()).success).toBe(true);
        else {
          expect(response.status).toBe(400);
          expect(response.json<ErrorBody>().message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe("the web app's built-in provider against this server", () => {
  const provider = (brand = 'council') =>
    createBuiltInProvider({
      apiKey: server.brands.brands.get(brand as never)!.apiKey,
      baseUrl: `http://127.0.0.1:${server.port}`,
    });

  it('suggests with coordinates and reverse-looks-up through the SPEC headers', async () => {
    const signal = new AbortController().signal;
    expect(await provider().autocomplete('Newburgh', signal)).toEqual(await suggest('Newburgh', 'council'));
    const where = postcodeRow('DD1 4HN');
    expect(await provider().reverse(where.lat, where.lng)).toEqual({
      label: 'DD1 4HN',
      lat: where.lat,
      lng: where.lng,
    });
    expect(await provider().reverse(51.5074, -0.1278)).toBeNull();
  });

  it('answers no suggestions for text the server refuses (a 400), rejects on other failures and aborts when superseded', async () => {
    expect(await provider().autocomplete('<b>x</b>', new AbortController().signal)).toEqual([]);
    expect(await provider().autocomplete('Perth;', new AbortController().signal)).toEqual([]);
    const unknownKey = createBuiltInProvider({
      apiKey: 'not-a-brand-key-at-all',
      baseUrl: `http://127.0.0.1:${server.port}`,
    });
    const error = await unknownKey.autocomplete('perth', new AbortController().signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(401);
    const controller = new AbortController();
    controller.abort(new DOMException('superseded', 'AbortError'));
    await expect(provider().autocomplete('perth', controller.signal)).rejects.toThrow('superseded');
  });
});

describe('the place index on the server', () => {
  it("is the Tayside region's places, with the same answers as the server", async () => {
    const messages: string[] = [];
    const set = await loadRegionPlaceIndexes([TAYSIDE_MANIFEST], {
      info: (_, m) => void messages.push(m),
      error: (_, m) => void messages.push(m),
    });
    expect(set.indexes).toHaveLength(1);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^place index (read from the region snapshot|built \(no current region snapshot\))$/);
    const bias = server.brands.brands.get('council')!.region.autocompleteBias;
    expect(set.search('Newburgh', { bias })).toEqual(await suggest('Newburgh', 'council'));
  });

  it('loads once, and tries again after a failed load', async () => {
    let calls = 0;
    const source = lazyPlaceIndex(() => {
      calls += 1;
      if (calls === 1) throw new Error('sources missing');
      return loadRegionPlaceIndexes([TAYSIDE_MANIFEST]);
    });
    await expect(source.get()).rejects.toThrow('sources missing');
    const [a, b] = await Promise.all([source.get(), source.get()]);
    expect(a).toBe(b);
    expect(calls).toBe(2);
  });

  it('speaks the same place types as the planner', () => {
    expect([...PLACE_SUGGESTION_TYPES]).toEqual([...PLACE_TYPES]);
  });
});
