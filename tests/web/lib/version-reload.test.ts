/** A stale tab after a deploy: one reload onto the new version, never a loop, never offline. */
import { describe, expect, it } from 'vitest';
import {
  chunkIsGone,
  chunkUrlOf,
  isMissingChunkError,
  RELOAD_GUARD_MS,
  reloadOnceForNewVersion,
  type ReloadDeps,
} from '../../../src/web/lib/version-reload';

function deps(over: Partial<ReloadDeps> = {}) {
  const store = new Map<string, string>();
  const calls = { reloads: 0 };
  let clock = 1_000_000;
  const d: ReloadDeps & { advance(ms: number): void } = {
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    reload: () => void calls.reloads++,
    now: () => clock,
    online: () => true,
    advance: (ms) => void (clock += ms),
    ...over,
  };
  return { d, calls };
}

describe('reloadOnceForNewVersion', () => {
  it('reloads the first time a chunk is missing', () => {
    const { d, calls } = deps();
    expect(reloadOnceForNewVersion(d)).toBe(true);
    expect(calls.reloads).toBe(1);
  });

  it('does not reload again when the reloaded page fails too (no loop)', () => {
    const { d, calls } = deps();
    reloadOnceForNewVersion(d);
    d.advance(RELOAD_GUARD_MS - 1);
    expect(reloadOnceForNewVersion(d)).toBe(false);
    expect(calls.reloads).toBe(1);
  });

  it('reloads for a later deploy once the guard has passed', () => {
    const { d, calls } = deps();
    reloadOnceForNewVersion(d);
    d.advance(RELOAD_GUARD_MS + 1);
    expect(reloadOnceForNewVersion(d)).toBe(true);
    expect(calls.reloads).toBe(2);
  });

  it('never reloads with no signal: the new version could not load either', () => {
    const { d, calls } = deps({ online: () => false });
    expect(reloadOnceForNewVersion(d)).toBe(false);
    expect(calls.reloads).toBe(0);
  });

  it('never reloads when storage refuses the guard (it could loop)', () => {
    const { d, calls } = deps({
      storage: {
        getItem: () => null,
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
      },
    });
    expect(reloadOnceForNewVersion(d)).toBe(false);
    expect(calls.reloads).toBe(0);
  });
});

describe('isMissingChunkError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://x/assets/about-abc.js',
    'error loading dynamically imported module: https://x/assets/about-abc.js',
    'Importing a module script failed.',
  ])('knows "%s"', (message) => expect(isMissingChunkError(new TypeError(message))).toBe(true));

  it('leaves other errors alone', () => {
    expect(isMissingChunkError(new Error('Network request failed'))).toBe(false);
    expect(isMissingChunkError(undefined)).toBe(false);
  });
});

describe('only a chunk the server no longer has reloads the page', () => {
  it('reads the chunk from the message', () => {
    expect(
      chunkUrlOf(new TypeError('Failed to fetch dynamically imported module: https://x.example/assets/about-abc.js')),
    ).toBe('https://x.example/assets/about-abc.js');
    expect(chunkUrlOf(new Error('Unable to preload CSS for /assets/journey-abc.css'))).toBe('/assets/journey-abc.css');
    expect(chunkUrlOf(new Error('Importing a module script failed.'))).toBeNull();
  });

  it('gone: 404, or the app shell answering for it; a network failure is not gone', async () => {
    const answer = (status: number, type: string) => async () =>
      new Response(null, { status, headers: { 'content-type': type } });
    expect(await chunkIsGone('/assets/a.js', answer(404, 'application/json'))).toBe(true);
    expect(await chunkIsGone('/assets/a.js', answer(200, 'text/html; charset=utf-8'))).toBe(true);
    expect(await chunkIsGone('/assets/a.js', answer(200, 'text/javascript'))).toBe(false);
    expect(
      await chunkIsGone('/assets/a.js', async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toBe(false);
  });
});
