// @vitest-environment jsdom
/**
 * The From/To combobox driven by the keyboard, against a provider backed by the real Tayside
 * place index (the same search the API runs, without HTTP).
 */
import fs from 'node:fs';
import path from 'node:path';
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { brandSchema, mergeBrandConfig, type Brand } from '../../../../src/contract/brand';
import type { PlaceIndex } from '../../../../src/planner/places/index';
import { buildTaysideIndex } from '../../../../src/planner/places/sources-node';
import {
  emptySearchForm,
  PLACE_FIELD_MESSAGES,
  PlaceField,
  SearchPlaces,
  searchRequestFields,
  type ChosenPlace,
  type PlaceProvider,
  type SearchFormState,
} from '../../../../src/web/features/search';
import { BrandProvider } from '../../../../src/web/lib/brand';

const brandsDir = path.resolve(__dirname, '../../../../brands');
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(brandsDir, file), 'utf8'));
const regional: Brand = brandSchema.parse(mergeBrandConfig(readJson('default.json'), readJson('regional/brand.json')));

let index: PlaceIndex;
beforeAll(() => {
  // jsdom lays nothing out; Mantine scrolls the highlighted option into view.
  Element.prototype.scrollIntoView ??= () => {};
  index = buildTaysideIndex().index;
});
afterEach(() => cleanup());

/** Our search behind the provider interface; counts calls and what they asked. */
function indexProvider(): PlaceProvider & { asked: string[] } {
  const asked: string[] = [];
  return {
    name: 'built-in',
    asked,
    autocomplete: async (q, signal) => {
      asked.push(q);
      if (signal.aborted) throw signal.reason;
      return index.search(q, { bias: regional.region.autocompleteBias });
    },
    reverse: async (lat, lng) => {
      const found = index.reverse(lat, lng);
      return found ? { label: found.label, lat: found.lat, lng: found.lng } : null;
    },
  };
}

function Harness(props: {
  provider: PlaceProvider;
  onValue: (v: ChosenPlace | null) => void;
  locate?: () => Promise<{ lat: number; lng: number }>;
}) {
  const [value, setValue] = useState<ChosenPlace | null>(null);
  return (
    <MantineProvider env="test">
      <PlaceField
        label="From"
        value={value}
        provider={props.provider}
        debounceMs={0}
        locate={props.locate}
        onChange={(v) => {
          setValue(v);
          props.onValue(v);
        }}
      />
    </MantineProvider>
  );
}

const key = (input: HTMLElement, code: string) => fireEvent.keyDown(input, { key: code, code });

describe('PlaceField', () => {
  it('is a labelled combobox: type, move with Up/Down (aria-activedescendant), pick with Enter', async () => {
    const onValue = vi.fn();
    render(<Harness provider={indexProvider()} onValue={onValue} />);
    const input = screen.getByRole('combobox', { name: 'From' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'dunde' } });
    const listbox = await screen.findByRole('listbox', { name: 'From suggestions' });
    const options = await within(listbox).findAllByRole('option');
    const expected = index.search('dunde', { bias: regional.region.autocompleteBias });
    expect(options.map((o) => o.textContent)).toEqual(expected.map((r) => r.label + r.secondary));
    expect(input.getAttribute('aria-expanded')).toBe('true');

    key(input, 'ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    key(input, 'ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    key(input, 'ArrowUp');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    key(input, 'Enter');

    await waitFor(() => expect(onValue).toHaveBeenCalledTimes(1));
    const dundee = expected[0]!;
    expect(dundee.label).toBe('Dundee');
    expect(onValue).toHaveBeenCalledWith({ label: dundee.label, lat: dundee.lat, lng: dundee.lng });
    expect((input as HTMLInputElement).value).toBe('Dundee');
    expect(input.getAttribute('aria-expanded')).toBe('false');

    // Typing again un-chooses the place: the form must not send stale coordinates.
    fireEvent.change(input, { target: { value: 'Dundee st' } });
    expect(onValue).toHaveBeenLastCalledWith(null);
  });

  it('Escape closes the list without choosing; one letter asks nothing', async () => {
    const onValue = vi.fn();
    const provider = indexProvider();
    render(<Harness provider={provider} onValue={onValue} />);
    const input = screen.getByRole('combobox', { name: 'From' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'p' } });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(provider.asked).toEqual([]);
    fireEvent.change(input, { target: { value: 'perth' } });
    await screen.findAllByRole('option');
    key(input, 'ArrowDown');
    key(input, 'Escape');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(onValue).not.toHaveBeenCalled();
    expect(provider.asked).toEqual(['perth']);
  });

  it("says 'No matching places' when nothing matches, and when suggestions fail says they are unavailable", async () => {
    const failing: PlaceProvider = {
      name: 'built-in',
      autocomplete: () => Promise.reject(new Error('offline')),
      reverse: async () => null,
    };
    render(<Harness provider={indexProvider()} onValue={() => {}} />);
    const input = screen.getByRole('combobox', { name: 'From' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'qqzzxx' } });
    expect(await screen.findByText(PLACE_FIELD_MESSAGES.noMatches)).toBeTruthy();
    cleanup();
    render(<Harness provider={failing} onValue={() => {}} />);
    const again = screen.getByRole('combobox', { name: 'From' });
    fireEvent.focus(again);
    fireEvent.change(again, { target: { value: 'perth' } });
    expect(await screen.findByText(PLACE_FIELD_MESSAGES.unavailable)).toBeTruthy();
  });

  it("'Use my current location' fills the field from the reverse look-up", async () => {
    const onValue = vi.fn();
    const station = index.search('Dundee station')[0]!;
    render(
      <Harness
        provider={indexProvider()}
        onValue={onValue}
        locate={async () => ({ lat: station.lat, lng: station.lng })}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /Use my current location/ }));
    await waitFor(() => expect(onValue).toHaveBeenCalledTimes(1));
    const near = index.reverse(station.lat, station.lng)!;
    expect(onValue).toHaveBeenCalledWith({ label: near.label, lat: near.lat, lng: near.lng });
    expect((screen.getByRole('combobox', { name: 'From' }) as HTMLInputElement).value).toBe(near.label);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows 'Cannot get the current location' when geolocation is missing or refused, or nothing is near", async () => {
    // jsdom has no navigator.geolocation: the default locate fails.
    render(<Harness provider={indexProvider()} onValue={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: /Use my current location/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Cannot get the current location');
    cleanup();

    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (_ok: unknown, fail: (e: { message: string }) => void) =>
          fail({ message: 'User denied Geolocation' }),
      },
    });
    try {
      render(<Harness provider={indexProvider()} onValue={() => {}} />);
      fireEvent.click(screen.getByRole('button', { name: /Use my current location/ }));
      expect((await screen.findByRole('alert')).textContent).toBe('Cannot get the current location');
    } finally {
      Reflect.deleteProperty(navigator, 'geolocation');
    }
    cleanup();

    const onValue = vi.fn();
    render(
      <Harness provider={indexProvider()} onValue={onValue} locate={async () => ({ lat: 51.5074, lng: -0.1278 })} />,
    );
    fireEvent.click(screen.getByRole('button', { name: /Use my current location/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Cannot get the current location');
    expect(onValue).not.toHaveBeenCalled();
  });
});

