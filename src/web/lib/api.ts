/**
 * The API client's core (SPEC section 7): JSON Accept/Content-Type, the brand's X-Api-Key,
 * the XMLHttpRequest marker, the bearer token when signed in (else the anonymous visitor's
 * random identifier, lib/visitor), and a 60 s timeout.
 * Errors come back as ApiRequestError with the server's SPEC-shaped message and field errors.
 */
import { readCookie, USER_TOKEN_COOKIE } from './cookies';
import { SEARCH_OWNER_HEADER } from '../../vocabulary/index';
import { rememberSearchOwner, searchOwnerKey } from './search-owner';
import { VISITOR_HEADER, visitorId } from './visitor';

export const API_TIMEOUT_MS = 60_000;

/** Every API path starts here (SPEC section 7); each feature keeps its own calls in its api.ts. */
export const API_PREFIX = '/v1/';
const seg = encodeURIComponent;

/** Paths more than one feature (or a lib) calls: a search and its journeys, signing in and out. */
export const SHARED_PATHS = {
  search: `${API_PREFIX}journey-planner/search`,
  searchQuery: (hash: string) => `${API_PREFIX}journey-planner/search/${seg(hash)}`,
  searchJourney: (hash: string, journeyId: string) =>
    `${API_PREFIX}journey-planner/search/${seg(hash)}/${seg(journeyId)}`,
  login: `${API_PREFIX}auth/login`,
  logout: `${API_PREFIX}auth/logout`,
  logoutEverywhere: `${API_PREFIX}auth/logout-everywhere`,
  currentUser: `${API_PREFIX}users/show`,
} as const;

/** A search's own paths (the search, its journeys, its re-plan): the hash they name. */
const SEARCH_PATH = new RegExp(`^${API_PREFIX}journey-planner/search/([0-9a-f]{32})(?:/|$)`);

export class ApiRequestError extends Error {
  override name = 'ApiRequestError';
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export interface ApiCallOptions {
  apiKey: string;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** Tests and non-browser callers pass their own fetch and origin. */
  fetch?: typeof fetch;
  baseUrl?: string;
}

/** Aborts when the caller aborts or the SPEC's timeout passes, whichever comes first. */
function withTimeout(signal: AbortSignal | undefined): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The request took too long.', 'TimeoutError')),
    API_TIMEOUT_MS,
  );
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

export function apiGet<T>(path: string, options: ApiCallOptions): Promise<T> {
  return apiRequest<T>('GET', path, options);
}

/** A POST with an optional JSON body (the journey save and viewed calls send none). */
export function apiPost<T>(path: string, options: ApiCallOptions, body?: unknown): Promise<T> {
  return apiRequest<T>('POST', path, options, body);
}

/** A PUT with a JSON body (the account update). */
export function apiPut<T>(path: string, options: ApiCallOptions, body: unknown): Promise<T> {
  return apiRequest<T>('PUT', path, options, body);
}

async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: ApiCallOptions,
  payload?: unknown,
): Promise<T> {
  const url = new URL(path, options.baseUrl ?? window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'X-Api-Key': options.apiKey,
    'X-Requested-With': 'XMLHttpRequest',
  };
  const token = typeof document === 'undefined' ? undefined : readCookie(USER_TOKEN_COOKIE);
  if (token) headers.Authorization = `Bearer ${token}`;
  else {
    // SPEC section 6: an anonymous call carries the visitor's random identifier (after cookie consent).
    const visitor = typeof window === 'undefined' ? null : visitorId();
    if (visitor) headers[VISITOR_HEADER] = visitor;
  }
  // This browser's own search: its owner key, so the journeys come at the traveller's own prices.
  const searched = SEARCH_PATH.exec(path)?.[1];
  const ownerKey = searched && typeof window !== 'undefined' ? searchOwnerKey(searched) : undefined;
  if (ownerKey) headers[SEARCH_OWNER_HEADER] = ownerKey;
  const timed = withTimeout(options.signal);
  try {
    const response = await (options.fetch ?? fetch)(url, {
      method,
      headers,
      signal: timed.signal,
      ...(method === 'GET' ? {} : { body: JSON.stringify(payload ?? {}) }),
    });
    const body = (await response.json().catch(() => null)) as {
      message?: unknown;
      errors?: Record<string, string[]>;
    } | null;
    if (!response.ok) {
      const message = typeof body?.message === 'string' ? body.message : `The server answered ${response.status}.`;
      throw new ApiRequestError(response.status, message, body?.errors);
    }
    // A search made here (new, or re-planned): keep its owner key for reading it back.
    const made = (body as { data?: { hash?: unknown; owner_key?: unknown } } | null)?.data;
    if (method === 'POST' && typeof made?.hash === 'string' && typeof made.owner_key === 'string')
      rememberSearchOwner(made.hash, made.owner_key);
    return body as T;
  } finally {
    timed.done();
  }
}
