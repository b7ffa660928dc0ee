// @vitest-environment jsdom
/**
 * Issue 33 (2): the server prices a search's journeys with the traveller's passes only for the
 * caller holding its owner key. The browser that made a search (or re-planned one) keeps the key
 * the POST answered with and sends it on that search's calls only; a shared link has none.
 */
import { afterEach, expect, it } from 'vitest';
import { SEARCH_OWNER_HEADER } from '../../../src/vocabulary/index';
import { apiGet, apiPost, SHARED_PATHS } from '../../../src/web/lib/api';

const MINE = 'a'.repeat(32);
const SHARED = 'b'.repeat(32);
const KEY = 'k'.repeat(43);

function fakeServer(answer: unknown) {
  const sent: Array<{ url: string; headers: Headers }> = [];
  const fetch = (async (url: URL | string, init?: RequestInit) => {
    sent.push({ url: String(url), headers: new Headers(init?.headers) });
    return new Response(JSON.stringify(answer), { status: 201, headers: { 'Content-Type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { sent, fetch };
}

afterEach(() => sessionStorage.clear());

it("sends a search's owner key on that search's calls only, once its POST gave one", async () => {
  const options = { apiKey: 'k'.repeat(16) };
  const post = fakeServer({ status: 'success', data: { hash: MINE, owner_key: KEY } });
  await apiPost(SHARED_PATHS.search, { ...options, fetch: post.fetch }, {});
  expect(post.sent[0]!.headers.get(SEARCH_OWNER_HEADER)).toBeNull();

  const read = fakeServer({ data: {} });
  await apiGet(SHARED_PATHS.searchQuery(MINE), { ...options, fetch: read.fetch });
  await apiGet(SHARED_PATHS.searchJourney(MINE, 'c0ffee00-0000-4000-8000-000000000000'), {
    ...options,
    fetch: read.fetch,
  });
  await apiGet(SHARED_PATHS.searchQuery(SHARED), { ...options, fetch: read.fetch });
  await apiGet('/v1/campaign', { ...options, fetch: read.fetch });
  expect(read.sent.map((call) => call.headers.get(SEARCH_OWNER_HEADER))).toEqual([KEY, KEY, null, null]);
});

it('keeps the key of a re-planned search under its new hash', async () => {
  const options = { apiKey: 'k'.repeat(16) };
  const replanned = fakeServer({ data: { hash: SHARED, owner_key: KEY.replace(/k/g, 'z') } });
  await apiPost(`${SHARED_PATHS.searchQuery(MINE)}/update-return-time`, { ...options, fetch: replanned.fetch }, {});
  const read = fakeServer({ data: {} });
  await apiGet(SHARED_PATHS.searchQuery(SHARED), { ...options, fetch: read.fetch });
  expect(read.sent[0]!.headers.get(SEARCH_OWNER_HEADER)).toBe('z'.repeat(43));
});