describe('the From and To fields on the search form', () => {
  function Form({ onState }: { onState: (s: SearchFormState) => void }) {
    const [state, setState] = useState<SearchFormState>(emptySearchForm);
    return (
      <MantineProvider env="test">
        <BrandProvider brand={regional}>
          <SearchPlaces
            state={state}
            provider={indexProvider()}
            debounceMs={0}
            onChange={(next) => {
              setState(next);
              onState(next);
            }}
          />
        </BrandProvider>
      </MantineProvider>
    );
  }

  async function choose(name: string, q: string) {
    const input = screen.getByRole('combobox', { name });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: q } });
    await within(await screen.findByRole('listbox', { name: `${name} suggestions` })).findAllByRole('option');
    key(input, 'ArrowDown');
    key(input, 'Enter');
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('false'));
  }

  it('builds the origin and destination the planner needs (label and coordinates), and swaps them', async () => {
    let state = emptySearchForm();
    render(<Form onState={(s) => (state = s)} />);
    expect(searchRequestFields(state)).toMatchObject({
      ok: false,
      errors: { origin: [expect.any(String)], destination: [expect.any(String)] },
    });
    await choose('From', 'DD1 4HN');
    await waitFor(() => expect(state.origin?.label).toBe('DD1 4HN'));
    await choose('To', 'Perth station');
    await waitFor(() => expect(state.destination?.label).toBe('Perth station'));

    const pc = index.search('DD1 4HN')[0]!;
    const perth = index.search('Perth station')[0]!;
    const built = searchRequestFields(state);
    expect(built).toEqual({
      ok: true,
      fields: {
        origin: { label: 'DD1 4HN', lat: pc.lat, lng: pc.lng },
        destination: { label: 'Perth station', lat: perth.lat, lng: perth.lng },
      },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Swap From and To' }));
    expect(state.origin?.label).toBe('Perth station');
    expect(state.destination?.label).toBe('DD1 4HN');
    expect((screen.getByRole('combobox', { name: 'From' }) as HTMLInputElement).value).toBe('Perth station');
    expect((screen.getByRole('combobox', { name: 'To' }) as HTMLInputElement).value).toBe('DD1 4HN');
  });

  it('swapping with an empty field moves the place and empties the other', async () => {
    let state = emptySearchForm();
    render(<Form onState={(s) => (state = s)} />);
    await choose('From', 'dunde');
    // The form takes the place after the list closes (a busy machine shows the gap).
    await waitFor(() => expect(state.origin?.label).toBe('Dundee'));
    fireEvent.click(screen.getByRole('button', { name: 'Swap From and To' }));
    expect(state).toMatchObject({ origin: null, destination: { label: 'Dundee' } });
    expect((screen.getByRole('combobox', { name: 'From' }) as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('combobox', { name: 'To' }) as HTMLInputElement).value).toBe('Dundee');
  });
});
