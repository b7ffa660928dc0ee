/**
 * The fallback map on the real server and the real Tayside data: the style points at our own
 * layers on the origin the browser used; the layers are the region's council areas (its own
 * four flagged), OSM rail lines, the feeds' stops and Ember's shapes; bad layer names are 404s
 * in the SPEC's error shape, and a layer that cannot be built is a 503, not a crash.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAYSIDE_MANIFEST } from '../../../src/planner/region/load-node';
import { lazyMapLayers, manifestAttributions } from '../../../src/server/map/layers';
import { mapRoutes } from '../../../src/server/map/routes';
import { request, startTestServer, type TestServer } from '../helpers/app-server';

interface Collection {
  features: { properties: Record<string, unknown>; geometry: { type: string; coordinates: unknown } }[];
}

const log = { error: () => undefined };
let server: TestServer;
let broken: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    map: mapRoutes({
      layers: lazyMapLayers(TAYSIDE_MANIFEST),
      attributions: manifestAttributions(TAYSIDE_MANIFEST),
      log,
    }),
  });
  broken = await startTestServer({ map: mapRoutes({ layers: lazyMapLayers('/nonexistent/region.json'), log }) });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await broken?.close();
});

const layer = async (name: string) =>
  (await request(server.port, 'GET', `/map/fallback/${name}.geojson`)).json<Collection>();

describe('GET /map/fallback', () => {
  it('serves a style whose sources are our own layers on the host the browser used, with the data licences as attribution', async () => {
    const answer = await request(server.port, 'GET', '/map/fallback/style.json', {
      headers: { host: 'health.localhost:8080' },
    });
    expect(answer.status).toBe(200);
    const style = answer.json<{
      version: number;
      sources: Record<string, { type: string; data: string; attribution: string }>;
      layers: { source?: string }[];
    }>();
    expect(style.version).toBe(8);
    expect(Object.values(style.sources).map((source) => source.data)).toEqual(
      ['areas', 'railways', 'routes', 'stops', 'places'].map(
        (name) => `http://health.localhost:8080/map/fallback/${name}.geojson`,
      ),
    );
    expect(style.sources.railways!.attribution).toMatch(/OpenStreetMap/);
    expect(style.sources.routes!.attribution).toMatch(/National Rail Enquiries/);
    // Every layer draws one of those sources; no glyphs or sprites to fetch from elsewhere.
    expect(style.layers.every((l) => l.source === undefined || l.source in style.sources)).toBe(true);
    expect(style).not.toHaveProperty('glyphs');
  });

  it("labels towns and cities from the region's places (drawn with the browser's own fonts, no glyph files)", async () => {
    const style = (await request(server.port, 'GET', '/map/fallback/style.json')).json<{
      layers: { id: string; type: string; source?: string; layout?: Record<string, unknown> }[];
    }>();
    const labels = style.layers.filter((l) => l.type === 'symbol');
    expect(labels.map((l) => l.id)).toEqual(['town-labels', 'city-labels']);
    for (const label of labels) {
      expect(label.source).toBe('places');
      expect(label.layout?.['text-field']).toEqual(['get', 'name']);
    }
    // Labels sit above every line and point, so the region's names stay readable.
    expect(style.layers.slice(-2).map((l) => l.id)).toEqual(['town-labels', 'city-labels']);

    const places = await layer('places');
    const kind = (name: string) => places.features.find((f) => f.properties.name === name)?.properties.kind;
    expect(['Dundee', 'Perth', 'Stirling'].map(kind)).toEqual(['city', 'city', 'city']);
    expect(['Forfar', 'Arbroath', 'Crieff', 'Blairgowrie and Rattray'].map(kind)).toEqual([
      'town',
      'town',
      'town',
      'town',
    ]);
    expect(places.features.every((f) => f.geometry.type === 'Point')).toBe(true);
    const [lng, lat] = places.features.find((f) => f.properties.name === 'Dundee')!.geometry.coordinates as [
      number,
      number,
    ];
    expect([Math.round(lat * 100) / 100, Math.round(lng * 100) / 100]).toEqual([56.47, -2.97]);
  });

  it("draws the region's own data: its four council areas among their neighbours, rail lines, stops and route shapes", async () => {
    const areas = await layer('areas');
    const inRegion = areas.features
      .filter((f) => f.properties.region)
      .map((f) => f.properties.name)
      .sort();
    expect(inRegion).toEqual(['Angus', 'Dundee City', 'Perth and Kinross', 'Stirling']);
    expect(areas.features.map((f) => f.properties.name)).toContain('Fife');

    const railways = await layer('railways');
    expect(railways.features.length).toBeGreaterThan(50);
    expect(railways.features.every((f) => f.geometry.type === 'LineString')).toBe(true);

    const stops = await layer('stops');
    const names = stops.features.map((f) => f.properties.name);
    expect(names).toEqual(expect.arrayContaining(['Dundee Rail Station', 'Perth Rail Station']));
    const dundee = stops.features.find((f) => f.properties.name === 'Dundee Rail Station')!;
    const [lng, lat] = dundee.geometry.coordinates as [number, number];
    expect(lat).toBeCloseTo(56.456, 2);
    expect(lng).toBeCloseTo(-2.971, 2);

    // Ember publishes shapes.txt; the rail feed has none, so only coach shapes are drawn.
    const routes = await layer('routes');
    expect(routes.features.length).toBeGreaterThan(0);
    expect(new Set(routes.features.map((f) => f.properties.feed))).toEqual(new Set(['ember']));
  });

  it('gzips a layer for a browser that accepts it, and lets caches keep it a day', async () => {
    const answer = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      import('node:http').then(({ request: raw }) => {
        raw(
          {
            host: '127.0.0.1',
            port: server.port,
            path: '/map/fallback/stops.geojson',
            headers: { 'accept-encoding': 'gzip, br' },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        )
          .on('error', reject)
          .end();
      }, reject);
    });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['cache-control']).toBe('public, max-age=86400');
    expect((JSON.parse(gunzipSync(answer.body).toString()) as Collection).features.length).toBeGreaterThan(10);
  });

  it('answers an unknown layer with a 404 in the error shape, and an unbuildable region with a 503', async () => {
    for (const name of [
      '/map/fallback/tiles.geojson',
      '/map/fallback/stops.json',
      '/map/fallback/..%2Fsecrets.geojson',
    ]) {
      const answer = await request(server.port, 'GET', name);
      expect(answer.status).toBe(404);
      expect(answer.json<{ message: string }>().message).toMatch(/^No such map layer/);
    }
    const failing = await request(broken.port, 'GET', '/map/fallback/stops.geojson');
    expect(failing.status).toBe(503);
    expect(failing.json()).toEqual({
      message: 'The map data is not available at the moment. Please try again shortly.',
    });
  });
});
