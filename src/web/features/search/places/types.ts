/**
 * A place provider: where the From and To fields get their suggestions. The built-in
 * provider asks our API (the region's own place index); the Google provider asks Google
 * Places when the brand configures a key. PlaceField only sees this interface.
 */
import type { ChosenPlace } from '../../../../contract/places';

export type { ChosenPlace };

export interface PlaceSuggestion {
  /** Stable within its provider (our index id, or a Google place id). */
  id: string;
  label: string;
  /** Context shown under the label ("Railway station, Dundee"). */
  secondary: string;
  /** Our place type; Google suggestions have none. */
  type?: string;
  /** Known at once for our suggestions; Google's need `resolve`. */
  lat?: number;
  lng?: number;
}

export interface PlaceProvider {
  readonly name: 'built-in' | 'google';
  /** Up to 8 suggestions for what the traveller typed; rejects with an AbortError when `signal` aborts. */
  autocomplete(query: string, signal: AbortSignal): Promise<PlaceSuggestion[]>;
  /** Coordinates for a suggestion that has none (Google). */
  resolve?(suggestion: PlaceSuggestion, signal?: AbortSignal): Promise<ChosenPlace>;
  /** The nearest address or place to a point ("use my current location"); null when nothing is near. */
  reverse(lat: number, lng: number, signal?: AbortSignal): Promise<ChosenPlace | null>;
}

/** A suggestion as the field's value: resolved through the provider when it has no coordinates. */
export async function choosePlace(
  provider: PlaceProvider,
  suggestion: PlaceSuggestion,
  signal?: AbortSignal,
): Promise<ChosenPlace> {
  if (typeof suggestion.lat === 'number' && typeof suggestion.lng === 'number') {
    return { label: suggestion.label, lat: suggestion.lat, lng: suggestion.lng };
  }
  if (!provider.resolve) throw new Error(`${provider.name} suggestion ${suggestion.id} has no coordinates`);
  return provider.resolve(suggestion, signal);
}

/** Queries shorter than this are not sent (the API answers nothing for them either). */
export const MIN_QUERY_LENGTH = 2;
