// @vitest-environment jsdom
/**
 * The Google Places adapter against a fake `google.maps.places` (Google is unreachable here),
 * loaded through a stand-in for @googlemaps/js-api-loader. The fake answers from our real
 * Tayside index, so every coordinate is a real one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { brandSchema, mergeBrandConfig, type Brand } from '../../../../src/contract/brand';
import type { PlaceIndex } from '../../../../src/planner/places/index';
import { buildTaysideIndex } from '../../../../src/planner/places/sources-node';
import { PlaceField } from '../../../../src/web/features/search';
import { providerForBrand } from '../../../../src/web/features/search/places/choose-provider';
import {
  createGoogleProvider,
  type GoogleAutocompleteRequest,
  type GooglePlacesApi,
  type GooglePrediction,
} from '../../../../src/web/features/search/places/google-provider';
import type { PlaceProvider } from '../../../../src/web/features/search/places/types';

const loader = vi.hoisted(() => ({ setOptions: vi.fn(), importLibrary: vi.fn(), options: [] as unknown[] }));
vi.mock('@googlemaps/js-api-loader', () => ({ setOptions: loader.setOptions, importLibrary: loader.importLibrary }));

const brandsDir = path.resolve(__dirname, '../../../../brands');
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(brandsDir, file), 'utf8'));
const brandWith = (key: string, googleMapsKey: string | null): Brand =>
  brandSchema.parse(
    mergeBrandConfig(readJson('default.json'), { ...(readJson(`${key}/brand.json`) as object), googleMapsKey }),
  );
const council = brandWith('council', 'AIzaFakeKeyForTests123');

let index: PlaceIndex;
beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => {};
  index = buildTaysideIndex().index;
});
afterEach(() => cleanup());

/** A fake google.maps.places: records requests, session tokens and fetchFields calls. */
function fakeGoogle() {
  const requests: GoogleAutocompleteRequest[] = [];
  const fetched: string[][] = [];
  let tokens = 0;
  class AutocompleteSessionToken {
    readonly n = ++tokens;
  }
  const prediction = (r: ReturnType<PlaceIndex['search']>[number], copy: boolean): GooglePrediction => {
    const place = {
      location: null as { lat(): number; lng(): number } | null,
      async fetchFields({ fields }: { fields: string[] }) {
        fetched.push(fields);
        if (fields.includes('location')) place.location = { lat: () => r.lat, lng: () => r.lng };
        return { place };
      },
    };
    return {
      placeId: `fake-google:${r.id}${copy ? ':again' : ''}`,
      text: { text: `${r.label}, ${r.secondary}, UK` },
      mainText: { text: r.label },
      secondaryText: { text: `${r.secondary}, UK` },
      toPlace: () => place,
    };
  };
  const api: GooglePlacesApi = {
    AutocompleteSessionToken,
    AutocompleteSuggestion: {
      async fetchAutocompleteSuggestions(request) {
        requests.push(request);
        // Google answers up to 5; ask our index for more to check the adapter's own cap.
        const hits = index.search(request.input, { bias: request.locationBias });
        const twice = [...hits, ...hits];
        return {
          suggestions: twice.map((r, i) => ({ placePrediction: i % 3 === 2 ? null : prediction(r, i >= hits.length) })),
        };
      },
    },
  };
  return { api, requests, fetched };
}

/** Our index behind the provider interface (the fallback and the reverse look-up). */
const ours: PlaceProvider = {
  name: 'built-in',
  autocomplete: async (q) => index.search(q),
  reverse: async (lat, lng) => {
    const r = index.reverse(lat, lng);
    return r ? { label: r.label, lat: r.lat, lng: r.lng } : null;
  },
};

