/**
 * Auth state (SPEC sections 4 and 6): the access token lives in the cookie `user-token`
 * (the API client and the route guard read it from there), the signed-in user beside it,
 * and the success banner ('Successfully logged in', ...) that vanishes after 10 seconds.
 * A small external store read with useSyncExternalStore, so no provider is needed.
 */
import { useSyncExternalStore } from 'react';
import type { User } from '../../contract/users';
import { ApiRequestError, apiGet, apiPost, SHARED_PATHS, type ApiCallOptions } from './api';
import { readCookie, USER_TOKEN_COOKIE } from './cookies';

export const SUCCESS_TIMEOUT_MS = 10_000;
export const LOGGED_IN_MESSAGE = 'Successfully logged in';
export const LOGGED_OUT_MESSAGE = 'Successfully logged out';

export interface AuthState {
  token: string | null;
  user: User | null;
  /** The success banner's text, or null. */
  success: string | null;
  /** The screen (pathname) the banner belongs to: opening any other screen clears it. */
  successPath: string | null;
}

/** The cookie line that stores (or, with null, deletes) the token. Secure only over https, so local http still works. */
export function tokenCookie(token: string | null, secure: boolean): string {
  const parts = [`${USER_TOKEN_COOKIE}=${token === null ? '' : encodeURIComponent(token)}`, 'Path=/', 'SameSite=Lax'];
  if (token === null) parts.push('Max-Age=0');
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

const isHttps = () => typeof location !== 'undefined' && location.protocol === 'https:';
const cookieToken = () => (typeof document === 'undefined' ? null : (readCookie(USER_TOKEN_COOKIE) ?? null) || null);

let state: AuthState = { token: cookieToken(), user: null, success: null, successPath: null };
const listeners = new Set<() => void>();
let successTimer: ReturnType<typeof setTimeout> | undefined;

function update(patch: Partial<AuthState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export const getAuthState = (): AuthState => state;

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuthState, getAuthState);
}

export function setToken(token: string): void {
  document.cookie = tokenCookie(token, isHttps());
  update({ token });
}

export function clearToken(): void {
  document.cookie = tokenCookie(null, isHttps());
  update({ token: null, user: null });
}

const currentPath = () => (typeof location === 'undefined' ? '/' : location.pathname);

/**
 * Shows a success banner on the screen `path` (default: this one), where the action that
 * succeeded goes next ('Successfully logged in' belongs to Home). It clears itself after
 * SUCCESS_TIMEOUT_MS (a newer message restarts the clock), or when another screen opens.
 */
export function showSuccess(message: string, path: string = currentPath()): void {
  clearTimeout(successTimer);
  update({ success: message, successPath: path });
  successTimer = setTimeout(clearSuccess, SUCCESS_TIMEOUT_MS);
}

export function clearSuccess(): void {
  clearTimeout(successTimer);
  update({ success: null, successPath: null });
}

/** SPEC section 4: banners clear when a screen opens; the success banner stays on its own screen. */
export function noteScreenOpened(pathname: string): void {
  if (state.success && state.successPath !== pathname) clearSuccess();
}

export function setUser(user: User): void {
  update({ user });
}

/**
 * GET /v1/users/show; a fetch the server refuses clears the token (SPEC section 8). With no
 * answer at all (offline, timed out) the token stays, so saved journeys still open without signal.
 */
export async function fetchUser(options: ApiCallOptions): Promise<User | null> {
  try {
    const answer = await apiGet<{ data: User }>(SHARED_PATHS.currentUser, options);
    update({ user: answer.data });
    return answer.data;
  } catch (error) {
    if (error instanceof ApiRequestError) clearToken();
    return null;
  }
}

/** At app start (and when the network returns): if a token exists and its user is not known yet, fetch the user. */
export async function startAuth(options: ApiCallOptions): Promise<void> {
  const token = cookieToken();
  if (token !== state.token) update({ token });
  if (token && !state.user) await fetchUser(options);
}

/** POST /v1/auth/login with the e-mail as username; stores the token, shows the banner and fetches the user. Errors propagate to the form. */
export async function login(form: { username: string; password: string }, options: ApiCallOptions): Promise<void> {
  const answer = await apiPost<{ data: { access_token: string } }>(SHARED_PATHS.login, options, form);
  setToken(answer.data.access_token);
  showSuccess(LOGGED_IN_MESSAGE, '/');
  await fetchUser(options);
}

/**
 * Ends the session on the server (issue 22): POST /v1/auth/logout revokes this token, or
 * /v1/auth/logout-everywhere every token of the account. Errors propagate: sign-out still
 * clears the token here (logout()); 'sign out everywhere' tells the visitor it did not happen.
 */
export async function endSession(options: ApiCallOptions, everywhere = false): Promise<void> {
  if (!state.token) return;
  await apiPost<{ data: { message: string } }>(
    everywhere ? SHARED_PATHS.logoutEverywhere : SHARED_PATHS.logout,
    options,
  );
}

/** Clears the token here (after endSession); the banner belongs to Home, where the caller goes next. */
export function logout(): void {
  clearToken();
  showSuccess(LOGGED_OUT_MESSAGE, '/');
}

/** Tests only: forget the state between cases. */
export function resetAuthForTests(): void {
  clearTimeout(successTimer);
  state = { token: cookieToken(), user: null, success: null, successPath: null };
  for (const listener of listeners) listener();
}
