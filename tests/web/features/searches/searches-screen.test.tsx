// @vitest-environment jsdom
/**
 * The Searches screen in a memory router with a fake API behind the real client: the empty
 * states, 10-a-page paging, the saved card's badge, icons and return leg, opening a saved
 * journey with show=true, and Plan Again's preset.
 */
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useNavigate,
} from '@tanstack/react-router';
import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageMeta } from '../../../../src/contract/paging';
import type { RecentSearchItem, SavedJourneyItem } from '../../../../src/contract/saved-journeys';
import { parseSearchesView, SearchesScreen } from '../../../../src/web/features/searches';
import { searchListQuery } from '../../../../src/web/features/searches/lists';
import { clearToken, resetAuthForTests, setToken } from '../../../../src/web/lib/auth';
import { renderWithApp } from '../../helpers/render';

// A loaded 2-core machine can take over a second to render Mantine's first screen.
configure({ asyncUtilTimeout: 5000 });

const DUNDEE = { label: 'Dundee Railway Station, Dundee', lat: 56.4566, lng: -2.9713 };
const PERTH = { label: 'Perth Royal Infirmary, Taymount Terrace, Perth', lat: 56.3952, lng: -3.4374 };

const recentItem = (n: number): RecentSearchItem => ({
  hash: `h${n}`,
  origin: DUNDEE,
  destination: PERTH,
  origin_address: DUNDEE.label,
  destination_address: PERTH.label,
  out_departure_at: '2026-11-24T08:00:00.000Z',
  return_departure_at: null,
  created_at: `2026-11-23T10:${String(n).padStart(2, '0')}:00.000Z`,
});
const savedItem = (n: number, patch: Partial<SavedJourneyItem> = {}): SavedJourneyItem => ({
  hash: `h${n}`,
  journey_id: `j${n}`,
  origin: DUNDEE,
  destination: PERTH,
  origin_address: DUNDEE.label,
  destination_address: PERTH.label,
  is_return: false,
  cost: '£4.20',
  out_date: '2026-11-24',
  out_time: '08:05',
  out_arrive_time: '09:10',
  return_date: null,
  return_time: null,
  return_arrive_time: null,
  duration_depart: { text: '1 hour 5 mins' },
  duration_return: null,
  stages: { depart: ['walk', 'bus', 'walk'] },
  saved_at: '2026-11-23T10:00:00.000Z',
  ...patch,
});

/** The fake API: answers GETs by path from `lists` (page by page, 10 each) and records every URL. */
function stubLists(lists: { recent: RecentSearchItem[]; saved: SavedJourneyItem[] }) {
  const urls: URL[] = [];
  const auth: Array<string | null> = [];
  vi.stubGlobal('fetch', async (input: URL | string, init?: RequestInit) => {
    const url = new URL(String(input));
    urls.push(url);
    auth.push(new Headers(init?.headers).get('Authorization'));
    const items =
      url.pathname === '/v1/journey/saved/user'
        ? lists.saved
        : url.pathname === '/v1/journey-planner/queries/user'
          ? lists.recent
          : null;
    if (!items) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    const perPage = Number(url.searchParams.get('per_page'));
    const page = Number(url.searchParams.get('page'));
    return new Response(
      JSON.stringify({
        data: items.slice((page - 1) * perPage, page * perPage),
        meta: pageMeta(items.length, perPage, page),
      }),
      { status: 200, headers: { 'Content-Type': 'application/json' } },
    );
  });
  return { urls, auth };
}

