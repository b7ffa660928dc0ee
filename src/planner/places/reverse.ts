/**
 * Reverse look-up for "use my current location": the nearest address or
 * postcode within a short distance, else the nearest stop, station or site,
 * else the nearest town or village; null when nothing is near or the point is
 * outside the index's country.
 */
import { distanceM, inBox } from './geo';
import type { PlaceIndex } from './place-index';
import { PLACE_TYPES } from './types';
import type { PlaceType, ReverseResult } from './types';

export interface ReverseOptions {
  /** Metres for addresses and postcodes (default 250). */
  addressM?: number;
  /** Metres for stops, stations, hospitals, park places and POIs (default 500). */
  siteM?: number;
  /** Metres for towns and villages (default 5000). */
  townM?: number;
}

const TIERS: { types: PlaceType[]; option: keyof ReverseOptions; fallback: number }[] = [
  { types: ['address', 'postcode'], option: 'addressM', fallback: 250 },
  { types: ['station', 'stop', 'hospital', 'health_site', 'park_destination', 'poi'], option: 'siteM', fallback: 500 },
  { types: ['town', 'village'], option: 'townM', fallback: 5000 },
];

/** Which tier a place type answers in (0: addresses and postcodes, 1: sites, 2: towns): a lower tier wins over a nearer higher one. */
export function reverseTier(type: PlaceType): number {
  const tier = TIERS.findIndex((t) => t.types.includes(type));
  return tier < 0 ? TIERS.length : tier;
}

/** Grid cells of 0.01 degree latitude by 0.02 degree longitude (about 1.1 x 1.2 km in Scotland). */
const CELL_LAT = 0.01;
const CELL_LNG = 0.02;
const cellKey = (row: number, col: number): number => (row + 20_000) * 40_000 + (col + 20_000);

function grid(index: PlaceIndex): Map<number, number[]> {
  if (index.grid) return index.grid;
  const g = new Map<number, number[]>();
  const d = index.data;
  for (let i = 0; i < index.size; i++) {
    const key = cellKey(Math.floor(d.lat[i]! / 1e6 / CELL_LAT), Math.floor(d.lng[i]! / 1e6 / CELL_LNG));
    let list = g.get(key);
    if (!list) g.set(key, (list = []));
    list.push(i);
  }
  index.grid = g;
  return g;
}

export function reversePlace(
  index: PlaceIndex,
  lat: number,
  lng: number,
  options: ReverseOptions = {},
): ReverseResult | null {
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (!inBox(index.data.country, lat, lng)) return null;
  const g = grid(index);
  const d = index.data;
  for (const tier of TIERS) {
    const maxM = Math.max(0, Math.min(50_000, options[tier.option] ?? tier.fallback));
    const wanted = new Set(tier.types.map((t) => PLACE_TYPES.indexOf(t)));
    const dRows = Math.ceil(maxM / 111_000 / CELL_LAT);
    const dCols = Math.ceil(maxM / (111_000 * Math.max(0.1, Math.cos((lat * Math.PI) / 180))) / CELL_LNG);
    const row0 = Math.floor(lat / CELL_LAT);
    const col0 = Math.floor(lng / CELL_LNG);
    let best = -1;
    let bestD = maxM;
    for (let row = row0 - dRows; row <= row0 + dRows; row++) {
      for (let col = col0 - dCols; col <= col0 + dCols; col++) {
        for (const i of g.get(cellKey(row, col)) ?? []) {
          if (!wanted.has(d.types[i]!)) continue;
          const dist = distanceM(lat, lng, d.lat[i]! / 1e6, d.lng[i]! / 1e6);
          if (dist < bestD || (dist === bestD && best >= 0 && i < best)) {
            bestD = dist;
            best = i;
          }
        }
      }
    }
    if (best >= 0) return { ...index.result(best), distanceM: Math.round(bestD) };
  }
  return null;
}
