/**
 * Taxi ranks near a point, for the 'Find local taxi operators' modal (issue 18): NaPTAN's taxi
 * ranks (StopType TXR) are in the region's place index as 'Taxi rank' places; they are places to
 * find a taxi, shown beside the operators, never as operators.
 */
import { distanceM } from './geo';
import type { PlaceIndex } from './place-index';

export interface NearbyTaxiRank {
  name: string;
  /** Street or town, as NaPTAN gives it. */
  address: string;
  lat: number;
  lng: number;
  /** Metres in a straight line from the point asked about. */
  distance: number;
}

/** Ranks within this many metres of where the taxi starts, the nearest few. */
export const TAXI_RANK_RADIUS_M = 2_000;
export const MAX_TAXI_RANKS = 5;

const ranksOf = new WeakMap<PlaceIndex, { name: string; address: string; lat: number; lng: number }[]>();

function allRanks(index: PlaceIndex) {
  let ranks = ranksOf.get(index);
  if (!ranks) {
    ranks = [];
    for (let i = 0; i < index.size; i++) {
      const p = index.result(i);
      if (!p.id.startsWith('naptan:') || !p.secondary.startsWith('Taxi rank')) continue;
      ranks.push({ name: p.label, address: p.secondary.replace(/^Taxi rank,?\s*/, ''), lat: p.lat, lng: p.lng });
    }
    ranksOf.set(index, ranks);
  }
  return ranks;
}

export function taxiRanksNear(index: PlaceIndex | null, lat: number, lng: number): NearbyTaxiRank[] {
  if (!index) return [];
  return allRanks(index)
    .map((r) => ({ ...r, distance: Math.round(distanceM(lat, lng, r.lat, r.lng)) }))
    .filter((r) => r.distance <= TAXI_RANK_RADIUS_M)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, MAX_TAXI_RANKS);
}
