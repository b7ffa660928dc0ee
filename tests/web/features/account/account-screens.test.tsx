// @vitest-environment jsdom
/**
 * The Login and Account screens in a memory router, with a fake fetch behind the real API
 * client: login success and failure, the account details and passes, and logout.
 */
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../src/contract/users';
import { forgetActivations } from '../../../../src/web/features/account/ActivationScreen';
import {
  AccountScreen,
  ActivationScreen,
  EditAccountScreen,
  LoginScreen,
  RegisterScreen,
  SuccessBanner,
} from '../../../../src/web/features/account';
import { clearToken, getAuthState, resetAuthForTests, setToken, setUser } from '../../../../src/web/lib/auth';
import { readCookie } from '../../../../src/web/lib/cookies';
import { renderWithApp } from '../../helpers/render';

const USER: User = {
  id: 'u1',
  title: 'Ms',
  first_name: 'Isla',
  last_name: 'Morrison',
  email: 'isla@example.org',
  phone_number: '01382 123456',
  country_code_phone_number: '+44',
  dob: '1990-05-17',
  creation_origin: 'HOME_PAGE',
  profile: {
    has_car_access: false,
    has_concessionary_pass: true,
    has_young_scot_card: true,
    has_new_young_scot_card: false,
    railcard: '16-25 Railcard',
    user_age: 36,
  },
};

