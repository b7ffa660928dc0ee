/**
 * Several regions' place indexes answering as one (the server with several region manifests):
 * a search asks each index and merges the answers by their ranking score, at most 8, a place
 * found in two regions counting once; a reverse look-up takes the best tier's nearest place over
 * all of them. With one index the answers are that index's own. Browser-safe.
 */
import type { LandMask } from '../geo/land';
import { normalizeText } from './normalize';
import type { PlaceIndex } from './place-index';
import { reverseTier, type ReverseOptions } from './reverse';
import { resultLimit, seenNearby, type ScoredPlace, type SearchOutcome } from './search';
import type { PlaceResult, ReverseResult, SearchOptions } from './types';
import { checkQuery } from './validate';

export class PlaceIndexSet {
  readonly size: number;

  /** `land`: the regions' land masks (geo/land.ts), for refusing a point in the sea. */
  constructor(
    readonly indexes: readonly PlaceIndex[],
    readonly land: readonly LandMask[] = [],
  ) {
    this.size = indexes.reduce((n, index) => n + index.size, 0);
  }

  /** Up to 8 places over every index; says why input was refused (for an API 400). Never throws. */
  searchChecked(query: unknown, options: SearchOptions = {}): SearchOutcome {
    // Checked here too, so a set without indexes still refuses what no index would take.
    const check = checkQuery(query);
    if (!check.ok) return check;
    const scored: ScoredPlace[] = [];
    for (const index of this.indexes) {
      const outcome = index.searchScored(query, options);
      if (outcome.ok) scored.push(...outcome.results);
    }
    return { ok: true, results: mergeScored(scored, resultLimit(options)) };
  }

  search(query: unknown, options?: SearchOptions): PlaceResult[] {
    const outcome = this.searchChecked(query, options);
    return outcome.ok ? outcome.results : [];
  }

  /** The nearest place of the best tier any index answers (an address over a nearer town); null when none does. */
  reverse(lat: number, lng: number, options?: ReverseOptions): ReverseResult | null {
    let best: ReverseResult | null = null;
    let bestTier = Infinity;
    for (const index of this.indexes) {
      const found = index.reverse(lat, lng, options);
      if (!found) continue;
      const tier = reverseTier(found.type);
      if (tier < bestTier || (tier === bestTier && found.distanceM < (best?.distanceM ?? Infinity))) {
        best = found;
        bestTier = tier;
      }
    }
    return best;
  }
}

/** Highest score first (ties keep index order, then each index's own order); one entry per id and per near-identical place. */
export function mergeScored(scored: readonly ScoredPlace[], limit: number): PlaceResult[] {
  const ordered = [...scored].sort((a, b) => b.score - a.score);
  const ids = new Set<string>();
  const seen: { key: string; lat: number; lng: number }[] = [];
  const results: PlaceResult[] = [];
  for (const { place } of ordered) {
    const key = `${normalizeText(place.label)}|${place.type}`;
    if (ids.has(place.id) || seenNearby(seen, key, place.lat, place.lng)) continue;
    ids.add(place.id);
    seen.push({ key, lat: place.lat, lng: place.lng });
    results.push(place);
    if (results.length >= limit) break;
  }
  return results;
}
