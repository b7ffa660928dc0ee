/**
 * List paging shared by the saved-journey, recent-search and campaign lists (SPEC
 * sections 3, 7 and 9: lists carry meta.total; page size 10). No zod here.
 */
export const DEFAULT_PER_PAGE = 10;
export const MAX_PER_PAGE = 50;

export interface PageMeta {
  total: number;
  per_page: number;
  current_page: number;
  /** At least 1, so an empty list still has a page to show. */
  last_page: number;
}

export interface Page<T> {
  data: T[];
  meta: PageMeta;
}

export function pageMeta(total: number, perPage: number, page: number): PageMeta {
  return { total, per_page: perPage, current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

/** Rows to skip for a 1-based page. */
export function pageOffset(perPage: number, page: number): number {
  return (page - 1) * perPage;
}