function renderSearches(start = '/searches') {
  const root = createRootRoute({ component: Outlet });
  const searches = createRoute({
    getParentRoute: () => root,
    path: '/searches',
    validateSearch: parseSearchesView,
    component: function Searches() {
      const view = searches.useSearch();
      const navigate = useNavigate();
      return (
        <SearchesScreen
          view={view}
          onViewChange={(next) => void navigate({ to: '/searches', search: parseSearchesView({ ...next }) })}
        />
      );
    },
  });
  const routes = [
    searches,
    createRoute({ getParentRoute: () => root, path: '/', component: () => <h1>Home</h1> }),
    createRoute({ getParentRoute: () => root, path: '/login', component: () => <h1>Sign in</h1> }),
    createRoute({
      getParentRoute: () => root,
      path: '/search/$hash/results/$journeyId',
      component: () => <h1>Journey details</h1>,
    }),
  ];
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [start] }),
  });
  renderWithApp(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  clearToken();
  resetAuthForTests();
  setToken('tok-searches');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Searches', () => {
  it('shows the empty states of both lists, asking 10 a page with the bearer token', async () => {
    const { urls, auth } = stubLists({ recent: [], saved: [] });
    renderSearches();
    expect(await screen.findByText('There are no recent searches')).toBeTruthy();
    fireEvent.click(screen.getByText('Saved'));
    expect(await screen.findByText('There are no saved journeys')).toBeTruthy();
    expect(urls.map((url) => `${url.pathname}?${url.searchParams}`)).toEqual([
      '/v1/journey-planner/queries/user?per_page=10&page=1',
      '/v1/journey/saved/user?per_page=10&page=1',
    ]);
    expect(auth).toEqual(['Bearer tok-searches', 'Bearer tok-searches']);
  });

  it('pages Recent with Prev/Next and cuts the addresses to 34 characters', async () => {
    const { urls } = stubLists({ recent: Array.from({ length: 11 }, (_, i) => recentItem(i)), saved: [] });
    const router = renderSearches();
    expect(await screen.findByText('Select a journey to plan again')).toBeTruthy();
    const list = () => screen.getByRole('region', { name: 'Recent searches' });
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(10));
    expect(within(list()).getAllByText('Perth Royal Infirmary, Taymount Te…')).toHaveLength(10);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Prev' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(1));
    expect(router.state.location.search).toEqual({ page: 2 });
    expect(urls.at(-1)?.searchParams.get('page')).toBe('2');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a recent card says when the search was made, in London time', async () => {
    stubLists({ recent: [recentItem(1), { ...recentItem(2), created_at: '2026-07-01T23:30:00.000Z' }], saved: [] });
    renderSearches();
    const cards = await waitFor(() => {
      const items = within(screen.getByRole('region', { name: 'Recent searches' })).getAllByRole('listitem');
      expect(items).toHaveLength(2);
      return items;
    });
    expect(within(cards[0]!).getByText('Searched')).toBeTruthy();
    expect(within(cards[0]!).getByText('Mon 23 Nov 2026 at 10:01').closest('time')?.getAttribute('datetime')).toBe(
      '2026-11-23T10:01:00.000Z',
    );
    // 23:30 UTC in summer is half past midnight the next day in Scotland.
    expect(within(cards[1]!).getByText('Thu 2 Jul 2026 at 00:30')).toBeTruthy();
  });

  it('offline, a Recent page never loaded says what needs the network instead of spinning', async () => {
    const { urls } = stubLists({ recent: [recentItem(1)], saved: [] });
    onlineManager.setOnline(false);
    try {
      renderSearches();
      expect(await screen.findByText(/^You are offline\. Your recent searches need the network/)).toBeTruthy();
      expect(screen.queryByText('Loading your journeys')).toBeNull();
      expect(urls).toEqual([]);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('offline, a Recent page loaded before shows from the device, saying what needs the network', async () => {
    stubLists({ recent: [recentItem(1)], saved: [] });
    renderSearches();
    await screen.findByRole('button', { name: /^Plan Again/ });
    act(() => onlineManager.setOnline(false));
    try {
      expect(
        await screen.findByText(
          /^You are offline: this is the list as it was last loaded on this device\. Planning again/,
        ),
      ).toBeTruthy();
      expect(within(screen.getByRole('region', { name: 'Recent searches' })).getAllByRole('listitem')).toHaveLength(1);
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    // Kept offline like the saved pages (the persister writes queries marked offline).
    expect(searchListQuery('recent', 'tok-searches', 1, 'k').meta).toEqual({ offline: true });
  });

  it('Plan Again opens Home with both places preset in the history state', async () => {
    stubLists({ recent: [recentItem(1)], saved: [] });
    const router = renderSearches();
    fireEvent.click(await screen.findByRole('button', { name: /^Plan Again/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.state.searchPreset).toEqual({ origin: DUNDEE, destination: PERTH });
  });

  it('a saved card shows its badge, cost, date, icons (own car as car) and return leg, and opens the journey with show=true', async () => {
    stubLists({
      recent: [],
      saved: [
        savedItem(1, {
          is_return: true,
          cost: 'free',
          stages: { depart: ['own-car'], return: ['walk', 'train'] },
          return_date: '2026/11/24',
          return_time: '17:30',
          return_arrive_time: '18:40',
          duration_return: { text: '1 hour 10 mins' },
        }),
      ],
    });
    const router = renderSearches('/searches?list=saved');
    expect(await screen.findByText('Select a journey to view details')).toBeTruthy();
    const card = within(screen.getByRole('region', { name: 'Saved journeys' })).getByRole('listitem');
    expect(within(card).getByText('Return')).toBeTruthy();
    expect(within(card).getByText('Free')).toBeTruthy();
    expect(within(card).getByText('Tue 24 Nov 2026')).toBeTruthy();
    expect(card.querySelector('[data-icon="car"]')?.getAttribute('aria-label')).toBe('Own car');
    expect(within(card).getByText('Return: Tue 24 Nov 2026')).toBeTruthy();
    expect(within(card).getByText('17:30')).toBeTruthy();
    expect(within(card).getByText('1 hour 10 mins')).toBeTruthy();
    expect(card.querySelector('[data-icon="train"]')).not.toBeNull();
    fireEvent.click(within(card).getByText('08:05'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/h1/results/j1'));
    expect(router.state.location.search).toEqual({ show: true });
  });

  it('goes to Login when the token goes away', async () => {
    stubLists({ recent: [], saved: [] });
    const router = renderSearches();
    await screen.findByText('There are no recent searches');
    clearToken();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
