/** GTFS route types (basic and extended) grouped into the modes a brand or a user can filter on. */
export type TransitMode = 'rail' | 'coach' | 'bus' | 'tram' | 'subway' | 'ferry' | 'cable' | 'other';

export const TRANSIT_MODES: readonly TransitMode[] = [
  'rail',
  'coach',
  'bus',
  'tram',
  'subway',
  'ferry',
  'cable',
  'other',
];

export function modeOfRouteType(type: number): TransitMode {
  if (type === 2 || (type >= 100 && type <= 117)) return 'rail';
  if (type >= 200 && type <= 209) return 'coach';
  if (type === 3 || type === 11 || (type >= 700 && type <= 716) || type === 800) return 'bus';
  if (type === 0 || (type >= 900 && type <= 906)) return 'tram';
  if (type === 1 || type === 12 || (type >= 400 && type <= 405)) return 'subway';
  if (type === 4 || type === 1000 || type === 1200 || (type >= 1000 && type <= 1021)) return 'ferry';
  if (type === 5 || type === 6 || type === 7 || (type >= 1300 && type <= 1400)) return 'cable';
  return 'other';
}
