/**
 * The region's map kept with the pack (issue 32): the style the server really serves, its
 * layers found from its own sources, kept all or nothing, and left alone when already kept.
 */
import { describe, expect, it } from 'vitest';
import { fallbackStyle } from '../../../../src/server/map/style';
import { keepMapOffline, styleDataUrls } from '../../../../src/web/lib/device-planner/map-offline';

const ORIGIN = 'https://regional.example';

function fakeCache() {
  const kept = new Map<string, Response>();
  return {
    kept,
    cache: async () => ({
      put: async (key: RequestInfo | URL, response: Response) => void kept.set(String(key), response),
      match: async (key: RequestInfo | URL) => kept.get(String(key)),
    }),
  } as unknown as { kept: Map<string, Response>; cache: () => Promise<Cache> };
}

function fakeFetch(failing: string[] = []) {
  const asked: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    if (failing.some((part) => url.includes(part))) return new Response('{}', { status: 503 });
    const body = url.endsWith('/style.json')
      ? JSON.stringify(fallbackStyle(ORIGIN, ['Contains OS data']))
      : JSON.stringify({ type: 'FeatureCollection', features: [], url });
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, asked };
}

describe('the map kept with the region pack', () => {
  it("finds the layers from the server's own style: same-origin GeoJSON sources", () => {
    const urls = styleDataUrls(fallbackStyle(ORIGIN), ORIGIN);
    expect(urls).toEqual(
      expect.arrayContaining([`${ORIGIN}/map/fallback/areas.geojson`, `${ORIGIN}/map/fallback/railways.geojson`]),
    );
    expect(urls.every((url) => url.startsWith(`${ORIGIN}/map/fallback/`) && url.endsWith('.geojson'))).toBe(true);
    expect(
      styleDataUrls({ sources: { a: { type: 'geojson', data: 'https://elsewhere.example/x.geojson' } } }, ORIGIN),
    ).toEqual([]);
    expect(styleDataUrls(null, ORIGIN)).toEqual([]);
  });

  it('keeps the style and every layer', async () => {
    const { kept, cache } = fakeCache();
    const { fetch } = fakeFetch();
    const urls = await keepMapOffline({ fetch, cache }, ORIGIN);
    expect(urls![0]).toBe(`${ORIGIN}/map/fallback/style.json`);
    expect(urls!.length).toBeGreaterThanOrEqual(3);
    expect([...kept.keys()].sort()).toEqual([...urls!].sort());
    const areas = (await kept.get(`${ORIGIN}/map/fallback/areas.geojson`)!.json()) as { type: string };
    expect(areas.type).toBe('FeatureCollection');
  });

  it('keeps nothing when a layer cannot be fetched, and leaves a kept map alone unless asked to refresh', async () => {
    const broken = fakeCache();
    expect(await keepMapOffline({ fetch: fakeFetch(['railways']).fetch, cache: broken.cache }, ORIGIN)).toBeNull();
    expect(broken.kept.size).toBe(0);

    const { kept, cache } = fakeCache();
    await keepMapOffline({ fetch: fakeFetch().fetch, cache }, ORIGIN);
    const again = fakeFetch();
    expect(await keepMapOffline({ fetch: again.fetch, cache }, ORIGIN, false)).toEqual([]);
    expect(again.asked).toEqual([]);
    expect((await keepMapOffline({ fetch: again.fetch, cache }, ORIGIN, true))!.length).toBe(kept.size);
  });
});
