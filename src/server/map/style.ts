/**
 * The self-hosted fallback MapLibre style: sea, land by council area (the region's own
 * lighter, with its boundaries), rail lines, route shapes, stops, and town and city names,
 * all GeoJSON from /map/fallback/<layer>.geojson. No glyphs URL or sprites (nothing to fetch
 * from outside): without a glyphs URL MapLibre draws label text with the browser's own fonts
 * (its font names here only pick the weight). Muted colours, so the journey's blue (outbound)
 * and orange (return) lines stand out.
 */
import { FALLBACK_FIRST_LABEL_LAYER, fallbackLayerPath } from '../../contract/map';

const ATTRIBUTION = {
  areas: 'Contains OS data &copy; Crown copyright and database right',
  railways: '&copy; OpenStreetMap contributors',
  transit: 'Ember; Contains National Rail Enquiries data',
  places: 'Place names from GeoNames (CC BY 4.0)',
};

/** A label layer for one kind of place: white-haloed dark text, cities larger and shown from further out. */
function placeLabels(kind: 'town' | 'city', minzoom: number, sizes: [number, number], font: string) {
  return {
    // The town layer comes first: the app puts its route below FALLBACK_FIRST_LABEL_LAYER.
    id: kind === 'town' ? FALLBACK_FIRST_LABEL_LAYER : 'city-labels',
    type: 'symbol',
    source: 'places',
    minzoom,
    filter: ['==', ['get', 'kind'], kind],
    layout: {
      'text-field': ['get', 'name'],
      'text-font': [font],
      'text-size': ['interpolate', ['linear'], ['zoom'], 6, sizes[0], 14, sizes[1]],
      'text-max-width': 8,
      'text-padding': 4,
    },
    paint: {
      'text-color': kind === 'city' ? '#1f2326' : '#3b4046',
      'text-halo-color': '#ffffff',
      'text-halo-width': 1.5,
    },
  };
}

/** `origin`: scheme, host and port the browser used, so the sources resolve from the style and from workers alike. */
export function fallbackStyle(origin: string, attributions: string[] = []) {
  const source = (layer: string, attribution: string) => ({
    type: 'geojson',
    data: `${origin}${fallbackLayerPath(layer)}`,
    attribution,
  });
  return {
    version: 8,
    name: 'Drover fallback (region data)',
    metadata: { 'drover:fallback': true },
    sources: {
      areas: source('areas', ATTRIBUTION.areas),
      railways: source('railways', ATTRIBUTION.railways),
      routes: source('routes', attributions.length > 0 ? attributions.join('; ') : ATTRIBUTION.transit),
      stops: source('stops', ''),
      places: source('places', ATTRIBUTION.places),
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
        paint: {
          'line-color': '#8a8578',
          'line-width': ['interpolate', ['linear'], ['zoom'], 6, 0.5, 12, 1.5],
          'line-dasharray': [3, 2],
        },
      },
      {
        id: 'route-shapes',
        type: 'line',
        source: 'routes',
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: {
          'line-color': '#9b86c4',
          'line-width': ['interpolate', ['linear'], ['zoom'], 6, 1, 14, 3],
          'line-opacity': 0.8,
        },
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
      // Towns from zoom 8 (Tayside fills a phone's map there); cities at every zoom, drawn last so they win a clash.
      placeLabels('town', 8, [11, 15], 'Open Sans Semibold'),
      placeLabels('city', 0, [13, 19], 'Open Sans Bold'),
    ],
  };
}
