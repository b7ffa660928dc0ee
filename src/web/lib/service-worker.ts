/**
 * The service worker's life as the page sees it (issue 31, safe updates). A new release installs
 * in the background and waits: the page says "A new version is ready" and takes it only when the
 * traveller presses Reload, never in the middle of reading a journey. The page asks for updates
 * when it comes back into view and hourly, since an installed app may stay open for days.
 */
import { Workbox } from 'workbox-window';
import { SKIP_WAITING_MESSAGE } from './sw-messages';

/** An open tab checks for a new release this often (the browser itself checks on navigation only). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

type Listener = () => void;

/** Whether a new version is installed and waiting; read with useSyncExternalStore. */
export const updateState = (() => {
  let ready = false;
  const listeners = new Set<Listener>();
  return {
    ready: () => ready,
    set(value: boolean) {
      if (ready === value) return;
      ready = value;
      for (const listener of listeners) listener();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
})();

let applyUpdate: () => void = () => window.location.reload();

/** The Reload button: let the waiting worker take over; the page reloads once it controls it. */
export function reloadToNewVersion(): void {
  applyUpdate();
}

/** Registers the Workbox service worker in production builds (dev serves no sw.js). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  let asked = false;
  // Installed and waiting, in this tab or another (or left waiting by an earlier visit).
  workbox.addEventListener('waiting', () => updateState.set(true));
  workbox.addEventListener('controlling', (event) => {
    // A first install controls the page without a reload; an update this tab asked for reloads it
    // onto the new code. One another tab took: this tab's code is now older than its worker,
    // so it keeps offering Reload (a lazy chunk it lacks reloads it anyway, lib/version-reload).
    if (!event.isUpdate) return;
    if (asked) window.location.reload();
    else updateState.set(true);
  });
  applyUpdate = () => {
    asked = true;
    void navigator.serviceWorker.getRegistration('/').then((registration) => {
      const waiting = registration?.waiting;
      // Nothing waiting: another tab already activated it, so a plain reload takes the new version.
      if (!waiting) return window.location.reload();
      // Reload once the new worker is in charge, however that is reported: Workbox's 'controlling'
      // is not sent for every worker an update() found, and a Reload that does nothing is a trap.
      let reloading = false;
      const reloadOnce = () => {
        if (reloading) return;
        reloading = true;
        window.location.reload();
      };
      navigator.serviceWorker.addEventListener('controllerchange', reloadOnce, { once: true });
      waiting.addEventListener('statechange', () => {
        if (waiting.state === 'activated') reloadOnce();
      });
      waiting.postMessage({ type: SKIP_WAITING_MESSAGE });
    });
  };
  workbox.register().catch((error: unknown) => {
    // Offline support is an enhancement: the app works without it.
    console.warn('Service worker registration failed', error);
  });
  const check = () => {
    if (navigator.onLine) workbox.update().catch(() => undefined);
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  window.setInterval(check, UPDATE_CHECK_MS);
}