/** The fake server: answers by "METHOD path" and records what it was sent. */
function stubApi(answers: Record<string, { status: number; body: unknown }>) {
  const sent: Array<{ call: string; body: unknown; auth: string | null }> = [];
  vi.stubGlobal('fetch', async (url: URL | string, init?: RequestInit) => {
    const call = `${init?.method ?? 'GET'} ${new URL(String(url)).pathname}`;
    sent.push({
      call,
      body: init?.body ? JSON.parse(String(init.body)) : null,
      auth: new Headers(init?.headers).get('Authorization'),
    });
    const answer = answers[call] ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return sent;
}

function renderAt(start: string) {
  const root = createRootRoute({
    component: () => (
      <>
        <SuccessBanner />
        <Outlet />
      </>
    ),
  });
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/', component: () => <h1>Home</h1> }),
    createRoute({ getParentRoute: () => root, path: '/login', component: LoginScreen }),
    createRoute({ getParentRoute: () => root, path: '/account', component: AccountScreen }),
    createRoute({ getParentRoute: () => root, path: '/edit-account', component: EditAccountScreen }),
    createRoute({ getParentRoute: () => root, path: '/register', component: RegisterScreen }),
    // Drawn twice for one visit, as the shell can when it re-keys the screen (issue 32).
    createRoute({
      getParentRoute: () => root,
      path: '/auth/activation',
      component: () => (
        <>
          <ActivationScreen code="c0de" />
          <ActivationScreen code="c0de" />
        </>
      ),
    }),
    createRoute({ getParentRoute: () => root, path: '/terms-and-conditions', component: () => <h1>Terms</h1> }),
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
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Activation', () => {
  beforeEach(() => forgetActivations());
  it('posts the code once however often the screen is drawn, then shows the answer on Login', async () => {
    const sent = stubApi({
      'POST /v1/users/activation/c0de': {
        status: 200,
        body: { data: { message: 'Your account is activated. You can now sign in.' } },
      },
    });
    const router = renderAt('/auth/activation');
    await screen.findByText('Your account is activated. You can now sign in.');
    expect(router.state.location.pathname).toBe('/login');
    expect(sent.filter((call) => call.call.startsWith('POST /v1/users/activation/'))).toHaveLength(1);
  });
});

describe('Login', () => {
  it('signs in: sends the e-mail as username, stores the token, fetches the user and goes Home with the banner', async () => {
    const sent = stubApi({
      'POST /v1/auth/login': { status: 200, body: { data: { access_token: 'tok-login' } } },
      'GET /v1/users/show': { status: 200, body: { data: USER } },
    });
    const router = renderAt('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot Password' }).getAttribute('href')).toBe('/reset-password');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
    fireEvent.change(screen.getByLabelText(/Email Address/), { target: { value: 'isla@example.org' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'correct horse battery' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Successfully logged in')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sent.map((entry) => entry.call)).toEqual(['POST /v1/auth/login', 'GET /v1/users/show']);
    expect(sent[0]!.body).toEqual({ username: 'isla@example.org', password: 'correct horse battery' });
    expect(sent[1]!.auth).toBe('Bearer tok-login');
    expect(readCookie('user-token')).toBe('tok-login');
    expect(getAuthState().user?.email).toBe('isla@example.org');
  });

  it('shows the server message on a refused login, stays on Login and keeps no token', async () => {
    stubApi({
      'POST /v1/auth/login': { status: 401, body: { message: 'These credentials do not match our records.' } },
    });
    const router = renderAt('/login');
    fireEvent.change(await screen.findByLabelText(/Email Address/), { target: { value: 'isla@example.org' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('These credentials do not match our records.');
    expect(router.state.location.pathname).toBe('/login');
    expect(getAuthState().token).toBeNull();
  });

  it('lists field errors under "Please correct the following errors" and clears a field error on focus', async () => {
    stubApi({
      'POST /v1/auth/login': {
        status: 422,
        body: {
          message: 'The form has errors.',
          errors: { username: ['The e-mail address is required.', 'second'], password: ['The password is required.'] },
        },
      },
    });
    renderAt('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Please correct the following errors');
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Email Address: The e-mail address is required.', 'Password: The password is required.']);
    expect(screen.queryByText('second')).toBeNull();
    expect(screen.queryByText('The form has errors.')).toBeNull();
    fireEvent.focus(screen.getByLabelText(/Email Address/));
    await waitFor(() => expect(within(screen.getByRole('alert')).getAllByRole('listitem')).toHaveLength(1));
  });
});

describe('Account', () => {
  it('shows the details with the date of birth DD-MM-YYYY and the passes, and logs out to Home', async () => {
    stubApi({});
    setToken('tok-account');
    setUser(USER);
    const router = renderAt('/account');
    expect(await screen.findByText(/Ms Isla Morrison/)).toBeTruthy();
    expect(screen.getByText(/isla@example.org/)).toBeTruthy();
    expect(screen.getByText(/\+44 01382 123456/)).toBeTruthy();
    expect(screen.getByText(/17-05-1990/)).toBeTruthy();
    const cards = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(cards).toEqual(['Railcard16-25 Railcard', 'Consessionary PassYes', 'Car AccessNo', 'YoungScot CardYes']);
    expect(screen.getByRole('link', { name: 'Edit Account' }).getAttribute('href')).toBe('/edit-account');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Successfully logged out')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getAuthState()).toMatchObject({ token: null, user: null });
  });

  it('leaves out the phone when the user has none', async () => {
    stubApi({});
    setToken('tok-account');
    setUser({ ...USER, phone_number: null, country_code_phone_number: null });
    renderAt('/account');
    expect(await screen.findByText(/Ms Isla Morrison/)).toBeTruthy();
    expect(screen.queryByText(/Phone/)).toBeNull();
  });
});

describe('Create Account', () => {
  it('refuses without the terms or under 12, before calling the server', async () => {
    const sent = stubApi({});
    renderAt('/register');
    const twoYearsAgo = `${new Date().getUTCFullYear() - 2}-01-01`;
    fireEvent.change(await screen.findByLabelText(/Date of Birth/), { target: { value: twoYearsAgo } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Please correct the following errors');
    expect(summary.textContent).toContain('You must accept the terms and conditions.');
    expect(summary.textContent).toContain('You must be aged 12 or over to register.');
    expect(sent).toEqual([]);
  });

  it('registers with the profile and HOME_PAGE origin, then goes Home with the server message', async () => {
    const sent = stubApi({
      'POST /v1/users/register': { status: 201, body: { data: { message: 'Thank you for registering.' } } },
    });
    const router = renderAt('/register');
    fireEvent.change(await screen.findByLabelText(/First Name/), { target: { value: 'Isla' } });
    fireEvent.change(screen.getByLabelText(/Last Name/), { target: { value: 'Morrison' } });
    fireEvent.change(screen.getByLabelText(/Email Address/), { target: { value: 'isla@example.org' } });
    fireEvent.change(screen.getByLabelText(/Date of Birth/), { target: { value: '1990-05-17' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'correct horse battery' } });
    fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: 'correct horse battery' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Thank you for registering.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sent[0]!.body).toMatchObject({
      first_name: 'Isla',
      email: 'isla@example.org',
      dob: '1990-05-17',
      accepts_terms: true,
      creation_origin: 'HOME_PAGE',
      phone_number: null,
      profile: {
        has_car_access: true,
        has_concessionary_pass: false,
        railcard: null,
        has_young_scot_card: false,
        has_new_young_scot_card: false,
      },
    });
  });
});

describe('Edit Account', () => {
  it('updates the details with PUT, stores the answer and goes to Account with the message', async () => {
    const sent = stubApi({ 'PUT /v1/users/update': { status: 200, body: { data: { ...USER, first_name: 'Ailsa' } } } });
    setToken('tok-edit');
    setUser(USER);
    const router = renderAt('/edit-account');
    const first = await screen.findByLabelText(/First Name/);
    expect((first as HTMLInputElement).value).toBe('Isla');
    fireEvent.change(first, { target: { value: 'Ailsa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Details' }));
    expect(await screen.findByText('Account successfully updated')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(sent[0]!.call).toBe('PUT /v1/users/update');
    expect(sent[0]!.auth).toBe('Bearer tok-edit');
    expect(sent[0]!.body).toMatchObject({
      first_name: 'Ailsa',
      profile: { railcard: '16-25 Railcard', has_concessionary_pass: true },
    });
    expect(sent[0]!.body).not.toHaveProperty('email');
    expect(getAuthState().user?.first_name).toBe('Ailsa');
  });
});
