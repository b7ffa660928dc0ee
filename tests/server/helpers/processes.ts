/** Child processes of the real server and worker (`node --import tsx src/server/...`), for tests that need them whole or killed. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../../../src/server/config';

export interface Proc {
  child: ChildProcess;
  output: () => string;
}

export function start(script: string, env: Record<string, string>): Proc {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, script)], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

export async function until(
  check: () => Promise<boolean> | boolean,
  what: string,
  proc: Proc,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null)
      throw new Error(
        `${what}: process exited (${proc.child.exitCode ?? proc.child.signalCode}): ${proc.output().slice(-2000)}`,
      );
    if (Date.now() > deadline) throw new Error(`${what}: timed out: ${proc.output().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function stop(proc: Proc | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  const exited = new Promise((resolve) => proc.child.once('exit', resolve));
  proc.child.kill(signal);
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
