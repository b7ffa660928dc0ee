/**
 * Issue 33 (1): the server on embedded PGlite is killed (-9) twelve times while a backlog of
 * accepted searches waits for its one planner thread. A search's attempt is counted only when a
 * planner begins it, so waiting in the backlog through a crash costs nothing: every accepted
 * search ends done, none failed or lost. (Counting an attempt at enqueue failed 22 of 25.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeFakeDist } from '../server/helpers/app-server';
import { stop, type Proc } from '../server/helpers/processes';
import { call, port, searchForm, startServer, statuses, unfinishedAfter } from './harness';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drover-kill-loop-'));
const distDir = makeFakeDist();
const env = {
  DATA_DIR: dataDir,
  DIST_DIR: distDir,
  DATABASE_URL: '',
  REDIS_URL: '',
  SEARCH_RATE_LIMIT: '100',
  SEARCH_SWEEP_SECONDS: '1',
};
/** Searches posted before the first kill (more are posted between kills). */
const SEARCHES = 13;
const KILLS = 12;
let server: Proc | undefined;

afterAll(async () => {
  await stop(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(distDir, { recursive: true, force: true });
}, 60_000);

describe('(1) twelve kill -9 under a backlog (PGlite, in process)', () => {
  it('fails and loses no accepted search', async () => {
    const serverPort = await port();
    server = await startServer(serverPort, env);
    const post = async (i: number) => {
      const answer = await call(serverPort, 'POST', '/v1/journey-planner/search', { body: searchForm(i * 7) });
      expect(answer.status).toBe(201);
      return answer.json<{ data: { hash: string } }>().data.hash;
    };
    const hashes = await Promise.all(Array.from({ length: SEARCHES }, (_, i) => post(i)));
    const unfinishedAtKill: number[] = [];
    const status = async (hash: string) =>
      (await call(serverPort, 'GET', `/v1/journey-planner/search/${hash}`)).json<{ data: { status: string } }>().data
        .status;
    for (let kill = 0; kill < KILLS; kill++) {
      if (kill % 2 === 0) {
        // While the planner thread loads its region: every search waits, the new one too.
        hashes.push(await post(hashes.length));
        await new Promise((resolve) => setTimeout(resolve, (kill % 4) * 300));
      } else {
        // While it plans: five more at once; as soon as the first is done, the next is on the thread.
        const five = await Promise.all([0, 1, 2, 3, 4].map((i) => post(hashes.length + i)));
        hashes.push(...five);
        const deadline = Date.now() + 120_000;
        while (['pending', 'running'].includes(await status(five[0]!)) && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await stop(server, 'SIGKILL');
      server = await startServer(serverPort, env);
      // Read after the restart (reading first would give the thread time to finish): what the kill cut off.
      unfinishedAtKill.push(
        [...(await statuses(serverPort, hashes)).values()].filter((s) => s === 'pending' || s === 'running').length,
      );
    }
    const lost = await unfinishedAfter(serverPort, hashes, 180_000);
    const end = [...(await statuses(serverPort, hashes)).values()];
    console.log(
      `reliability (1) ${KILLS} kill -9: ${hashes.length} accepted; unfinished at each kill ${unfinishedAtKill.join(',')}; ` +
        `at the end ${end.filter((s) => s === 'done').length} done, ${end.filter((s) => s === 'failed').length} failed, ${lost.length} lost`,
    );
    expect(lost).toEqual([]);
    expect(end).toEqual(Array(hashes.length).fill('done'));
  }, 1_200_000);
});
