/** When the shell starts a screen afresh (SPEC section 2: the router view is keyed on the path). */

/** Query params that are a screen's own view state (Results' sort and filters), not another screen. */
const VIEW_STATE_PARAMS = new Set(['filters', 'sort']);

/** Which screen a location shows: the path and the query params other than view state. */
export function screenKeyOf(pathname: string, search: Record<string, unknown>): string {
  const screen = Object.entries(search)
    .filter(([key]) => !VIEW_STATE_PARAMS.has(key))
    .sort(([a], [b]) => a.localeCompare(b));
  return screen.length > 0 ? `${pathname}?${JSON.stringify(screen)}` : pathname;
}
