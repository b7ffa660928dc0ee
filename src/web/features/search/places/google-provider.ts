/**
 * The Google provider: Places Autocomplete (the "new" AutocompleteSuggestion API) through
 * @googlemaps/js-api-loader v2 (setOptions + importLibrary), restricted to Great Britain and
 * biased to the brand's box. One session token per search, ended by `resolve` (Google bills
 * a session as one). "Use my current location" stays with our own reverse look-up, and if
 * Google's script cannot load (offline, blocked) suggestions come from the built-in provider.
 */
import type { Bounds } from '../../../../contract/brand';
import type { ChosenPlace, PlaceProvider, PlaceSuggestion } from './types';

/** The part of google.maps.places this adapter uses (the test's fake implements just this). */
export interface GooglePlacesApi {
  AutocompleteSessionToken: new () => object;
  AutocompleteSuggestion: {
    fetchAutocompleteSuggestions(
      request: GoogleAutocompleteRequest,
    ): Promise<{ suggestions: Array<{ placePrediction: GooglePrediction | null }> }>;
  };
}

export interface GoogleAutocompleteRequest {
  input: string;
  includedRegionCodes: string[];
  locationBias: { north: number; south: number; east: number; west: number };
  region: string;
  sessionToken: object;
}

interface GoogleText {
  text: string;
}

export interface GooglePrediction {
  placeId: string;
  text: GoogleText;
  mainText: GoogleText | null;
  secondaryText: GoogleText | null;
  toPlace(): GooglePlace;
}

export interface GooglePlace {
  location?: { lat(): number; lng(): number } | null;
  fetchFields(options: { fields: string[] }): Promise<unknown>;
}

let optionsSet = false;
/** setOptions may be called once per page; later calls only warn, so remember it. */
export async function loadGooglePlaces(key: string): Promise<GooglePlacesApi> {
  // Loaded on first use: only brands with a Google key need the loader in their bundle.
  const { importLibrary, setOptions } = await import('@googlemaps/js-api-loader');
  if (!optionsSet) {
    setOptions({ key, v: 'weekly', region: 'GB', language: 'en-GB' });
    optionsSet = true;
  }
  return (await importLibrary('places')) as unknown as GooglePlacesApi;
}

const aborted = (signal?: AbortSignal) =>
  signal?.aborted && (signal.reason ?? new DOMException('Aborted', 'AbortError'));

export interface GoogleProviderOptions {
  key: string;
  bias: Bounds;
  /** Reverse look-ups, and suggestions while Google cannot load. */
  fallback: PlaceProvider;
  load?: (key: string) => Promise<GooglePlacesApi>;
}

export function createGoogleProvider({
  key,
  bias,
  fallback,
  load = loadGooglePlaces,
}: GoogleProviderOptions): PlaceProvider {
  let library: Promise<GooglePlacesApi> | undefined;
  let session: object | undefined;
  const predictions = new Map<string, GooglePrediction>();
  const places = () => (library ??= load(key));

  return {
    name: 'google',
    async autocomplete(query, signal) {
      let api: GooglePlacesApi;
      try {
        api = await places();
      } catch {
        library = undefined; // try Google again next time
        return fallback.autocomplete(query, signal);
      }
      if (aborted(signal)) throw signal.reason;
      session ??= new api.AutocompleteSessionToken();
      const { suggestions } = await api.AutocompleteSuggestion.fetchAutocompleteSuggestions({
        input: query,
        includedRegionCodes: ['gb'],
        locationBias: { north: bias.north, south: bias.south, east: bias.east, west: bias.west },
        region: 'gb',
        sessionToken: session,
      });
      // Google's call takes no AbortSignal: drop answers to queries already superseded.
      if (aborted(signal)) throw signal.reason;
      const out: PlaceSuggestion[] = [];
      for (const { placePrediction: p } of suggestions) {
        if (!p || out.length >= 8) continue;
        predictions.set(p.placeId, p);
        out.push({ id: p.placeId, label: p.mainText?.text ?? p.text.text, secondary: p.secondaryText?.text ?? '' });
      }
      return out;
    },
    async resolve(suggestion, signal) {
      const prediction = predictions.get(suggestion.id);
      if (!prediction) throw new Error(`unknown Google suggestion ${suggestion.id}`);
      const place = prediction.toPlace();
      await place.fetchFields({ fields: ['location', 'formattedAddress', 'displayName'] });
      if (aborted(signal)) throw signal!.reason;
      // The session ends with this fetch; the next search starts a new one.
      session = undefined;
      predictions.clear();
      if (!place.location) throw new Error(`Google has no location for ${prediction.text.text}`);
      const chosen: ChosenPlace = { label: prediction.text.text, lat: place.location.lat(), lng: place.location.lng() };
      return chosen;
    },
    reverse: (lat, lng, signal) => fallback.reverse(lat, lng, signal),
  };
}
