import { Workbox } from 'workbox-window';

/** Registers the Workbox service worker in production builds (dev serves no sw.js). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.register().catch((error: unknown) => {
    // Offline support is an enhancement: the app works without it.
    console.warn('Service worker registration failed', error);
  });
}
