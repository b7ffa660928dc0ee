/**
 * A short list of values by search hash in sessionStorage (this tab, until it closes), newest
 * first, the newest few only. What this browser knows of its own searches that a shared link
 * must not carry: the passes it sent (search-passes.ts) and the owner key (search-owner.ts).
 */
export interface SessionList<Value> {
  remember(hash: string, value: Value): void;
  recall(hash: string | undefined): Value | undefined;
}

export function sessionList<Value>(key: string, keep: number): SessionList<Value> {
  const read = (): Array<[string, Value]> => {
    try {
      const value = JSON.parse(sessionStorage.getItem(key) ?? '[]') as unknown;
      return Array.isArray(value) ? (value as Array<[string, Value]>) : [];
    } catch {
      return [];
    }
  };
  return {
    remember(hash, value) {
      try {
        const kept = read().filter(([known]) => known !== hash);
        sessionStorage.setItem(key, JSON.stringify([[hash, value], ...kept].slice(0, keep)));
      } catch {
        // Storage full or blocked: the search reads as a shared link would.
      }
    },
    recall(hash) {
      if (!hash || typeof sessionStorage === 'undefined') return undefined;
      return read().find(([known]) => known === hash)?.[1];
    },
  };
}
