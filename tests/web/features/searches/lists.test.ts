/** Searches' rules (SPEC sections 2 and 9): the 34-character address cut, the list/page in the URL, and the Plan Again preset. */
import { describe, expect, it } from 'vitest';
import { ADDRESS_LIMIT, parseSearchesView, PAGE_SIZE, truncateAddress } from '../../../../src/web/features/searches';
import { tokenTag } from '../../../../src/web/features/searches/lists';
import { searchPreset } from '../../../../src/web/lib/search-preset';

describe('truncateAddress', () => {
  it('keeps 34 characters and adds an ellipsis only when the address is longer', () => {
    expect(ADDRESS_LIMIT).toBe(34);
    expect(PAGE_SIZE).toBe(10);
    const exactly = 'Dundee Railway Station, Dundee DD1';
    expect(exactly).toHaveLength(34);
    expect(truncateAddress(exactly)).toBe(exactly);
    expect(truncateAddress('Perth Royal Infirmary, Taymount Terrace, Perth PH1 1NX')).toBe(
      'Perth Royal Infirmary, Taymount Te…',
    );
  });
  it('counts characters, not UTF-16 units, and drops a trailing space before the ellipsis', () => {
    expect(truncateAddress('🚌'.repeat(40))).toBe(`${'🚌'.repeat(34)}…`);
    expect(truncateAddress('Stirling Castle, Castle Wynd, and then more', 17)).toBe('Stirling Castle,…');
  });
});

describe('parseSearchesView', () => {
  it('reads Saved and a page above 1; Recent and page 1 are the defaults and stay out of the URL', () => {
    expect(parseSearchesView({ list: 'saved', page: 2 })).toEqual({ list: 'saved', page: 2 });
    expect(parseSearchesView({ list: 'recent', page: 1 })).toEqual({});
    expect(parseSearchesView({ list: 'other', page: '3' })).toEqual({ page: 3 });
    for (const page of [0, -1, 1.5, 'two', 1e9]) expect(parseSearchesView({ page }), String(page)).toEqual({});
  });
});

describe('searchPreset', () => {
  it('takes label and coordinates from stored places, falling back to the addresses for a missing label', () => {
    expect(
      searchPreset(
        { label: 'Dundee', lat: 56.46, lng: -2.97, extra: 1 },
        { lat: 56.39, lng: -3.43 },
        { destination: 'Perth Concert Hall, Perth' },
      ),
    ).toEqual({
      origin: { label: 'Dundee', lat: 56.46, lng: -2.97 },
      destination: { label: 'Perth Concert Hall, Perth', lat: 56.39, lng: -3.43 },
    });
  });
  it('gives none when a place has no usable coordinates', () => {
    expect(searchPreset({ label: 'Dundee' }, { label: 'Perth', lat: 1, lng: 2 })).toBeNull();
    expect(searchPreset(null, { label: 'Perth', lat: 1, lng: 2 })).toBeNull();
    expect(searchPreset({ label: 'A', lat: Number.NaN, lng: 2 }, { label: 'B', lat: 1, lng: 2 })).toBeNull();
  });
});

describe('tokenTag', () => {
  it('tells users apart without keeping the token', () => {
    expect(tokenTag('token-a')).not.toBe(tokenTag('token-b'));
    expect(tokenTag('token-a')).toBe(tokenTag('token-a'));
    expect(tokenTag('eyJhbGciOiJIUzI1NiJ9.payload.signature')).not.toContain('eyJ');
  });
});
