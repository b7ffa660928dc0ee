/**
 * The server's place index: the places of the region snapshots the REGIONS manifests name (the
 * snapshot's places section only, read in milliseconds; without a usable snapshot - none built
 * yet, or older than its sources - the places are built in memory from the manifest's sources,
 * as the planner threads build their region). Several regions answer as one (PlaceIndexSet:
 * searches merged by score, reverse look-up over all). A manifest without a `places` section
 * contributes no places.
 *
 * Loading is lazy (first request, or `warm()` after listen) so start-up never waits for it.
 */
import { loadLandMask, loadPlacesFromManifest } from '../../planner/node';
import { PlaceIndexSet, type LandMask, type PlaceIndex } from '../../planner/index';

export interface PlaceIndexSource {
  /** The loaded indexes; rejects when one cannot be read or built (the routes answer 503). */
  get(): Promise<PlaceIndexSet>;
}

export interface PlaceIndexLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Loads once; a failed load is forgotten so the next request tries again. */
export function lazyPlaceIndex(load: () => PlaceIndexSet | Promise<PlaceIndexSet>): PlaceIndexSource {
  let pending: Promise<PlaceIndexSet> | undefined;
  return {
    get() {
      pending ??= Promise.resolve()
        .then(load)
        .catch((error: unknown) => {
          pending = undefined;
          throw error;
        });
      return pending;
    },
  };
}

/** The places of every region manifest, in the manifests' order (ties in a merged search go to the earlier region). */
export async function loadRegionPlaceIndexes(
  manifests: readonly string[],
  log?: PlaceIndexLog,
): Promise<PlaceIndexSet> {
  const indexes: PlaceIndex[] = [];
  const land: LandMask[] = [];
  for (const manifest of manifests) {
    const started = performance.now();
    const mask = await loadLandMask(manifest);
    if (mask) land.push(mask);
    const { name, places, from } = await loadPlacesFromManifest(manifest);
    const ms = Math.round(performance.now() - started);
    if (!places) {
      log?.info({ region: name, manifest }, 'region has no places section; it adds no places to place search');
      continue;
    }
    log?.info(
      { region: name, places: places.size, ms, from },
      from === 'built' ? 'place index built (no current region snapshot)' : 'place index read from the region snapshot',
    );
    indexes.push(places);
  }
  return new PlaceIndexSet(indexes, land);
}

/** The server's source: the places of the REGIONS manifests' snapshots. */
export function createPlaceIndexSource(options: { regions: readonly string[]; log?: PlaceIndexLog }): PlaceIndexSource {
  return lazyPlaceIndex(() => loadRegionPlaceIndexes(options.regions, options.log));
}
