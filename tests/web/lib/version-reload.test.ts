/** A stale tab after a deploy: one reload onto the new version, never a loop, never offline. */
import { describe, expect, it } from 'vitest';
import {
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
