/**
 * A second real server for specs that must prepare its database before it starts: the
 * embedded PGlite folder opens in one process at a time, so e.g. campaigns are seeded with
 * `npm run campaigns -- seed` first, then the server starts on a free port over that folder.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export { freePort } from '../tests/server/helpers/search-events';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface OwnServer {
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

/** A fresh DATA_DIR named `name` under var/, then `prepare(dataDir)` (CLI commands), then the server. */
export async function startOwnServer(
  name: string,
  port: number,
  prepare: (run: (script: string, args: string[]) => string) => void,
  options: { env?: Record<string, string>; keepData?: boolean } = {},
): Promise<OwnServer> {
  const dataDir = path.join(repo, 'var', name);
  // keepData: the same database again (a restart, as a deploy does).
  if (!options.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  // Its own embedded database, never the one in DATABASE_URL: CI points that at the main e2e
  // server's database, where seeded campaigns would pop up over every other spec's Home.
  const env = {
    ...process.env,
    DATABASE_URL: '',
    REDIS_URL: '',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    BRAND: 'regional',
    // One planner thread: these servers live for one spec, beside the main e2e server, on CI's cores.
    PLANNER_THREADS: '1',
    PORT: String(port),
    HOST: '127.0.0.1',
    ...options.env,
  };
  prepare((script, args) => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: repo,
      env,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`${script} ${args.join(' ')} failed: ${result.stderr}`);
    return result.stdout;
  });
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: repo,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 110_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${stderr}`);
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`server on ${port} did not answer /healthz: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    port,
    dataDir,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
