// @vitest-environment jsdom
/** The auth state's helpers: the token cookie, the user fetch at start, login/logout and the 10 s banner. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearToken,
  getAuthState,
  LOGGED_IN_MESSAGE,
  LOGGED_OUT_MESSAGE,
  endSession,
  login,
  logout,
  noteScreenOpened,
  resetAuthForTests,
  setToken,
  showSuccess,
  startAuth,
  SUCCESS_TIMEOUT_MS,
  tokenCookie,
} from '../../../src/web/lib/auth';
import { readCookie } from '../../../src/web/lib/cookies';

const USER = {
  id: 'u1',
  title: 'Ms',
  first_name: 'Isla',
  last_name: 'Morrison',
  email: 'isla@example.org',
  phone_number: null,
  country_code_phone_number: null,
  dob: '1990-05-17',
  creation_origin: 'HOME_PAGE',
  profile: {
    has_car_access: true,
    has_concessionary_pass: false,
    has_young_scot_card: false,
    has_new_young_scot_card: false,
    railcard: null,
    user_age: 36,
  },
};

/** A fake API: records each call's method, path and Authorization header. */
function fakeApi(answers: Record<string, { status: number; body: unknown }>) {
  const calls: Array<{ method: string; path: string; auth: string | null }> = [];
  const fetch = vi.fn(async (url: URL | string, init?: RequestInit) => {
    const path = new URL(String(url)).pathname;
    const headers = new Headers(init?.headers);
    calls.push({ method: init?.method ?? 'GET', path, auth: headers.get('Authorization') });
    const answer = answers[`${init?.method ?? 'GET'} ${path}`] ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return {
    calls,
    options: {
      apiKey: 'test-key-0123456789',
      fetch: fetch as unknown as typeof globalThis.fetch,
      baseUrl: 'http://localhost',
    },
  };
}

beforeEach(() => {
  clearToken();
  resetAuthForTests();
});
afterEach(() => vi.useRealTimers());

describe('tokenCookie', () => {
  it('stores the token with SameSite=Lax, Secure only over https', () => {
    expect(tokenCookie('abc', false)).toBe('user-token=abc; Path=/; SameSite=Lax');
    expect(tokenCookie('abc', true)).toBe('user-token=abc; Path=/; SameSite=Lax; Secure');
  });
  it('deletes the cookie for null, and encodes odd characters', () => {
    expect(tokenCookie(null, false)).toContain('Max-Age=0');
    expect(tokenCookie('a;b c', false).startsWith('user-token=a%3Bb%20c;')).toBe(true);
  });
});

describe('auth state', () => {
  it('writes and clears the cookie the API client reads', () => {
    setToken('tok-1');
    expect(readCookie('user-token')).toBe('tok-1');
    expect(getAuthState().token).toBe('tok-1');
    clearToken();
    expect(readCookie('user-token') ?? '').toBe('');
    expect(getAuthState().token).toBeNull();
  });

  it('at start fetches the user with the bearer token when one exists, and not otherwise', async () => {
    const api = fakeApi({ 'GET /v1/users/show': { status: 200, body: { data: USER } } });
    await startAuth(api.options);
    expect(api.calls).toEqual([]);
    setToken('tok-2');
    await startAuth(api.options);
    expect(api.calls).toEqual([{ method: 'GET', path: '/v1/users/show', auth: 'Bearer tok-2' }]);
    expect(getAuthState().user?.email).toBe('isla@example.org');
  });

  it('starting again (the network came back) fetches only a user not known yet', async () => {
    const api = fakeApi({ 'GET /v1/users/show': { status: 200, body: { data: USER } } });
    setToken('tok-again');
    await startAuth(api.options);
    await startAuth(api.options);
    expect(api.calls).toHaveLength(1);
  });

  it('a failed user fetch clears the token', async () => {
    const api = fakeApi({ 'GET /v1/users/show': { status: 401, body: { message: 'Sign in again.' } } });
    setToken('stale');
    await startAuth(api.options);
    expect(getAuthState()).toMatchObject({ token: null, user: null });
    expect(readCookie('user-token') ?? '').toBe('');
  });

  it('a user fetch that gets no answer (offline) keeps the token, so saved journeys still open', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    setToken('kept');
    await startAuth({
      apiKey: 'test-key-0123456789',
      fetch: fetch as unknown as typeof globalThis.fetch,
      baseUrl: 'http://localhost',
    });
    expect(fetch).toHaveBeenCalledOnce();
    expect(getAuthState()).toMatchObject({ token: 'kept', user: null });
    expect(readCookie('user-token')).toBe('kept');
  });

  it('login stores the token, shows the banner and fetches the user; logout clears them', async () => {
    const api = fakeApi({
      'POST /v1/auth/login': { status: 200, body: { data: { access_token: 'tok-3' } } },
      'GET /v1/users/show': { status: 200, body: { data: USER } },
    });
    await login({ username: 'isla@example.org', password: 'pw' }, api.options);
    expect(api.calls.map((call) => `${call.method} ${call.path} ${call.auth}`)).toEqual([
      'POST /v1/auth/login null',
      'GET /v1/users/show Bearer tok-3',
    ]);
    expect(getAuthState()).toMatchObject({ token: 'tok-3', success: LOGGED_IN_MESSAGE });
    expect(getAuthState().user?.first_name).toBe('Isla');
    logout();
    expect(getAuthState()).toMatchObject({ token: null, user: null, success: LOGGED_OUT_MESSAGE });
  });

  it('endSession revokes the token on the server (this one, or every one), and sends nothing when signed out', async () => {
    const api = fakeApi({
      'POST /v1/auth/logout': { status: 200, body: { data: { message: 'Successfully logged out' } } },
      'POST /v1/auth/logout-everywhere': {
        status: 200,
        body: { data: { message: 'Successfully logged out on every device' } },
      },
    });
    setToken('tok-4');
    await endSession(api.options);
    await endSession(api.options, true);
    expect(api.calls.map((call) => `${call.method} ${call.path} ${call.auth}`)).toEqual([
      'POST /v1/auth/logout Bearer tok-4',
      'POST /v1/auth/logout-everywhere Bearer tok-4',
    ]);
    clearToken();
    await endSession(api.options);
    expect(api.calls).toHaveLength(2);
  });

  it('a refused login keeps no token and passes the error on', async () => {
    const api = fakeApi({
      'POST /v1/auth/login': { status: 401, body: { message: 'These credentials do not match.' } },
    });
    await expect(login({ username: 'x@example.org', password: 'bad' }, api.options)).rejects.toThrow(
      'These credentials do not match.',
    );
    expect(getAuthState()).toMatchObject({ token: null, success: null });
  });

  it('the success banner belongs to its screen: it survives the navigation there, and the next screen clears it', () => {
    showSuccess('Successfully logged in', '/');
    noteScreenOpened('/');
    expect(getAuthState()).toMatchObject({ success: 'Successfully logged in', successPath: '/' });
    noteScreenOpened('/searches');
    expect(getAuthState()).toMatchObject({ success: null, successPath: null });
    // Default: the screen showing it (jsdom's location is '/').
    showSuccess('A reset link is on its way.');
    expect(getAuthState().successPath).toBe(location.pathname);
  });

  it('success messages vanish after 10 seconds; a newer one restarts the clock', () => {
    vi.useFakeTimers();
    showSuccess('first');
    vi.advanceTimersByTime(SUCCESS_TIMEOUT_MS - 1000);
    showSuccess('second');
    vi.advanceTimersByTime(SUCCESS_TIMEOUT_MS - 1);
    expect(getAuthState().success).toBe('second');
    vi.advanceTimersByTime(1);
    expect(getAuthState().success).toBeNull();
  });
});
