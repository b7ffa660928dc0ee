/**
 * The region pack as a page sees it (issue 20): what is stored, a download in progress, and
 * what went wrong; and the page's requests (download in the background, remove). A traveller
 * who removed the pack is not sent it again until they ask (localStorage remembers).
 */
import { useCallback, useEffect, useState } from 'react';
import type { RegionPackInfo } from '../../../contract/region-pack';
import {
  announcePack,
  PACK_CHANNEL,
  PACK_SYNC_MESSAGE,
  readPackInfo,
  removeStoredPack,
  type PackNews,
  type PackProblem,
} from './pack-cache';

const OPTED_OUT = 'drover-region-pack-off';

export interface PackState {
  /** Service worker, Cache Storage and BroadcastChannel are all there. */
  supported: boolean;
  stored: RegionPackInfo | null;
  progress: { received: number; total: number } | null;
  problem: PackProblem | null;
  optedOut: boolean;
}

export const packSupported = () =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  typeof caches !== 'undefined' &&
  typeof BroadcastChannel !== 'undefined';

const optedOut = () => {
  try {
    return localStorage.getItem(OPTED_OUT) === '1';
  } catch {
    return false;
  }
};

/** Asks the service worker to fetch the brand's pack if the device lacks it (a no-op when it is current). */
export async function requestPackSync(): Promise<void> {
  if (!packSupported()) return;
  const registration = await navigator.serviceWorker.ready;
  // Best effort: a persisted origin keeps the pack under storage pressure.
  void navigator.storage?.persist?.().catch(() => false);
  registration.active?.postMessage({ type: PACK_SYNC_MESSAGE });
}

export function usePackState(): PackState & { keep(): void; remove(): Promise<void> } {
  const [state, setState] = useState<PackState>(() => ({
    supported: packSupported(),
    stored: null,
    progress: null,
    problem: null,
    optedOut: optedOut(),
  }));

  useEffect(() => {
    if (!state.supported) return;
    let live = true;
    void readPackInfo().then(
      (stored) => live && setState((s) => ({ ...s, stored })),
      () => undefined,
    );
    const channel = new BroadcastChannel(PACK_CHANNEL);
    channel.onmessage = (event: MessageEvent<PackNews>) => {
      const news = event.data;
      setState((s) => {
        switch (news.type) {
          case 'progress':
            return { ...s, progress: { received: news.received, total: news.total }, problem: null };
          case 'stored':
            return { ...s, stored: news.info, progress: null, problem: null };
          case 'problem':
            return { ...s, progress: null, problem: news.problem };
          case 'removed':
            return { ...s, stored: null, progress: null };
          case 'damaged':
            return { ...s, stored: null, problem: 'damaged' };
        }
      });
      if (news.type === 'damaged' && !optedOut()) void requestPackSync();
    };
    return () => {
      live = false;
      channel.close();
    };
  }, [state.supported]);

  const keep = useCallback(() => {
    try {
      localStorage.removeItem(OPTED_OUT);
    } catch {
      // Private mode: the pack is still fetched this time.
    }
    setState((s) => ({ ...s, optedOut: false, problem: null }));
    void requestPackSync();
  }, []);

  const remove = useCallback(async () => {
    try {
      localStorage.setItem(OPTED_OUT, '1');
    } catch {
      // Nothing to remember it in: it may come back next visit.
    }
    await removeStoredPack();
    setState((s) => ({ ...s, stored: null, optedOut: true }));
    announcePack({ type: 'removed' });
  }, []);

  return { ...state, keep, remove };
}
