/**
 * Where the server's fallback map lives (src/server/map/), for the web app's map to find it:
 * public paths outside /v1, since MapLibre fetches styles and sources without our API key.
 */
export const FALLBACK_STYLE_PATH = '/map/fallback/style.json';
export const fallbackLayerPath = (layer: string) => `/map/fallback/${layer}.geojson`;
/** The fallback style's lowest label layer: the app draws its route below it, so place names stay readable. */
export const FALLBACK_FIRST_LABEL_LAYER = 'town-labels';
