/**
 * A From/To field: an accessible combobox (Mantine Combobox: role=combobox, aria-expanded,
 * aria-controls, aria-activedescendant; Up/Down move, Enter picks, Escape closes) whose value
 * is a chosen place { label, lat, lng }. Typing again clears the value until a suggestion is
 * picked. 'Use my current location' asks the device, then the provider's reverse look-up.
 */
import { Button, Combobox, Loader, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useId, useState } from 'react';
import { currentPosition } from './current-position';
import { choosePlace, type ChosenPlace, type PlaceProvider, type PlaceSuggestion } from './types';
import { usePlaceSuggestions } from './use-place-suggestions';

export const PLACE_FIELD_MESSAGES = {
  noLocation: 'Cannot get the current location',
  noMatches: 'No matching places',
  unavailable: 'Place suggestions are not available at the moment.',
  cannotChoose: 'That place cannot be used. Please choose another.',
  useLocation: 'Use my current location',
} as const;

export interface PlaceFieldProps {
  label: string;
  value: ChosenPlace | null;
  onChange: (value: ChosenPlace | null) => void;
  provider: PlaceProvider;
  placeholder?: string;
  /** A server-side field error for this field. */
  error?: string;
  /** Tests shorten the debounce; the device position can be swapped too. */
  debounceMs?: number;
  locate?: () => Promise<{ lat: number; lng: number }>;
}

export function PlaceField({
  label,
  value,
  onChange,
  provider,
  placeholder,
  error,
  debounceMs,
  locate = currentPosition,
}: PlaceFieldProps) {
  const [text, setText] = useState(value?.label ?? '');
  const [shownValue, setShownValue] = useState(value);
  const [problem, setProblem] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const hintId = useId();

  // A value set from outside (swap, Plan Again) replaces the text; one cleared from outside
  // clears it too, unless the traveller has typed since (then the text is theirs).
  if (value !== shownValue) {
    setShownValue(value);
    if (value) setText(value.label);
    else if (shownValue && text === shownValue.label) setText('');
  }

  const searching = value === null ? text : null;
  const { suggestions, loading, answered, failed } = usePlaceSuggestions(provider, searching, debounceMs);

  const pick = async (suggestion: PlaceSuggestion) => {
    combobox.closeDropdown();
    setText(suggestion.label);
    try {
      const chosen = await choosePlace(provider, suggestion);
      setProblem(null);
      setText(chosen.label);
      onChange(chosen);
    } catch {
      setProblem(PLACE_FIELD_MESSAGES.cannotChoose);
    }
  };

  const locateMe = async () => {
    setLocating(true);
    setProblem(null);
    try {
      const here = await locate();
      const found = await provider.reverse(here.lat, here.lng);
      if (!found) throw new Error('nothing near');
      setText(found.label);
      onChange(found);
    } catch {
      setProblem(PLACE_FIELD_MESSAGES.noLocation);
    } finally {
      setLocating(false);
    }
  };

  const answeredNow = searching !== null && answered === searching.trim();
  const options = suggestions.map((s) => (
    <Combobox.Option value={s.id} key={s.id}>
      <Text size="sm" fw={500}>
        {s.label}
      </Text>
      {s.secondary && (
        <Text size="xs" c="dimmed">
          {s.secondary}
        </Text>
      )}
    </Combobox.Option>
  ));

  return (
    <Stack gap={4}>
      <Combobox
        store={combobox}
        withinPortal={false}
        // Mantine keeps a closed dropdown mounted (display: none) by default, and positions it at
        // mount: a forced style recalculation and a synchronous re-render per field on first load.
        keepMounted={false}
        onOptionSubmit={(id) => {
          const suggestion = suggestions.find((s) => s.id === id);
          if (suggestion) void pick(suggestion);
        }}
      >
        <Combobox.Target withExpandedAttribute>
          <TextInput
            label={label}
            placeholder={placeholder ?? 'Address, place, stop or postcode'}
            value={text}
            autoComplete="off"
            aria-autocomplete="list"
            aria-describedby={problem ? hintId : undefined}
            error={error}
            rightSection={loading ? <Loader size={16} aria-hidden="true" /> : null}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setProblem(null);
              if (value) onChange(null);
              combobox.openDropdown();
            }}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={searching === null || (suggestions.length === 0 && !answeredNow)}>
          <Combobox.Options aria-label={`${label} suggestions`}>
            {options}
            {answeredNow && failed && <Combobox.Empty>{PLACE_FIELD_MESSAGES.unavailable}</Combobox.Empty>}
            {answeredNow && !failed && suggestions.length === 0 && (
              <Combobox.Empty>{PLACE_FIELD_MESSAGES.noMatches}</Combobox.Empty>
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <Button
        variant="subtle"
        size="compact-sm"
        w="fit-content"
        loading={locating}
        onClick={() => void locateMe()}
        aria-label={`${PLACE_FIELD_MESSAGES.useLocation} for ${label}`}
      >
        {PLACE_FIELD_MESSAGES.useLocation}
      </Button>
      {problem && (
        <Text id={hintId} size="sm" c="red" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
