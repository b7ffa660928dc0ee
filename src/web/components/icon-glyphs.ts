/**
 * SPEC section 3's icon sets as SVG markup on a 24 x 24 grid, stroked in currentColor: the
 * transport modes (ModeIcon, and the per-brand map icons the build writes, see mapIconSvg)
 * and the place categories of points of interest (PlaceIcon). Plain strings, so the build
 * (vite.config.ts) draws the same pictograms as the app. Our own drawings.
 */
import { ICONS, type IconName } from './journey-labels';

const wheel = (x: number, y: number, r = 1.5) => `<circle cx="${x}" cy="${y}" r="${r}"/>`;

export const MODE_GLYPHS: Record<IconName, string> = {
  bus: `<rect x="5" y="4" width="14" height="14" rx="2"/><path d="M5 11h14M9 7h6"/>${wheel(8.5, 19.5, 1)}${wheel(15.5, 19.5, 1)}`,
  train: `<rect x="6" y="3" width="12" height="14" rx="3"/><path d="M6 10h12M9 20l-2 2M15 20l2 2"/>${wheel(9.5, 13.5, 1)}${wheel(14.5, 13.5, 1)}`,
  tram: '<path d="M9 2h6M12 2v3"/><rect x="6" y="5" width="12" height="13" rx="2"/><path d="M6 11h12M8 21l2-3M16 21l-2-3"/>',
  subway: '<circle cx="12" cy="12" r="9"/><path d="M8.5 8v5a3.5 3.5 0 0 0 7 0V8"/>',
  ferry:
    '<path d="M3 15h18l-3 4H6z"/><path d="M7 15V10h10v5M10 10V6h4v4"/><path d="M3 21c2-1 4-1 6 0s4 1 6 0 4-1 6 0"/>',
  walk: '<circle cx="13" cy="4" r="1.8"/><path d="M13 7l-2 6 3 3 1 5M11 13l-2 8M12 8l4 3M12 8l-4 3"/>',
  bike: `${wheel(6, 16, 3.5)}${wheel(18, 16, 3.5)}<path d="M6 16l4-7h6l2 7M10 9l3 7h-7M14 6h3"/>`,
  car: `<path d="M4 16v-4l2-5h12l2 5v4z"/><path d="M4 12h16"/>${wheel(7.5, 17.5)}${wheel(16.5, 17.5)}`,
  'car-club': `<path d="M4 18v-4l2-4h12l2 4v4z"/>${wheel(7.5, 19.5, 1.2)}${wheel(16.5, 19.5, 1.2)}<path d="M12 2l1.2 2.4 2.6.4-1.9 1.8.5 2.6L12 8l-2.4 1.2.5-2.6-1.9-1.8 2.6-.4z"/>`,
  taxi: `<path d="M10 3h4v3h-4z"/><path d="M4 17v-4l2-5h12l2 5v4z"/><path d="M4 13h16"/>${wheel(7.5, 18.5)}${wheel(16.5, 18.5)}`,
  drt: `<rect x="3" y="7" width="13" height="11" rx="2"/><path d="M3 12h13"/>${wheel(6.5, 19.5, 1)}${wheel(12.5, 19.5, 1)}<path d="M18 4a3 3 0 0 1 3 3M18 7.5a.5.5 0 0 1 0 0"/>`,
};

export const PLACE_ICONS = [
  'atm',
  'supermarket',
  'park',
  'museum',
  'toilets',
  'shopping-mall',
  'gas-station',
  'ev-charging',
  'cafe',
  'convenience-store',
  'house',
] as const;
export type PlaceIconName = (typeof PLACE_ICONS)[number];

export const PLACE_GLYPHS: Record<PlaceIconName, string> = {
  atm: '<rect x="3" y="6" width="18" height="12" rx="2"/><circle cx="12" cy="12" r="2.5"/><path d="M6 9v6M18 9v6"/>',
  supermarket:
    '<path d="M2 4h3l2.5 11h11L21 7H6.2"/><circle cx="9" cy="19.5" r="1.5"/><circle cx="17" cy="19.5" r="1.5"/>',
  park: '<path d="M12 3l-5 7h3l-4 6h12l-4-6h3z"/><path d="M12 16v5M7 21h10"/>',
  museum: '<path d="M3 9l9-5 9 5z"/><path d="M5 9v9M9.5 9v9M14.5 9v9M19 9v9M3 21h18M4 18h16"/>',
  toilets:
    '<circle cx="7" cy="4" r="1.6"/><circle cx="17" cy="4" r="1.6"/><path d="M5 8h4v6H8v7H6v-7H5zM17 7l-3 8h2v6h2v-6h2z"/><path d="M12 3v18"/>',
  'shopping-mall': '<path d="M5 8h14l-1 13H6z"/><path d="M9 8V6a3 3 0 0 1 6 0v2"/>',
  'gas-station':
    '<rect x="4" y="3" width="10" height="18" rx="1"/><path d="M4 10h10M14 8l3 3v7a1.5 1.5 0 0 0 3 0V9l-3-3"/>',
  'ev-charging':
    '<rect x="4" y="3" width="10" height="18" rx="1"/><path d="M10 6l-3 5h4l-3 5M14 9h3v6a1.5 1.5 0 0 0 3 0V7"/>',
  cafe: '<path d="M4 9h13v5a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5z"/><path d="M17 10h1.5a2.5 2.5 0 0 1 0 5H17M8 3v3M12 3v3"/>',
  'convenience-store':
    '<path d="M3 9l2-5h14l2 5"/><path d="M3 9h18v2a3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0zM5 13v8h14v-8M10 21v-5h4v5"/>',
  house: '<path d="M3 11l9-7 9 7"/><path d="M5 9.5V20h14V9.5M10 20v-6h4v6"/>',
};

/** A point-of-interest type as the planner writes it ('shopping_mall', 'EV charging') to its icon; null when none fits. */
export function placeIcon(type: string): PlaceIconName | null {
  const name = type
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  return (PLACE_ICONS as readonly string[]).includes(name) ? (name as PlaceIconName) : null;
}

/**
 * A brand's map icon for a mode (SPEC section 3, "Map icon path varies per brand and mode"):
 * the pictogram in white on a disc of the brand's colour, ringed in white so it reads on any
 * map. The build writes one per brand and mode unless the brand ships its own file.
 */
export function mapIconSvg(icon: IconName, colour: string): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">' +
    `<circle cx="16" cy="16" r="15" fill="${colour}" stroke="#ffffff" stroke-width="2"/>` +
    '<g transform="translate(6.4 6.4) scale(0.8)" fill="none" stroke="#ffffff" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">' +
    `${MODE_GLYPHS[icon]}</g></svg>`
  );
}

/** Where a brand's map icon for a mode is served; null for a mode without an icon. */
export function mapIconPath(brandKey: string, icon: IconName | null): string | null {
  return icon ? `/brands/${brandKey}/map-icons/${icon}.svg` : null;
}

/**
 * The map icon files the build writes for a brand (site path without the leading slash -> SVG),
 * one per mode in the brand's colour, except those the brand ships itself in brands/<key>/map-icons/.
 */
export function brandMapIconFiles(
  brandKey: string,
  colour: string,
  shipped: ReadonlySet<string> = new Set(),
): Map<string, string> {
  const files = new Map<string, string>();
  for (const icon of ICONS) {
    if (!shipped.has(`${icon}.svg`)) files.set(`brands/${brandKey}/map-icons/${icon}.svg`, mapIconSvg(icon, colour));
  }
  return files;
}
