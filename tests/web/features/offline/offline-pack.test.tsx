// @vitest-environment jsdom
/**
 * Issue 20 "Bad input", the page's side: when the planner's worker reports the stored pack
 * damaged (and has dropped it), Home's panel stops saying the area is available offline, says
 * the timetables were damaged and are downloaded again, and asks the service worker for them.
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { regionPackUrl } from '../../../../src/contract/region-pack';
import { OfflinePack, OFFLINE_PACK_MESSAGES } from '../../../../src/web/features/offline';
import { PACK_CHANNEL, PACK_SYNC_MESSAGE, type PackNews } from '../../../../src/web/lib/device-planner/pack-cache';
import { renderWithApp } from '../../helpers/render';

const SHA = 'a'.repeat(64);
const INFO = {
  region: 'tayside',
  label: 'Tayside',
  format: 1,
  sha256: SHA,
  bytes: 10,
  gzip_bytes: 10,
  url: regionPackUrl('tayside', SHA),
  built_at: '2026-11-25T10:00:00Z',
  rolled_forward: [{ mode: 'rail', from: '2022-05-15', to: '2023-05-20' }],
};

let posted: unknown[];
let stored: Response | undefined;

beforeEach(() => {
  posted = [];
  stored = new Response(new Uint8Array(10), { headers: { 'x-region-pack': JSON.stringify(INFO) } });
  vi.stubGlobal('caches', {
    open: async () => ({ match: async () => stored?.clone(), delete: async () => ((stored = undefined), true) }),
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ active: { postMessage: (m: unknown) => void posted.push(m) } }) },
  });
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Home's offline panel", () => {
  it('on news of a damaged pack: drops "available offline", says it is downloaded again, and asks for it', async () => {
    renderWithApp(<OfflinePack />);
    // The timetable by its own years, never the day the pack was built as if it were the timetable's (issue 27).
    expect(
      await screen.findByText(
        "Tayside is available offline (prepared 25 November 2026; 2022-23 rail timetable, moved onto this week's dates).",
      ),
    ).toBeTruthy();
    await waitFor(() => expect(posted).toEqual([{ type: PACK_SYNC_MESSAGE }]));

    // What the worker announces after dropping the pack (planner.worker.ts).
    stored = undefined;
    const channel = new BroadcastChannel(PACK_CHANNEL);
    act(() => channel.postMessage({ type: 'damaged' } satisfies PackNews));
    expect((await screen.findByRole('alert')).textContent).toBe(OFFLINE_PACK_MESSAGES.problems.damaged);
    expect(screen.queryByText(/is available offline/)).toBeNull();
    await waitFor(() => expect(posted).toEqual([{ type: PACK_SYNC_MESSAGE }, { type: PACK_SYNC_MESSAGE }]));
    channel.close();
  });

  it('with a pack kept, a failed check for a newer one (no signal) is not reported', async () => {
    renderWithApp(<OfflinePack />);
    await screen.findByText(/is available offline/);
    const channel = new BroadcastChannel(PACK_CHANNEL);
    act(() => channel.postMessage({ type: 'problem', problem: 'network' } satisfies PackNews));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(/is available offline/)).toBeTruthy();
    channel.close();
  });
});
