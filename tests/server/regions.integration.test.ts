/**
 * A bad REGIONS setting stops `npm run serve` and `npm run worker` at start, before the database
 * is opened: one message naming REGIONS and the file, exit code 1.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/server/config';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drover-regions-setting-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(script: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, script)], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: path.join(dir, 'var'), PORT: '0', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('REGIONS at start-up', () => {
  it('stops the server on a missing manifest, naming REGIONS and the file, exit code 1', async () => {
    const missing = path.join(dir, 'nowhere.json');
    const { code, stderr } = await run('src/server/main.ts', { REGIONS: `data/regions/tayside.json,${missing}` });
    expect(code).toBe(1);
    expect(stderr).toMatch(
      new RegExp(
        `^drover: Invalid settings in the environment:\\n  REGIONS: cannot read the region manifest ${missing} \\(got ".*"\\)\\n$`,
      ),
    );
    expect(fs.existsSync(path.join(dir, 'var/pglite'))).toBe(false);
  });

  it('stops the server and the worker on a file that is not a region manifest', async () => {
    const notManifest = path.join(dir, 'brand.json');
    fs.writeFileSync(notManifest, JSON.stringify({ title: 'not a region' }));
    const server = await run('src/server/main.ts', { REGIONS: notManifest });
    expect(server.code).toBe(1);
    expect(server.stderr).toBe(
      `drover: Invalid settings in the environment:\n  REGIONS: ${notManifest} is not a region manifest: a manifest needs name, snapshot and at least one feed\n`,
    );
    const worker = await run('src/server/worker.ts', {
      REGIONS: notManifest,
      REDIS_URL: 'redis://127.0.0.1:1',
      DATABASE_URL: 'postgres://127.0.0.1:1/none',
    });
    expect(worker.code).toBe(1);
    expect(worker.stderr).toMatch(
      /^drover worker: Invalid settings in the environment:\n {2}REGIONS: .*brand\.json is not a region manifest/,
    );
  });
});
