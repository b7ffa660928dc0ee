/**
 * True once the page has settled: loaded, then SETTLE_MS without fetching anything more; or at
 * the traveller's first tap or key press, whichever comes first. For what a screen can do
 * without at first (Home's offline panel, issue 20): its code is fetched after the first load,
 * never during it, however slow that load is.
 */
import { useEffect, useState } from 'react';

export const SETTLE_MS = 2_000;
const FIRST_INPUT = ['pointerdown', 'keydown'] as const;

export function useSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (settled) return;
    const done = () => setSettled(true);
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Every resource the page finishes fetching starts the quiet period again.
    const quiet = () => {
      clearTimeout(timer);
      timer = setTimeout(done, SETTLE_MS);
    };
    const resources = typeof PerformanceObserver === 'function' ? new PerformanceObserver(quiet) : null;
    const afterLoad = () => {
      quiet();
      resources?.observe({ type: 'resource' });
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    for (const type of FIRST_INPUT) window.addEventListener(type, done, { once: true, passive: true });
    return () => {
      clearTimeout(timer);
      resources?.disconnect();
      window.removeEventListener('load', afterLoad);
      for (const type of FIRST_INPUT) window.removeEventListener(type, done);
    };
  }, [settled]);
  return settled;
}
