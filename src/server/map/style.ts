/**
 * The self-hosted fallback MapLibre style: sea, land by council area (the region's own
 * lighter, with its boundaries), rail lines, route shapes and stops, all GeoJSON from
 * /map/fallback/<layer>.geojson. No glyphs or sprites (nothing to fetch from outside), so the
 * base map has no text; the app labels its own markers in HTML. Muted colours, so the
 * journey's blue (outbound) and orange (return) lines stand out.
 */
import { fallbackLayerPath } from '../../contract/map';

const ATTRIBUTION = {
  areas: 'Contains OS data &copy; Crown copyright and database right',
  railways: '&copy; OpenStreetMap contributors',
  transit: 'Ember; Contains National Rail Enquiries data',
};

/** `origin`: scheme, host and port the browser used, so the sources resolve from the style and from workers alike. */
export function fallbackStyle(origin: string, attributions: string[] = []) {
  const source = (layer: string, attribution: string) => ({ type: 'geojson', data: `${origin}${fallbackLayerPath(layer)}`, attribution });
  return {
    version: 8,
    name: 'Drover fallback (region data)',
    metadata: { 'drover:fallback': true },
    sources: {
      areas: source('areas', ATTRIBUTION.areas),
      railways: source('railways', ATTRIBUTION.railways),
      routes: source('routes', attributions.length > 0 ? attributions.join('; ') : ATTRIBUTION.transit),
      stops: source('stops', ''),
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': '#cfe0ea' } },
      {
        id: 'land',
        type: 'fill',
        source: 'areas',
        paint: { 'fill-color': ['case', ['get', 'region'], '#fbfaf5', '#efece4'], 'fill-outline-color': '#efece4' },
      },
      {
        id: 'council-boundaries',
        type: 'line',
        source: 'areas',
        paint: { 'line-color': '#8a8578', 'line-width': ['interpolate', ['linear'], ['zoom'], 6, 0.5, 12, 1.5], 'line-dasharray': [3, 2] },
      },
      {
        id: 'route-shapes',
        type: 'line',
        source: 'routes',
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: { 'line-color': '#9b86c4', 'line-width': ['interpolate', ['linear'], ['zoom'], 6, 1, 14, 3], 'line-opacity': 0.8 },
      },
      {
        id: 'railways',
        type: 'line',
        source: 'railways',
        paint: { 'line-color': '#55595e', 'line-width': ['interpolate', ['linear'], ['zoom'], 6, 1, 14, 3] },
      },
      {
        id: 'railway-ties',
        type: 'line',
        source: 'railways',
        minzoom: 11,
        paint: { 'line-color': '#ffffff', 'line-width': 1.5, 'line-dasharray': [2, 4] },
      },
      {
        id: 'stops',
        type: 'circle',
        source: 'stops',
        minzoom: 8,
        paint: {
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 8, 2, 14, 6],
          'circle-color': ['match', ['get', 'kind'], 'rail', '#2f3337', 'coach', '#6b4fa8', '#4a6b8a'],
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 1.5,
        },
      },
    ],
  };
}
