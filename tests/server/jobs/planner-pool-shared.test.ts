/**
 * Issue 29 item 5: the planner threads share one copy of each region. A 2-thread pool (both
 * regions decoded over the same shared snapshot bytes) answers exactly what the planner answers
 * on regions loaded directly, and planning leaves the shared bytes as they were (every section's
 * CRC-32 still matches); a damaged, truncated or foreign snapshot file fails the pool with a message
 * naming the file (no crash, no respawn loop), and a region without a snapshot file is built once,
 * on a thread of its own, and shared.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planAll, type PlanRequest, type Region } from '../../../src/planner/index';
import { decodeRegionSnapshot } from '../../../src/planner/region/snapshot';
import {
  loadRegionFromManifest,
  regionSnapshotBytes,
  REPO_ROOT,
  TAYSIDE_MANIFEST,
} from '../../../src/planner/region/load-node';
import { PlanFailedError } from '../../../src/server/jobs/plan-failure';
import { PlannerPool } from '../../../src/server/jobs/planner-pool';
import { searchTimeAt } from '../../../src/vocabulary/time';

const NORTH_EAST = path.join(REPO_ROOT, 'data/regions/north-east.json');
const now = new Date();

/** A local date-time `days` from now at `hour` (Europe/London), as the request takes it (2026-11-23T08:00). */
const at = (days: number, hour: number): string =>
  `${searchTimeAt(now.getTime() + days * 86_400_000)
    .slice(0, 10)
    .replaceAll('/', '-')}T${String(hour).padStart(2, '0')}:00`;

const place = (label: string, lat: number, lng: number) => ({ label, lat, lng });
const DUNDEE = place('Dundee Railway Station', 56.4566, -2.9713);
const PERTH = place('Perth Railway Station', 56.392, -3.439);
const ARBROATH = place('Arbroath', 56.559, -2.587);
const FORFAR = place('Forfar', 56.644, -2.888);
const STIRLING = place('Stirling', 56.1197, -3.9355);
const ABERDEEN = place('Aberdeen', 57.1437, -2.0981);
const INVERURIE = place('Inverurie', 57.2836, -2.3744);
const STONEHAVEN = place('Stonehaven', 56.9663, -2.2241);

/** Searches in both regions: leave-at, arrive-by and returns, on weekdays and a weekend. */
const REQUESTS: PlanRequest[] = [
  { origin: DUNDEE, destination: PERTH, out_time: at(2, 8) },
  { origin: PERTH, destination: DUNDEE, arrive_time: at(3, 17) },
  { origin: ARBROATH, destination: FORFAR, out_time: at(4, 10), return_time: at(4, 15) },
  { origin: STIRLING, destination: DUNDEE, out_time: at(5, 7) },
  { origin: FORFAR, destination: STIRLING, out_time: at(6, 13) },
  { origin: ABERDEEN, destination: INVERURIE, out_time: at(2, 9) },
  { origin: INVERURIE, destination: ABERDEEN, arrive_time: at(3, 18), return_time: at(3, 21) },
  { origin: STONEHAVEN, destination: ABERDEEN, out_time: at(7, 11) },
  { origin: ABERDEEN, destination: DUNDEE, out_time: at(4, 8) },
];

type Answer = { journeys: unknown[] } | { failure: string };
/** Journeys without their random ids, or the failure's message. */
const answer = (planned: Promise<readonly { id: string }[]>): Promise<Answer> =>
  planned.then(
    (list) => ({ journeys: list.map(({ id: _id, ...rest }) => rest) }),
    (error: Error) => ({ failure: error.message }),
  );

/** Resolves once all `size` threads of the pool are ready. */
async function allReady(pool: PlannerPool, size: number): Promise<void> {
  await pool.ready();
  while (pool.capacity() < size) await new Promise((resolve) => setTimeout(resolve, 50));
}

let direct: Region[];
beforeAll(async () => {
  direct = await Promise.all([TAYSIDE_MANIFEST, NORTH_EAST].map((m) => loadRegionFromManifest(m)));
}, 180_000);

