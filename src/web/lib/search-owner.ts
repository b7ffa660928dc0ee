/**
 * The owner keys of this browser's own searches, by hash (issue 33). A search's hash is a
 * shareable URL, so the server prices its journeys as for anyone unless the caller sends the
 * key the search's POST answered with: then the traveller sees their own railcard and pass
 * prices. Kept like the passes (session-list.ts); a shared link never carries one.
 */
import { sessionList } from './session-list';

const HASH = /^[0-9a-f]{32}$/;
const owners = sessionList<string>('drover-search-owners', 20);

export function rememberSearchOwner(hash: string, ownerKey: string): void {
  if (HASH.test(hash)) owners.remember(hash, ownerKey);
}

export function searchOwnerKey(hash: string): string | undefined {
  return owners.recall(hash);
}
