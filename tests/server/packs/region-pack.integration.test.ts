/**
 * Region packs on the real server with the real Tayside data (issue 20): the brand's pack is
 * described at /packs/region.json, its bytes are at a content-hashed URL (gzip on the wire,
 * <= 5 MB for Tayside), the bytes hash to the advertised SHA-256 and decode as a region snapshot;
 * an old or made-up URL is a 404, and a region that cannot be built is a 503.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRegionPackInfo, REGION_PACK_PATH, type RegionPackInfo } from '../../../src/contract/region-pack';
import { decodeRegionSnapshot, REGION_SNAPSHOT_VERSION } from '../../../src/planner/index';
import { TAYSIDE_MANIFEST } from '../../../src/planner/region/load-node';
import { lazyRegionPacks } from '../../../src/server/packs/pack-source';
import { packRoutes } from '../../../src/server/packs/routes';
import { request, startTestServer, type TestServer } from '../helpers/app-server';

const log = { error: () => undefined };
let server: TestServer;
let broken: TestServer;
beforeAll(async () => {
  server = await startTestServer({ packs: packRoutes({ packs: lazyRegionPacks([TAYSIDE_MANIFEST]), log }) });
  broken = await startTestServer({ packs: packRoutes({ packs: lazyRegionPacks(['/nonexistent/region.json']), log }) });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await broken?.close();
});

const url = (port: number, path: string) => `http://127.0.0.1:${port}${path}`;

describe('region packs', () => {
  let info: RegionPackInfo;

  it("describes the brand's pack: Tayside, the snapshot format, a content-hashed URL", async () => {
    const answer = await request(server.port, 'GET', REGION_PACK_PATH);
    expect(answer.status).toBe(200);
    info = answer.json<{ data: RegionPackInfo }>().data;
    expect(isRegionPackInfo(info)).toBe(true);
    expect(info).toMatchObject({ region: 'tayside', label: 'Tayside', format: REGION_SNAPSHOT_VERSION });
    expect(info.url).toBe(`/packs/tayside.${info.sha256.slice(0, 16)}.bin`);
    // The rail timetable is 2022-23's moved onto current dates: the pack says so (issue 27).
    expect(info.rolled_forward).toEqual([{ mode: 'rail', from: '2022-05-15', to: '2023-05-20' }]);
    // The budget: Tayside at most 5 MB gzip on the wire.
    expect(info.gzip_bytes).toBeLessThanOrEqual(5 * 1024 * 1024);
    console.log(`tayside pack: ${(info.bytes / 1e6).toFixed(2)} MB, ${(info.gzip_bytes / 1e6).toFixed(2)} MB gzip`);
  }, 60_000);

  it('serves the bytes gzipped, immutable, hashing to the advertised SHA-256 and decoding as a region', async () => {
    const response = await fetch(url(server.port, info.url), { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/immutable/);
    expect(response.headers.get('x-pack-bytes')).toBe(String(info.bytes));
    // fetch has already gunzipped it; check the wire size apart.
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.byteLength).toBe(info.bytes);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(info.sha256);
    expect(decodeRegionSnapshot(bytes).info.name).toBe('tayside');
    const raw = await request(server.port, 'GET', info.url, { headers: { 'accept-encoding': 'gzip' } });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(Number(raw.headers['content-length'])).toBe(info.gzip_bytes);
  });

  it('answers 404 for a replaced (other hash) or made-up pack, and 503 when the region cannot be built', async () => {
    expect((await request(server.port, 'GET', '/packs/tayside.0000000000000000.bin')).status).toBe(404);
    expect((await request(server.port, 'GET', '/packs/Tayside.%2E%2E.bin')).status).toBe(404);
    expect((await request(server.port, 'GET', '/packs/tayside.bin')).status).toBe(404);
    const down = await request(broken.port, 'GET', REGION_PACK_PATH);
    expect(down.status).toBe(503);
    expect(down.json<{ message: string }>().message).toMatch(/not available/);
  });
});
