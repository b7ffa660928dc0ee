/**
 * The From and To fields of the search form, with the swap button (SPEC section 2). The
 * provider follows the brand: Google Places when it configures a key, else our own index.
 */
import { ActionIcon, Group, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useBrand } from '../../lib/brand';
import { swapPlaces, type SearchFormState } from './form-state';
import { providerForBrand } from './places/choose-provider';
import { PlaceField } from './places/PlaceField';
import type { PlaceProvider } from './places/types';

export interface SearchPlacesProps {
  state: SearchFormState;
  onChange: (state: SearchFormState) => void;
  errors?: { origin?: string[]; destination?: string[] };
  /** Focusing a field clears its error (SPEC section 5). */
  onFocusField?: (field: 'origin' | 'destination') => void;
  /** Tests pass a provider; the app uses the brand's. */
  provider?: PlaceProvider;
  debounceMs?: number;
}

export function SearchPlaces({ state, onChange, errors, onFocusField, provider, debounceMs }: SearchPlacesProps) {
  const brand = useBrand();
  const brandProvider = useMemo(() => provider ?? providerForBrand(brand), [provider, brand]);
  return (
    <Stack gap="sm">
      <div onFocus={() => onFocusField?.('origin')}>
        <PlaceField
          label="From"
          value={state.origin}
          onChange={(origin) => onChange({ ...state, origin })}
          provider={brandProvider}
          error={errors?.origin?.[0]}
          debounceMs={debounceMs}
        />
      </div>
      <Group justify="flex-end">
        <ActionIcon variant="light" size="lg" aria-label="Swap From and To" onClick={() => onChange(swapPlaces(state))}>
          <span aria-hidden="true">⇅</span>
        </ActionIcon>
      </Group>
      <div onFocus={() => onFocusField?.('destination')}>
        <PlaceField
          label="To"
          value={state.destination}
          onChange={(destination) => onChange({ ...state, destination })}
          provider={brandProvider}
          error={errors?.destination?.[0]}
          debounceMs={debounceMs}
        />
      </div>
    </Stack>
  );
}
