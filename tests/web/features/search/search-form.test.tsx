// @vitest-environment jsdom
/**
 * The Home search form end to end in jsdom: places chosen by keyboard from the real Tayside
 * index, Return with both times, a railcard and a Young Scot card, then 'Plan my journey'
 * against a fake fetch (the API's own answer shapes) and the navigation to the results.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MantineProvider } from '@mantine/core';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { brandSchema, mergeBrandConfig, type Brand } from '../../../../src/contract/brand';
import type { PlaceIndex } from '../../../../src/planner/places/index';
import { buildTaysideIndex } from '../../../../src/planner/places/sources-node';
import { SEARCH_FORM_MESSAGES, SearchForm, type PlaceProvider } from '../../../../src/web/features/search';
import { BrandProvider } from '../../../../src/web/lib/brand';

const brandsDir = path.resolve(__dirname, '../../../../brands');
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(brandsDir, file), 'utf8'));
const regional: Brand = brandSchema.parse(mergeBrandConfig(readJson('default.json'), readJson('regional/brand.json')));
// A fixed clock: Monday 23 November 2026, 12:31 in London (GMT).
const NOW = new Date('2026-11-23T12:31:00Z');

let index: PlaceIndex;
beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => {};
  index = buildTaysideIndex().index;
});
afterEach(() => cleanup());

const provider: PlaceProvider = {
  name: 'built-in',
  autocomplete: async (q) => index.search(q, { bias: regional.region.autocompleteBias }),
  reverse: async () => null,
};

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** A fetch that records what the form sent and answers with `answer` once `gate` resolves. */
function fakeFetch(answer: { status: number; body: unknown }, gate: Promise<void> = Promise.resolve()) {
  const sent: Sent[] = [];
  const fn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: init?.headers as Record<string, string>,
      body: JSON.parse(String(init?.body)) as Record<string, unknown>,
    });
    await gate;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as typeof fetch;
  return { fn, sent };
}

function renderForm(fetchImpl: typeof fetch) {
  const root = createRootRoute({ component: Outlet });
  const home = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => (
      <SearchForm
        provider={provider}
        debounceMs={0}
        fetch={fetchImpl}
        baseUrl="http://regional.localhost"
        now={() => NOW}
      />
    ),
  });
  const results = createRoute({
    getParentRoute: () => root,
    path: '/search/$hash/results',
    component: function Results() {
      return <p>Results for {results.useParams().hash}</p>;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([home, results]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <MantineProvider env="test">
      <BrandProvider brand={regional}>
        <RouterProvider router={router as never} />
      </BrandProvider>
    </MantineProvider>,
  );
  return router;
}

const key = (input: HTMLElement, code: string) => fireEvent.keyDown(input, { key: code, code });

async function choose(name: string, q: string) {
  const input = await screen.findByRole('combobox', { name });
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: q } });
  await within(await screen.findByRole('listbox', { name: `${name} suggestions` })).findAllByRole('option');
  key(input, 'ArrowDown');
  key(input, 'Enter');
  await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('false'));
}

/** Opens a date field's calendar and picks a day by its label ('24 November 2026'). */
async function pickDate(field: string, day: string, expectations: { firstWeekday?: string; disabled?: string[] } = {}) {
  fireEvent.click(screen.getByRole('button', { name: field }));
  // The calendar is a lazily loaded chunk.
  const target = await screen.findByRole('button', { name: day }, { timeout: 15_000 });
  const calendar = target.closest('table')!;
  if (expectations.firstWeekday)
    expect(calendar.querySelector('thead th')?.textContent).toBe(expectations.firstWeekday);
  for (const label of expectations.disabled ?? []) {
    const other = within(calendar).queryByRole('button', { name: label });
    if (other) expect(other.hasAttribute('disabled') || other.getAttribute('data-disabled') === 'true').toBe(true);
  }
  fireEvent.click(target);
  await waitFor(() => expect(screen.queryByRole('button', { name: day })).toBeNull());
}

