/**
 * The SPEC's words, defined once: travel types, transport modes, railcards, titles, sort options,
 * search statuses and place types.
 * Plain values (no zod, no I/O), so every layer imports them: the contract builds its schemas
 * from these lists, the database schema its enums, the planner its request checks, the web its
 * forms. Spelling follows the SPEC ('depature-time').
 */

/** Travel types: a journey's stages, what a brand can block and a traveller can filter by (SPEC sections 1 and 3). */
export const TRAVEL_TYPES = [
  'train',
  'bus',
  'coach',
  'tram',
  'subway',
  'ferry',
  'walk',
  'cycle',
  'bike-hire',
  'car-club',
  'own-car',
  'taxi',
  'drt',
  'community-transport',
] as const;
export type TravelType = (typeof TRAVEL_TYPES)[number];

/** Journey.transport_mode: 'transit' (the SPEC's special value) for public transport, else the direct mode. */
export const TRANSPORT_MODES = ['transit', 'walk', 'cycle', 'own-car', 'taxi', 'car-club', 'bike-hire', 'drt'] as const;
export type TransportMode = (typeof TRANSPORT_MODES)[number];

/** Railcards a traveller can hold (SPEC profile and search form). */
export const RAILCARDS = [
  '16-17 Saver',
  '16-25 Railcard',
  '26-30 Railcard',
  'Disabled Persons Railcard',
  'Senior Railcard',
] as const;
export type Railcard = (typeof RAILCARDS)[number];

/** Titles on the account forms (SPEC section 6). */
export const TITLES = [
  'Mr',
  'Mrs',
  'Ms',
  'Miss',
  'Dr',
  'Prof',
  'Sir',
  'Dame',
  'Reverend',
  'Duke',
  'Duchess',
  'Other',
] as const;
export type Title = (typeof TITLES)[number];

/** Result sort options; 'depature-time' is spelt as the SPEC spells it. */
export const SORT_OPTIONS = [
  'emissions',
  'cost',
  'depature-time',
  'travel-time',
  'arrival-time',
  'wait-time',
  'walk-distance',
  'least-changes',
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const DEFAULT_SORT: SortOption = 'emissions';

/** A search's life: accepted, being planned, planned, or failed (with a reason). */
export const SEARCH_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type SearchStatus = (typeof SEARCH_STATUSES)[number];

/** What a suggested place is; the order is the search's tie-break rank (earlier wins). */
export const PLACE_TYPES = [
  'town',
  'village',
  'station',
  'hospital',
  'health_site',
  'park_destination',
  'stop',
  'street',
  'address',
  'postcode',
  'poi',
] as const;
export type PlaceType = (typeof PLACE_TYPES)[number];
