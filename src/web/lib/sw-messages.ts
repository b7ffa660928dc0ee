/** Messages between the page and the service worker (sw/sw.ts), in a module of their own so the worker's bundle takes no page code. */

/** Page -> waiting worker: take over now (the traveller pressed Reload on "A new version is ready"). */
export const SKIP_WAITING_MESSAGE = 'app:skip-waiting';
