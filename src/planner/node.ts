/**
 * The planner's Node entry: what reads files - region manifests, snapshots and their place
 * indexes, GTFS tables for the server's map layers. Everything browser-safe is in ./index.ts;
 * the server imports the planner through these two files only (eslint drover/import-boundaries).
 */
export {
  loadPlacesFromManifest,
  loadRegionFromManifest,
  regionSnapshotBytes,
  REPO_ROOT,
  TAYSIDE_MANIFEST,
  type ManifestPlaces,
  type ManifestRegionOptions,
} from './region/load-node';
export { loadManifest, type LoadedManifest, type RegionManifest } from './region/manifest-node';
export { openGtfs } from './timetable/node-io';
export { ReportBuilder } from './timetable/report';
export { readTable } from './timetable/table-reader';