describe('the Google Places provider', () => {
  let google: ReturnType<typeof fakeGoogle>;
  beforeEach(() => {
    google = fakeGoogle();
    loader.importLibrary.mockReset().mockImplementation(async (name: string) => {
      if (name !== 'places') throw new Error(`unexpected library ${name}`);
      return google.api;
    });
  });

  it('loads through js-api-loader v2 once, asks for gb only with the brand box as bias, one session per search', async () => {
    const provider = providerForBrand(council);
    expect(provider.name).toBe('google');
    const controller = new AbortController();
    const first = await provider.autocomplete('Newburgh', controller.signal);
    await provider.autocomplete('Westhill', controller.signal);
    expect(await provider.autocomplete('st', controller.signal)).toHaveLength(8);
    providerForBrand(council); // a second provider on the page must not set options again

    expect(loader.setOptions).toHaveBeenCalledTimes(1);
    expect(loader.setOptions).toHaveBeenCalledWith(expect.objectContaining({ key: 'AIzaFakeKeyForTests123' }));
    expect(loader.importLibrary).toHaveBeenCalledWith('places');
    const bias = council.region.autocompleteBias;
    for (const request of google.requests) {
      expect(request.includedRegionCodes).toEqual(['gb']);
      expect(request.locationBias).toEqual({ north: bias.north, south: bias.south, east: bias.east, west: bias.west });
    }
    expect(google.requests[0]!.sessionToken).toBe(google.requests[1]!.sessionToken);

    // The fake drops every third prediction (a null placePrediction): the rest come in order.
    const expected = index.search('Newburgh', { bias }).filter((_, i) => i % 3 !== 2);
    expect(first.slice(0, expected.length)).toEqual(
      expected.map((r) => ({ id: `fake-google:${r.id}`, label: r.label, secondary: `${r.secondary}, UK` })),
    );
    expect(first[0]!.secondary).toBe('Aberdeenshire, UK');
    expect(first.every((s) => s.lat === undefined)).toBe(true);
  });

  it('resolves a suggestion to coordinates with one fetchFields, then starts a new session', async () => {
    const provider = createGoogleProvider({
      key: 'k',
      bias: council.region.autocompleteBias,
      fallback: ours,
      load: async () => google.api,
    });
    const signal = new AbortController().signal;
    const [top] = await provider.autocomplete('Dundee station', signal);
    const chosen = await provider.resolve!(top!);
    const station = index.search('Dundee station')[0]!;
    expect(chosen).toEqual({ label: `${station.label}, ${station.secondary}, UK`, lat: station.lat, lng: station.lng });
    expect(google.fetched).toEqual([['location', 'formattedAddress', 'displayName']]);
    await provider.autocomplete('Perth', signal);
    expect(google.requests[1]!.sessionToken).not.toBe(google.requests[0]!.sessionToken);
    await expect(provider.resolve!({ id: 'never-suggested', label: 'x', secondary: '' })).rejects.toThrow(
      /unknown Google suggestion/,
    );
  });

  it('drops the answer to a superseded query', async () => {
    const provider = createGoogleProvider({
      key: 'k',
      bias: council.region.autocompleteBias,
      fallback: ours,
      load: async () => google.api,
    });
    const controller = new AbortController();
    const pending = provider.autocomplete('Perth', controller.signal);
    controller.abort(new DOMException('superseded', 'AbortError'));
    await expect(pending).rejects.toThrow('superseded');
  });

  it("uses our suggestions while Google's script cannot load, and our reverse look-up always", async () => {
    let attempts = 0;
    const provider = createGoogleProvider({
      key: 'k',
      bias: council.region.autocompleteBias,
      fallback: ours,
      load: async () => {
        attempts += 1;
        throw new Error('script blocked');
      },
    });
    const signal = new AbortController().signal;
    expect(await provider.autocomplete('dd14hn', signal)).toEqual(index.search('dd14hn'));
    await provider.autocomplete('perth', signal);
    expect(attempts).toBe(2); // tried again, not stuck on the first failure
    const pc = index.search('DD1 4HN')[0]!;
    expect(await provider.reverse(pc.lat, pc.lng)).toEqual({ label: 'DD1 4HN', lat: pc.lat, lng: pc.lng });
  });

  it('is used by the same PlaceField: picking a Google suggestion gives the field real coordinates', async () => {
    const provider = createGoogleProvider({
      key: 'k',
      bias: council.region.autocompleteBias,
      fallback: ours,
      load: async () => google.api,
    });
    const onChange = vi.fn();
    render(
      <MantineProvider env="test">
        <PlaceField label="To" value={null} onChange={onChange} provider={provider} debounceMs={0} />
      </MantineProvider>,
    );
    const input = screen.getByRole('combobox', { name: 'To' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Blackburn' } });
    const options = await within(await screen.findByRole('listbox', { name: 'To suggestions' })).findAllByRole(
      'option',
    );
    expect(options[0]!.textContent).toBe('BlackburnAberdeenshire, UK');
    fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    const blackburn = index.search('Blackburn', { bias: council.region.autocompleteBias })[0]!;
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith({
        label: 'Blackburn, Aberdeenshire, UK',
        lat: blackburn.lat,
        lng: blackburn.lng,
      }),
    );
  });

  it('is not used when the brand has no Google Maps key', () => {
    expect(providerForBrand(brandWith('regional', null)).name).toBe('built-in');
  });
});