const group = (name: string) => screen.getByRole('radiogroup', { name });
const answer = (question: string, choice: 'Yes' | 'No') =>
  fireEvent.click(within(group(question)).getByRole('radio', { name: choice }));

describe('SearchForm', () => {
  it('sends the filled form as the API wants it and opens the results', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fake = fakeFetch(
      {
        status: 200,
        body: { status: 'success', data: { hash: 'abc123', origin_address: 'Dundee', destination_address: 'Perth' } },
      },
      gate,
    );
    const router = renderForm(fake.fn);
    await choose('From', 'Dundee');
    await choose('To', 'Perth');

    // The pickers start at now rounded up to five minutes and stop six months on.
    const leavingDate = screen.getByRole('button', { name: 'Leaving date' });
    expect(leavingDate.textContent).toBe('Mon 23 Nov 2026');
    const leavingTime = screen.getByLabelText(/^Leaving time/) as HTMLInputElement;
    expect(leavingTime.value).toBe('12:35');
    // Issue 32: a 24-hour text field, whatever the browser's locale (no AM/PM half kept from 'now').
    expect(leavingTime.type).toBe('text');
    expect(leavingTime.inputMode).toBe('numeric');
    expect(leavingTime.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(leavingTime.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toMatch(
      /24-hour/,
    );
    // The calendar's week starts on Monday; days before today and after six months are disabled.
    await pickDate('Leaving date', '24 November 2026', { firstWeekday: 'Mo', disabled: ['22 November 2026'] });
    expect(leavingDate.textContent).toBe('Tue 24 Nov 2026');
    // Typed as digits only, read on the 24-hour clock; typed minutes snap to five-minute steps.
    fireEvent.change(leavingTime, { target: { value: '0802' } });
    fireEvent.blur(leavingTime);
    expect(leavingTime.value).toBe('08:00');
    // Not a time: said on the field, and nothing stale is sent.
    fireEvent.change(leavingTime, { target: { value: '8:75' } });
    fireEvent.blur(leavingTime);
    expect(leavingTime.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Type the time on the 24-hour clock, like 08:00 or 17:30.')).toBeTruthy();
    fireEvent.change(leavingTime, { target: { value: '8' } });
    fireEvent.blur(leavingTime);
    expect(leavingTime.value).toBe('08:00');
    expect(leavingTime.getAttribute('aria-invalid')).not.toBe('true');

    expect(screen.queryByLabelText(/Returning/)).toBeNull();
    fireEvent.click(within(group('Journey type')).getByRole('radio', { name: 'Return' }));
    // Issue 32: Return opens filled: the outbound day, three hours later.
    expect(screen.getByRole('button', { name: 'Returning date' }).textContent).toBe('Tue 24 Nov 2026');
    const returningTime = screen.getByLabelText(/^Returning time/) as HTMLInputElement;
    expect(returningTime.value).toBe('11:00');
    fireEvent.change(returningTime, { target: { value: '1730' } });

    answer('Do you have access to a car?', 'No');
    answer('Do you have a railcard?', 'Yes');
    fireEvent.change(screen.getByLabelText('Which railcard?'), { target: { value: 'Senior Railcard' } });
    expect(screen.queryByRole('radiogroup', { name: /issued on or after/ })).toBeNull();
    answer('Do you have a Young Scot card?', 'Yes');
    answer('Was your Young Scot card issued on or after 10 January 2022?', 'Yes');

    const submit = screen.getByRole('button', { name: 'Plan my journey' });
    fireEvent.click(submit);
    // Locked while the search is posted: the button spins and every field is disabled.
    await waitFor(() => expect(submit.getAttribute('data-loading')).toBe('true'));
    expect((screen.getByRole('combobox', { name: 'From' }).closest('fieldset') as HTMLFieldSetElement).disabled).toBe(
      true,
    );
    fireEvent.click(submit);
    release();
    await screen.findByText('Results for abc123');
    expect(router.state.location.pathname).toBe('/search/abc123/results');

    expect(fake.sent).toHaveLength(1);
    const [request] = fake.sent;
    expect(request!.url).toBe('http://regional.localhost/v1/journey-planner/search');
    expect(request!.method).toBe('POST');
    expect(request!.headers['X-Api-Key']).toBe(regional.apiKey);
    const dundee = index.search('Dundee', { bias: regional.region.autocompleteBias })[0]!;
    const perth = index.search('Perth', { bias: regional.region.autocompleteBias })[0]!;
    expect(request!.body).toEqual({
      origin: { label: dundee.label, lat: dundee.lat, lng: dundee.lng },
      destination: { label: perth.label, lat: perth.lat, lng: perth.lng },
      out_time: '2026/11/24 08:00:00',
      return_time: '2026/11/24 17:30:00',
      arrive_by_buffer: 30,
      has_access_to_car: false,
      has_concessionary_pass: false,
      has_railcard: true,
      railcard_type: 'Senior Railcard',
      has_young_scot_card: true,
      has_new_young_scot_card: true,
    });
    expect(request!.body).not.toHaveProperty('arrive_time');
    // The calendar chunk loads on first opening; on a busy 2-core machine this test has taken over 30 s.
  }, 90_000);

  it("shows the server's field errors on their fields and in the list, clearing each on focus", async () => {
    const fake = fakeFetch({
      status: 422,
      body: {
        message: 'The outbound time must not be in the past. (and 2 more errors)',
        errors: {
          out_time: ['The outbound time must not be in the past.', 'second message'],
          'origin.lat': ['Choose the origin from the list of suggestions, so we know where it is.'],
        },
      },
    });
    renderForm(fake.fn);
    await choose('From', 'Dundee');
    await choose('To', 'Perth');
    fireEvent.click(screen.getByRole('button', { name: 'Plan my journey' }));
    await screen.findByText(SEARCH_FORM_MESSAGES.correct);
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'The outbound time must not be in the past.',
      'Choose the origin from the list of suggestions, so we know where it is.',
    ]);
    const leaving = screen.getByRole('button', { name: 'Leaving date' });
    expect(leaving.getAttribute('aria-invalid')).toBe('true');
    // The form is unlocked again once the answer is in.
    expect((screen.getByRole('button', { name: 'Plan my journey' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.focus(leaving);
    await waitFor(() => expect(leaving.getAttribute('aria-invalid')).not.toBe('true'));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Choose the origin from the list of suggestions, so we know where it is.',
    ]);
    fireEvent.focus(screen.getByRole('combobox', { name: 'From' }));
    await waitFor(() => expect(screen.queryByText(SEARCH_FORM_MESSAGES.correct)).toBeNull());
  });

  it("shows the server's message when there are no field errors, and refuses a return with no return time before sending", async () => {
    const fake = fakeFetch({ status: 503, body: { message: 'The journey planner is busy. Try again in a minute.' } });
    renderForm(fake.fn);
    await choose('From', 'Dundee');
    await choose('To', 'Perth');
    fireEvent.click(within(group('Journey type')).getByRole('radio', { name: 'Return' }));
    // Return opens with a suggested time; the traveller clears it.
    fireEvent.change(screen.getByLabelText(/^Returning time/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Plan my journey' }));
    await screen.findByText(SEARCH_FORM_MESSAGES.correct);
    expect(fake.sent).toHaveLength(0);
    fireEvent.click(within(group('Journey type')).getByRole('radio', { name: 'Single' }));
    expect(screen.queryByLabelText(/Returning/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Plan my journey' }));
    await screen.findByText('The journey planner is busy. Try again in a minute.');
    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0]!.body).not.toHaveProperty('return_time');
  });
});
