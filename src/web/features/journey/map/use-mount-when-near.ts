/**
 * When to mount the MapLibre map (issue 32): its chunk is most of a journey page's main-thread
 * time, so it waits until the page is usable. The map mounts once its frame comes near the
 * screen, the page has loaded and the browser is idle, or, for a frame further down, some seconds after the page has
 * loaded (so it is ready by the time the traveller scrolls to it, and offline packs still see it
 * drawn). The frame keeps its fixed size meanwhile, so nothing moves when the map arrives.
 *
 * `whenNear: false` (the stage page, whose map is at the top): nearness does not count, only the
 * delay after load or the traveller asking (`ask`); a static preview stands in until then, so
 * the page is usable before the map's seconds of main-thread time begin.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react';

/** How far below the screen a frame counts as near (CSS pixels). */
export const NEAR_MARGIN = '200px';
/** How long after the page's load event a frame off the screen waits (milliseconds). */
export const OFFSCREEN_DELAY_MS = 4000;
/** The longest an idle callback may wait before running anyway (milliseconds). */
const IDLE_TIMEOUT_MS = 1500;

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
}

function afterLoad(run: () => void): () => void {
  if (document.readyState === 'complete') {
    run();
    return () => {};
  }
  window.addEventListener('load', run, { once: true });
  return () => window.removeEventListener('load', run);
}

/** `mount`: true once the element in `ref` should hold its real content; `ask` mounts it now. */
export function useMountWhenNear(
  ref: RefObject<HTMLElement | null>,
  { whenNear = true }: { whenNear?: boolean } = {},
): { mount: boolean; ask: () => void } {
  const [mount, setMount] = useState(false);
  const ask = useCallback(() => setMount(true), []);
  useEffect(() => {
    if (mount) return;
    const element = ref.current;
    const cleanups: Array<() => void> = [];
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      // Near the screen: still after the page has loaded and the browser is idle.
      cleanups.push(afterLoad(() => cleanups.push(whenIdle(() => setMount(true)))));
    };
    // Without whenNear, only the delay below or the traveller's request mounts it.
    if (whenNear && element && typeof IntersectionObserver === 'function') {
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) go();
        },
        { rootMargin: `0px 0px ${NEAR_MARGIN} 0px` },
      );
      observer.observe(element);
      cleanups.push(() => observer.disconnect());
    } else if (whenNear) {
      go();
    }
    cleanups.push(
      afterLoad(() => {
        const id = window.setTimeout(go, OFFSCREEN_DELAY_MS);
        cleanups.push(() => window.clearTimeout(id));
      }),
    );
    return () => cleanups.forEach((cleanup) => cleanup());
  }, [ref, mount, whenNear]);
  return { mount, ask };
}
