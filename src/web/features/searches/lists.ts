/**
 * The signed-in user's two lists (SPEC sections 2, 3, 7 and 9): recent searches and saved
 * journeys, 10 a page, each page a React Query entry under a stable key so the persister
 * can keep the saved pages for offline use.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DEFAULT_PER_PAGE } from '../../../contract/paging';
import type { RecentSearchItem, SavedJourneyItem } from '../../../contract/saved-journeys';
import { useAuth } from '../../lib/auth';
import { useBrand } from '../../lib/brand';
import { offlineQuery } from '../../lib/offline-cache';
import { searchesApi } from './api';

export const SEARCH_LISTS = ['recent', 'saved'] as const;
export type SearchList = (typeof SEARCH_LISTS)[number];

/** SPEC section 9: lists page size 10. */
export const PAGE_SIZE = DEFAULT_PER_PAGE;

/** A short, one-way tag of the token (FNV-1a): lists are kept per user without writing the token into the cache. */
export function tokenTag(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(36);
}

/** Per user, so one person's list never shows for another on a shared device. */
export const searchListKey = (list: SearchList, token: string, page: number) =>
  ['searches', list, tokenTag(token), page] as const;
export const SEARCH_LISTS_KEY = ['searches'] as const;

export type ListItem<L extends SearchList> = L extends 'saved' ? SavedJourneyItem : RecentSearchItem;

/**
 * One page of a list, kept offline: saved journeys readable without signal (SPEC), and the
 * recent searches as last seen, so the Recent tab shows them offline (issue 21 item 9). Both
 * leave the device on sign-out (ForgetListsOnSignOut).
 */
export function searchListQuery<L extends SearchList>(list: L, token: string, page: number, apiKey: string) {
  return {
    queryKey: searchListKey(list, token, page),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      searchesApi.page<ListItem<L>>({ apiKey, signal }, list, PAGE_SIZE, page),
    ...offlineQuery,
  };
}

export function useSearchList<L extends SearchList>(list: L, page: number) {
  const brand = useBrand();
  const { token } = useAuth();
  return useQuery({
    ...searchListQuery(list, token ?? '', page, brand.apiKey),
    enabled: Boolean(token),
    // Prev/Next keep the last page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

/** SPEC section 9: addresses on the Recent cards are cut to 34 characters with an ellipsis. */
export const ADDRESS_LIMIT = 34;
export function truncateAddress(address: string, limit: number = ADDRESS_LIMIT): string {
  const characters = [...address];
  return characters.length <= limit ? address : `${characters.slice(0, limit).join('').trimEnd()}…`;
}

/** Mounted by the app: once signed out, the lists leave the cache (and so the offline store) on this device. */
export function ForgetListsOnSignOut(): null {
  const client = useQueryClient();
  const { token } = useAuth();
  useEffect(() => {
    if (!token) client.removeQueries({ queryKey: SEARCH_LISTS_KEY });
  }, [token, client]);
  return null;
}