describe('planner threads share one copy of each region', () => {
  it('a 2-thread pool plans what the planner plans directly, and leaves the shared bytes unchanged', async () => {
    const pool = new PlannerPool({ manifests: [TAYSIDE_MANIFEST, NORTH_EAST], size: 2 });
    try {
      await allReady(pool, 2);
      const shared = pool.sharedRegions() ?? [];
      expect(shared).toHaveLength(2);
      for (const region of shared) expect(region.bytes).toBeInstanceOf(SharedArrayBuffer);
      // Both threads at once (the pool hands the searches out as threads come free).
      const fromPool = await Promise.all(REQUESTS.map((request) => answer(pool.run(request, now))));
      let journeys = 0;
      let failures = 0;
      for (const [i, request] of REQUESTS.entries()) {
        const expected = await answer(planAll(request, { regions: direct, now }));
        expect(fromPool[i], JSON.stringify(request)).toEqual(expected);
        if ('journeys' in expected) journeys += expected.journeys.length;
        else failures++;
      }
      // Real answers, not two empty lists agreeing.
      expect(journeys).toBeGreaterThan(REQUESTS.length);
      expect(failures).toBe(0);
      // Nothing wrote to the shared memory: each section still matches its CRC-32 (a write throws).
      for (const region of shared)
        expect(() => decodeRegionSnapshot(new Uint8Array(region.bytes), region.label)).not.toThrow();
    } finally {
      await pool.close();
    }
  }, 180_000);
});

describe('a snapshot file the pool cannot use', () => {
  let dir: string;
  let good: Uint8Array;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drover-pool-shared-'));
    good = await regionSnapshotBytes(NORTH_EAST);
  }, 120_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** The north-east manifest, its sources by absolute path, reading its snapshot from `snapshot` in `dir`. */
  function manifestWith(snapshot: string): string {
    const base = path.dirname(NORTH_EAST);
    const absolute = (value: unknown): unknown =>
      typeof value === 'string' && value.startsWith('../')
        ? path.resolve(base, value)
        : Array.isArray(value)
          ? value.map(absolute)
          : value && typeof value === 'object'
            ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, absolute(v)]))
            : value;
    const manifest = { ...(absolute(JSON.parse(fs.readFileSync(NORTH_EAST, 'utf8'))) as object), snapshot };
    const file = path.join(dir, `${path.parse(snapshot).name}.json`);
    fs.writeFileSync(file, JSON.stringify(manifest));
    return file;
  }

  const damaged = () => {
    const bytes = good.slice();
    bytes[bytes.length >> 1] = (bytes[bytes.length >> 1] as number) ^ 0xff;
    return bytes;
  };
  const cases: [string, () => Uint8Array, RegExp][] = [
    ['damaged', damaged, /damaged\.region\.bin: section \w+ is damaged \(checksum mismatch\)/],
    ['truncated', () => good.subarray(0, good.byteLength - 1000), /truncated\.region\.bin: truncated/],
    [
      'foreign',
      () => new TextEncoder().encode('PK\u0003\u0004 not a region'),
      /foreign\.region\.bin: not a Drover region snapshot/,
    ],
  ];
  for (const [name, bytes, reason] of cases) {
    it(`a ${name} file fails ready() and every search, naming the file`, async () => {
      const file = path.join(dir, `${name}.region.bin`);
      const manifest = manifestWith(file);
      // Written after its sources (the manifest too), so the pool reads it rather than building afresh.
      fs.writeFileSync(file, bytes());
      const errors: string[] = [];
      const pool = new PlannerPool({
        manifests: [manifest],
        size: 2,
        log: { error: (_details, message) => errors.push(message) },
      });
      try {
        await expect(pool.ready()).rejects.toThrow(reason);
        const failure = await pool.run(REQUESTS[5] as PlanRequest, now).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(PlanFailedError);
        expect((failure as PlanFailedError).failure).toMatchObject({
          kind: 'internal',
          message: expect.stringMatching(/^The planner could not load its region data: /),
        });
        expect(errors).toEqual(['planner unavailable']);
      } finally {
        await pool.close();
      }
    }, 60_000);
  }

  it('a region without its snapshot file is built once, on a thread of its own, and shared', async () => {
    const manifest = manifestWith(path.join(dir, 'absent.region.bin'));
    const pool = new PlannerPool({ manifests: [manifest], size: 2 });
    try {
      await allReady(pool, 2);
      expect(pool.sharedRegions()?.map((r) => r.label)).toEqual([`${manifest} (built at start)`]);
      const request = REQUESTS[5] as PlanRequest;
      const built = await loadRegionFromManifest(manifest);
      const expected = await answer(planAll(request, { regions: [built], now }));
      expect(await answer(pool.run(request, now))).toEqual(expected);
      expect('journeys' in expected ? expected.journeys.length : 0).toBeGreaterThan(0);
    } finally {
      await pool.close();
    }
    expect(fs.existsSync(path.join(dir, 'absent.region.bin'))).toBe(false);
  }, 180_000);
});
