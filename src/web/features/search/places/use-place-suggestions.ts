/**
 * Suggestions for what the traveller types: debounced, and each new query aborts the one
 * before, so a slow answer never replaces a newer one.
 */
import { useEffect, useState } from 'react';
import { MIN_QUERY_LENGTH, type PlaceProvider, type PlaceSuggestion } from './types';

export const SUGGEST_DEBOUNCE_MS = 250;

export interface SuggestionsState {
  suggestions: PlaceSuggestion[];
  loading: boolean;
  /** The query the suggestions answer ('' before any). */
  answered: string;
  failed: boolean;
}

const IDLE: SuggestionsState = { suggestions: [], loading: false, answered: '', failed: false };

/**
 * `query` null: the field is not searching (a place is chosen). While a newer query is on
 * its way, the last answer's suggestions stay (with `loading`), so the list does not flicker.
 */
export function usePlaceSuggestions(
  provider: PlaceProvider,
  query: string | null,
  debounceMs = SUGGEST_DEBOUNCE_MS,
): SuggestionsState {
  const [state, setState] = useState<Omit<SuggestionsState, 'loading'>>(IDLE);
  const wanted = query !== null && query.trim().length >= MIN_QUERY_LENGTH ? query.trim() : null;

  useEffect(() => {
    if (wanted === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      provider.autocomplete(wanted, controller.signal).then(
        (suggestions) => {
          if (!controller.signal.aborted) setState({ suggestions, answered: wanted, failed: false });
        },
        () => {
          if (!controller.signal.aborted) setState({ suggestions: [], answered: wanted, failed: true });
        },
      );
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [provider, wanted, debounceMs]);

  return wanted === null ? IDLE : { ...state, loading: state.answered !== wanted };
}
