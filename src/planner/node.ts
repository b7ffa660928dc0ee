/**
 * The planner's Node entry: what reads files - region manifests, snapshots and their place
 * indexes, GTFS tables for the server's map layers. Everything browser-safe is in ./index.ts;
 * the server imports the planner through these two files only (eslint drover/import-boundaries).
 */
import { loadLandMaskFrom } from './costs/region-data-node';
import type { LandMask } from './geo/land';
import { loadManifest as readManifest } from './region/manifest-node';

export {
  loadPlacesFromManifest,
  loadRegionFromManifest,
  readSharedRegionSnapshot,
  regionFromSharedSnapshot,
  regionSnapshotBytes,
  REPO_ROOT,
  TAYSIDE_MANIFEST,
  toSharedSnapshot,
  type ManifestPlaces,
  type ManifestRegionOptions,
  type SharedRegionSnapshot,
} from './region/load-node';
export { loadManifest, type LoadedManifest, type RegionManifest } from './region/manifest-node';
export { openGtfs } from './timetable/node-io';
export { ReportBuilder } from './timetable/report';
export { readTable } from './timetable/table-reader';

/** The land mask (geo/land.ts) of a region manifest's data, for refusing points in the sea; null without one. */
export async function loadLandMask(manifest: string): Promise<LandMask | null> {
  const loaded = await readManifest(manifest, new Date(), false);
  return loadLandMaskFrom(loaded.costsDir);
}
