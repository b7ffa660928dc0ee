/**
 * 'Plan Again' (SPEC section 2 Searches): Home opens with origin and destination preset.
 * The places travel in the history entry's state, not the URL, so Home's address stays '/'
 * and a preset survives a reload of that entry.
 */
import type { ChosenPlace } from '../../contract/places';

export interface SearchPreset {
  origin: ChosenPlace;
  destination: ChosenPlace;
}

declare module '@tanstack/react-router' {
  interface HistoryState {
    searchPreset?: SearchPreset;
  }
}

/** A stored place as the form's value: its coordinates, and its label or else the address the server gave it. */
function toPlace(value: unknown, address: string | undefined): ChosenPlace | null {
  if (typeof value !== 'object' || value === null) return null;
  const { label, lat, lng } = value as Record<string, unknown>;
  const text = typeof label === 'string' && label.trim() ? label : address?.trim();
  if (!text || typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng))
    return null;
  return { label: text, lat, lng };
}

/** The preset from stored places (what the search form sent, or the journey's ends), or null when either is not a usable place. */
export function searchPreset(
  origin: unknown,
  destination: unknown,
  addresses: { origin?: string; destination?: string } = {},
): SearchPreset | null {
  const from = toPlace(origin, addresses.origin);
  const to = toPlace(destination, addresses.destination);
  return from && to ? { origin: from, destination: to } : null;
}
