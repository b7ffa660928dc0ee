/**
 * Which list and page Searches shows, read from the URL. On its own so the route's search
 * validation (part of the app's first chunk) does not bring the Searches screen with it.
 */
import { SEARCH_LISTS, type SearchList } from './lists';

export interface SearchesView {
  list?: SearchList;
  page?: number;
}

/** ?list=saved&page=2 from the URL; anything else falls back to Recent, page 1. */
export function parseSearchesView(raw: Record<string, unknown>): SearchesView {
  const list = (SEARCH_LISTS as readonly unknown[]).includes(raw.list) ? (raw.list as SearchList) : undefined;
  const page = Number(raw.page);
  return {
    ...(list && list !== 'recent' ? { list } : {}),
    ...(Number.isInteger(page) && page > 1 && page <= 100_000 ? { page } : {}),
  };
}
