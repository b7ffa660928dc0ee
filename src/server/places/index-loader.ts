/**
 * The server's one place index, loaded once. Today it is built from the Tayside sources
 * (src/planner/places/sources-node.ts; ~1 s, most of it reading the GTFS zips) and cached
 * serialised in DATA_DIR/cache, so later starts read it in a few milliseconds. When the
 * region snapshot carries `region.places`, swap `load` for a reader of that snapshot: the
 * routes only see `PlaceIndexSource`.
 *
 * Loading is lazy (first request, or `warm()` after listen) so start-up never waits for it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PLACE_INDEX_VERSION, PLACE_RECIPE_VERSION, PlaceIndex } from '../../planner/places/index';
import { buildTaysideIndex, taysideSourceFiles, TAYSIDE_DATA_DIR } from '../../planner/places/sources-node';

export interface PlaceIndexSource {
  /** The loaded index; rejects when it cannot be built (the routes answer 503). */
  get(): Promise<PlaceIndex>;
}

export interface PlaceIndexLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Loads once; a failed load is forgotten so the next request tries again. */
export function lazyPlaceIndex(load: () => PlaceIndex | Promise<PlaceIndex>): PlaceIndexSource {
  let pending: Promise<PlaceIndex> | undefined;
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

/** Cache file name: changes with the index format, the recipe, and any source file's size or time. */
function cacheName(sourceFiles: string[]): string {
  const hash = createHash('sha256').update(`${PLACE_INDEX_VERSION}.${PLACE_RECIPE_VERSION}`);
  for (const file of sourceFiles) {
    const stat = fs.statSync(file);
    hash.update(`\n${file}\t${stat.size}\t${stat.mtimeMs}`);
  }
  return `places-tayside-${hash.digest('hex').slice(0, 16)}.bin`;
}

/** Reads the cached index, or builds it from the sources and writes the cache (best effort). */
export function loadTaysidePlaceIndex(cacheDir: string, log?: PlaceIndexLog, dataDir = TAYSIDE_DATA_DIR): PlaceIndex {
  const started = performance.now();
  const file = path.join(cacheDir, cacheName(taysideSourceFiles(dataDir)));
  if (fs.existsSync(file)) {
    try {
      const index = PlaceIndex.deserialize(new Uint8Array(fs.readFileSync(file)));
      log?.info({ places: index.size, ms: Math.round(performance.now() - started), file }, 'place index read from cache');
      return index;
    } catch (error) {
      // A torn or old-format file: rebuild it rather than fail.
      log?.error({ err: error, file }, 'place index cache unreadable; rebuilding');
    }
  }
  const { index } = buildTaysideIndex(dataDir);
  if (index.size === 0) throw new Error(`no place sources found in ${dataDir}`);
  try {
    fs.mkdirSync(cacheDir, { recursive: true });
    for (const old of fs.readdirSync(cacheDir)) {
      if (old.startsWith('places-tayside-') && old !== path.basename(file)) fs.rmSync(path.join(cacheDir, old), { force: true });
    }
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, index.serialize());
    fs.renameSync(temporary, file);
  } catch (error) {
    log?.error({ err: error, file }, 'place index cache not written');
  }
  log?.info({ places: index.size, ms: Math.round(performance.now() - started) }, 'place index built');
  return index;
}

/** The default source: Tayside, cached under DATA_DIR/cache. */
export function createPlaceIndexSource(options: { dataDir: string; log?: PlaceIndexLog }): PlaceIndexSource {
  return lazyPlaceIndex(() => loadTaysidePlaceIndex(path.join(options.dataDir, 'cache'), options.log));
}
