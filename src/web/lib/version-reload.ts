/**
 * A tab opened before a deploy holds code whose lazy chunks the new release no longer serves (the
 * server has only the new build, and once the new service worker is active its precache has only
 * the new files). Loading one fails; instead of a broken screen the page reloads once, onto the
 * new version. "Once": a second failure soon after is a real fault (no signal, a broken deploy),
 * which the screen's own error handling shows rather than a reload loop.
 */

const RELOADED_AT_KEY = 'drover:version-reload-at';
/** A failure this soon after a reload is not a stale tab any more. */
export const RELOAD_GUARD_MS = 30_000;

export interface ReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  reload: () => void;
  now: () => number;
  online: () => boolean;
}

/** Reloads unless it did so moments ago (or there is no signal to fetch a new version over); true when it reloads. */
export function reloadOnceForNewVersion(deps: ReloadDeps): boolean {
  if (!deps.online() || !deps.storage) return false;
  let last = 0;
  try {
    last = Number(deps.storage.getItem(RELOADED_AT_KEY) ?? 0) || 0;
    if (deps.now() - last < RELOAD_GUARD_MS) return false;
    deps.storage.setItem(RELOADED_AT_KEY, String(deps.now()));
  } catch {
    // Storage refused (private mode quota): without the guard a reload could loop, so do not.
    return false;
  }
  deps.reload();
  return true;
}

/** The messages browsers give a dynamic import whose file is gone (Chromium, Firefox, Safari). */
export function isMissingChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/.test(
    message,
  );
}

/** The chunk's address in a failed dynamic import's message, if it names one. */
export function chunkUrlOf(error: unknown): string | null {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const m = /((?:https?:\/\/[^\s/]+)?\/\S+?\.(?:m?js|css))\b/.exec(message);
  return m ? m[1]! : null;
}

/**
 * Whether the chunk is gone from the server (a deploy replaced it), not just out of reach: a
 * network blip must not reload a page the traveller is using. Gone: 404, or the app's HTML
 * answering for it.
 */
export async function chunkIsGone(url: string, fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher(url, { method: 'HEAD', cache: 'no-store' });
    return response.status === 404 || (response.headers.get('content-type') ?? '').startsWith('text/html');
  } catch {
    return false;
  }
}

function browserDeps(): ReloadDeps {
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = null;
  }
  return { storage, reload: () => window.location.reload(), now: Date.now, online: () => navigator.onLine };
}

/**
 * Listens for Vite's preload error (a chunk or its CSS failed to load) and for unhandled
 * rejections of a missing chunk (a lazy import outside Vite's wrapper). The failure goes on to its
 * caller as ever; when the chunk turns out to be gone from the server, the page reloads once.
 */
export function reloadOnMissingChunks(): void {
  const check = (error: unknown) => {
    const url = chunkUrlOf(error);
    if (!url || !isMissingChunkError(error)) return;
    void chunkIsGone(url).then((gone) => {
      if (gone) reloadOnceForNewVersion(browserDeps());
    });
  };
  window.addEventListener('vite:preloadError', (event) => check((event as Event & { payload?: unknown }).payload));
  window.addEventListener('unhandledrejection', (event) => check(event.reason));
}
