/**
 * The passes this browser sent with its own searches, by hash. The server shows a search's
 * passes only to its signed-in owner (a hash is a shareable URL), so for a visitor's own
 * anonymous search the Edit journey form takes them from here; a shared link edits with the
 * defaults. Kept in sessionStorage (this tab, until it closes), newest few only.
 */
const KEY = 'drover-search-passes';
const KEEP = 20;

type Stored = Array<[hash: string, passes: unknown]>;

function read(): Stored {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? (value as Stored) : [];
  } catch {
    return [];
  }
}

export function rememberSearchPasses<Passes>(hash: string, passes: Passes): void {
  try {
    const kept = read().filter(([known]) => known !== hash);
    sessionStorage.setItem(KEY, JSON.stringify([[hash, passes], ...kept].slice(0, KEEP)));
  } catch {
    // Storage full or blocked: the edit form falls back to the defaults.
  }
}

export function rememberedSearchPasses<Passes>(hash: string | undefined): Passes | undefined {
  if (!hash || typeof sessionStorage === 'undefined') return undefined;
  return read().find(([known]) => known === hash)?.[1] as Passes | undefined;
}
