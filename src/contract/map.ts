/**
 * Where the server's fallback map lives (src/server/map/), for the web app's map to find it:
 * public paths outside /v1, since MapLibre fetches styles and sources without our API key.
 */
export const FALLBACK_STYLE_PATH = '/map/fallback/style.json';
export const fallbackLayerPath = (layer: string) => `/map/fallback/${layer}.geojson`;
