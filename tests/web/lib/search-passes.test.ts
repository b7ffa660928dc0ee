// @vitest-environment jsdom
/** Issue 22 (5): the server hides a search's passes from all but its signed-in owner; the tab that made an anonymous search edits it with the passes it sent. */
import { expect, it } from 'vitest';
import { defaultPasses } from '../../../src/vocabulary/index';
import { searchFormFromQuery } from '../../../src/web/features/search/form-state';
import { rememberSearchPasses } from '../../../src/web/lib/search-passes';

const place = { label: 'Dundee', lat: 56.4567, lng: -2.9693 };
const query = {
  origin: place,
  destination: { ...place, label: 'Perth', lat: 56.39 },
  out_time: '2030/11/24 08:00:00',
  return_time: null,
};

it("edits this tab's own anonymous search with the passes it sent, a shared one with the defaults", () => {
  const passes = {
    ...defaultPasses(),
    has_railcard: true,
    railcard_type: 'Senior Railcard',
    has_concessionary_pass: true,
  };
  rememberSearchPasses('a'.repeat(32), passes);
  expect(searchFormFromQuery({ ...query, hash: 'a'.repeat(32) }).passes).toEqual(passes);
  expect(searchFormFromQuery({ ...query, hash: 'b'.repeat(32) }).passes).toEqual(defaultPasses());
  // What the server shows (the owner's) wins.
  expect(searchFormFromQuery({ ...query, hash: 'a'.repeat(32), passes: defaultPasses() }).passes).toEqual(
    defaultPasses(),
  );
});
