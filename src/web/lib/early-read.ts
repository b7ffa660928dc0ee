/**
 * A page's first API read, asked for while the router loads the page rather than once the
 * screen has rendered (issue 32): on a phone the first render of a journey page takes a few
 * hundred milliseconds, and the journey's request waited behind it. A route's loader starts the
 * read (only for the page the document opened: later pages come from the app's cache), and the
 * screen's query takes the answer instead of asking again. An answer not taken within
 * EARLY_READ_MS is dropped (a journey this device already held is not read again).
 */
export const EARLY_READ_MS = 10_000;

const reads = new Map<string, { at: number; answer: Promise<unknown> }>();
let firstPage = true;

/** Starts `read` under `key`, on the document's first page only. */
export function readEarly(key: string, read: () => Promise<unknown>): void {
  if (!firstPage || reads.has(key)) return;
  const answer = read();
  // Nobody may take it: its failure is the taker's to report, not an unhandled rejection.
  answer.catch(() => undefined);
  reads.set(key, { at: Date.now(), answer });
}

/** The answer started under `key`, once, if it is recent; else undefined (the caller reads). */
export function takeEarly<T>(key: string): Promise<T> | undefined {
  const read = reads.get(key);
  reads.delete(key);
  return read && Date.now() - read.at < EARLY_READ_MS ? (read.answer as Promise<T>) : undefined;
}

/** The first page has loaded: navigations from here on read through their screens. */
export function firstPageLoaded(): void {
  firstPage = false;
}

/** The journey read's key: the loader and the Journey screen's query name it alike. */
export const journeyReadKey = (hash: string, journeyId: string) => `journey ${hash} ${journeyId}`;
