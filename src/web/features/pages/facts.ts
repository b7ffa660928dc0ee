/**
 * Small facts and wording helpers shared by the static pages. Everything brand-specific
 * comes from the Brand passed in; nothing here reads the network.
 */
import type { Brand, TravelType } from '../../../contract/brand';

/** When the static pages' wording was last reviewed (shown on the legal pages). */
export const LAST_UPDATED = '22 November 2026';
/** When the accessibility statement was prepared. */
export const STATEMENT_PREPARED = '22 November 2026';
/** The year used in Crown copyright attribution lines. */
export const ATTRIBUTION_YEAR = 2026;

/** The travel types the planner offers, in the order we describe them, with plain-English names. */
const MODE_NAMES: ReadonlyArray<readonly [TravelType, string]> = [
  ['train', 'train'],
  ['bus', 'bus'],
  ['coach', 'coach'],
  ['walk', 'walking'],
  ['cycle', 'cycling'],
  ['bike-hire', 'bike hire'],
  ['car-club', 'car club'],
  ['community-transport', 'community transport'],
  ['drt', 'demand-responsive transport'],
  ['own-car', 'your own car'],
  ['taxi', 'taxi'],
];

const isOffered = (brand: Pick<Brand, 'blockedTravelTypes'>, mode: TravelType) =>
  !brand.blockedTravelTypes.includes(mode);

/** Names of the ways of travelling this brand plans, e.g. ['train', 'bus', ...]. */
export function offeredModeNames(brand: Pick<Brand, 'blockedTravelTypes'>): string[] {
  return MODE_NAMES.filter(([mode]) => isOffered(brand, mode)).map(([, name]) => name);
}

/** Offered modes that have no fixed published fare, so their prices are estimates ("a journey using ..."). */
export function estimatedPriceModeNames(brand: Pick<Brand, 'blockedTravelTypes'>): string[] {
  const estimated: ReadonlyArray<readonly [TravelType, string]> = [
    ['own-car', 'your own car'],
    ['taxi', 'a taxi'],
    ['car-club', 'a car club'],
    ['bike-hire', 'bike hire'],
  ];
  return estimated.filter(([mode]) => isOffered(brand, mode)).map(([, name]) => name);
}

/** The kinds of provider a traveller books with for the modes this brand offers. */
export function providerNames(brand: Pick<Brand, 'blockedTravelTypes'>): string[] {
  const providers: ReadonlyArray<readonly [TravelType, string]> = [
    ['drt', 'demand-responsive transport services'],
    ['community-transport', 'community transport groups'],
    ['taxi', 'taxi firms'],
    ['car-club', 'car clubs'],
    ['bike-hire', 'bike hire schemes'],
  ];
  return [
    'rail, bus and coach operators',
    ...providers.filter(([mode]) => isOffered(brand, mode)).map(([, name]) => name),
  ];
}

const listFormat = new Intl.ListFormat('en-GB', { style: 'long', type: 'conjunction' });
const orFormat = new Intl.ListFormat('en-GB', { style: 'long', type: 'disjunction' });

/** ['a', 'b', 'c'] -> 'a, b and c'. */
export const andList = (items: readonly string[]): string => listFormat.format(items);
/** ['a', 'b', 'c'] -> 'a, b or c'. */
export const orList = (items: readonly string[]): string => orFormat.format(items);
