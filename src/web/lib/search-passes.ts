/**
 * The passes this browser sent with its own searches, by hash. The server shows a search's
 * passes only to its owner (a hash is a shareable URL), so for a visitor's own anonymous search
 * the Edit journey form takes them from here; a shared link edits with the defaults. Kept in
 * sessionStorage (this tab, until it closes), newest few only.
 */
import { sessionList } from './session-list';

const passes = sessionList<unknown>('drover-search-passes', 20);

export function rememberSearchPasses<Passes>(hash: string, value: Passes): void {
  passes.remember(hash, value);
}

export function rememberedSearchPasses<Passes>(hash: string | undefined): Passes | undefined {
  return passes.recall(hash) as Passes | undefined;
}
