import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '../../../../src/contract/users';
import { DEFAULT_RATE_LIMITS } from '../../../../src/server/auth/rate-limit';
import { accessTokens, mailOutbox, users } from '../../../../src/server/db/schema';
import type { Mail } from '../../../../src/server/mail/mailer';
import {
  codeFrom,
  PASSWORD,
  registration,
  signUp,
  startApiServer,
  uniqueEmail,
  type ApiServer,
} from '../../helpers/api';

let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(async () => {
  await server?.close();
});

type Body = { message?: string; errors?: Record<string, string[]>; data?: Record<string, unknown> };

describe('account life cycle', () => {
  it('register -> activation mail -> activate -> login -> show -> update -> reset -> old token revoked -> new login', async () => {
    const email = uniqueEmail('Life');
    const registered = await server.call('POST', '/v1/users/register', { body: registration(email) });
    expect(registered.status).toBe(201);
    expect(registered.json<Body>().data?.message).toMatch(/e-mail with a link to activate/);

    const activation = await server.mailTo(email, /^Activate your Tayside & Stirling Journey Planner account$/);
    expect(activation.from).toBe('"Tayside & Stirling Journey Planner" <no-reply@drover.test>');
    expect(activation.link).toMatch(/^https:\/\/regional\.localhost\/auth\/activation\?code=[\w-]{43}$/);
    expect(activation.text).toContain(activation.link);
    expect(activation.html).toContain('Hello Isla');

    // Not activated yet: the right password learns that, the wrong one does not.
    const early = await server.call('POST', '/v1/auth/login', { body: { username: email, password: PASSWORD } });
    expect(early.status).toBe(403);
    expect(early.json<Body>().message).toMatch(/activate your account/);
    const wrongEarly = await server.call('POST', '/v1/auth/login', {
      body: { username: email, password: 'not the password' },
    });
    expect(wrongEarly.status).toBe(401);

    const code = codeFrom(activation);
    const activated = await server.call('POST', `/v1/users/activation/${code}`);
    expect(activated.status).toBe(200);
    expect(activated.json<Body>().data?.message).toBe('Your account is activated. You can now sign in.');
    const again = await server.call('POST', `/v1/users/activation/${code}`);
    // Opened again: answered as already active, not as an error (issue 32).
    expect(again.status).toBe(200);
    expect(again.json<Body>().data?.message).toBe('This account is already activated. You can sign in.');

    const login = await server.call('POST', '/v1/auth/login', {
      body: { username: email.toUpperCase(), password: PASSWORD },
    });
    expect(login.status).toBe(200);
    const token = login.json<{ data: { access_token: string; expires_at: string } }>().data.access_token;
    expect(token).toMatch(/^[\w-]{43}$/);

    const show = await server.call('GET', '/v1/users/show', { token });
    expect(show.status).toBe(200);
    const user = userSchema.parse(show.json<{ data: unknown }>().data);
    expect(user).toMatchObject({
      title: 'Ms',
      first_name: 'Isla',
      email: email.toLowerCase(),
      dob: '1990-05-17',
      creation_origin: 'HOME_PAGE',
      profile: {
        has_car_access: true,
        has_concessionary_pass: false,
        has_young_scot_card: false,
        has_new_young_scot_card: false,
        railcard: null,
      },
    });
    expect(user.profile.user_age).toBeGreaterThanOrEqual(35);
    expect(show.text).not.toMatch(/password/i);

    const updated = await server.call('PUT', '/v1/users/update', {
      token,
      body: {
        ...registration(email, { password: undefined, password_confirmation: undefined }),
        first_name: 'Isla Jane',
        profile: {
          has_car_access: false,
          has_concessionary_pass: true,
          has_young_scot_card: true,
          has_new_young_scot_card: true,
          railcard: 'Senior Railcard',
        },
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.json<{ data: unknown }>().data).toMatchObject({
      first_name: 'Isla Jane',
      profile: {
        has_car_access: false,
        has_concessionary_pass: true,
        has_young_scot_card: true,
        has_new_young_scot_card: true,
        railcard: 'Senior Railcard',
      },
    });
    // Young Scot rule: no card means no new card; railcard '' means none.
    const noCard = await server.call('PUT', '/v1/users/update', {
      token,
      body: {
        ...registration(email, { password: undefined, password_confirmation: undefined, first_name: 'Isla Jane' }),
        profile: { has_young_scot_card: false, railcard: '' },
      },
    });
    expect(noCard.json<{ data: { profile: unknown } }>().data.profile).toMatchObject({
      has_young_scot_card: false,
      has_new_young_scot_card: false,
      railcard: null,
      has_concessionary_pass: true,
    });
    const shown = await server.call('GET', '/v1/users/show', { token });
    expect(shown.json<{ data: { first_name: string } }>().data.first_name).toBe('Isla Jane');

    const resetAsked = await server.call('POST', '/v1/users/password/reset', { body: { email } });
    expect(resetAsked.status).toBe(200);
    const resetMail = await server.mailTo(email, /^Reset your/);
    expect(resetMail.link).toMatch(/^https:\/\/regional\.localhost\/auth\/password-reset\?code=/);
    const resetCode = codeFrom(resetMail);

    const mismatch = await server.call('POST', `/v1/users/password/reset/${resetCode}`, {
      body: { password: 'a brand new secret', password_confirmation: 'something else' },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.json<Body>().errors?.password_confirmation).toEqual(['The password confirmation does not match.']);
    const isEmail = await server.call('POST', `/v1/users/password/reset/${resetCode}`, {
      body: { password: email, password_confirmation: email },
    });
    expect(isEmail.json<Body>().errors?.password).toEqual(['The password must not be your e-mail address.']);

    const newPassword = 'a brand new secret';
    const reset = await server.call('POST', `/v1/users/password/reset/${resetCode}`, {
      body: { password: newPassword, password_confirmation: newPassword },
    });
    expect(reset.status).toBe(200);
    expect(reset.json<Body>().data?.message).toMatch(/password has been changed/);
    const reused = await server.call('POST', `/v1/users/password/reset/${resetCode}`, {
      body: { password: 'yet another secret', password_confirmation: 'yet another secret' },
    });
    expect(reused.status).toBe(404);

    expect((await server.call('GET', '/v1/users/show', { token })).status).toBe(401);
    expect(
      (await server.call('POST', '/v1/auth/login', { body: { username: email, password: PASSWORD } })).status,
    ).toBe(401);
    const relogin = await server.call('POST', '/v1/auth/login', { body: { username: email, password: newPassword } });
    expect(relogin.status).toBe(200);
    const fresh = relogin.json<{ data: { access_token: string } }>().data.access_token;
    expect((await server.call('GET', '/v1/users/show', { token: fresh })).status).toBe(200);
  });
});

describe('register', () => {
  it('lists every field error with the SPEC lists and our password rules', async () => {
    const response = await server.call('POST', '/v1/users/register', {
      body: {
        title: 'Captain',
        first_name: '',
        email: 'not-an-email',
        dob: '2030-02-30',
        password: 'short',
        password_confirmation: 'different',
        accepts_terms: false,
        profile: { railcard: 'Gold Card' },
      },
    });
    expect(response.status).toBe(422);
    const { message, errors } = response.json<Required<Body>>();
    expect(message).toMatch(/\(and \d+ more errors\)$/);
    expect(errors.title?.[0]).toBe(
      'Choose a title from the list: Mr, Mrs, Ms, Miss, Dr, Prof, Sir, Dame, Reverend, Duke, Duchess, Other.',
    );
    expect(errors.first_name).toEqual(['The first name is required.']);
    expect(errors.last_name).toEqual(['The last name is required.']);
    expect(errors.email).toEqual(['Enter a valid e-mail address.']);
    expect(errors.dob).toEqual(['The date of birth must be a real date written YYYY-MM-DD.']);
    expect(errors.password).toEqual(['The password must be at least 10 characters.']);
    expect(errors.password_confirmation).toEqual(['The password confirmation does not match.']);
    expect(errors.accepts_terms).toEqual(['You must accept the terms and conditions.']);
    expect(errors['profile.railcard']?.[0]).toMatch(
      /^Choose a railcard from the list: 16-17 Saver, 16-25 Railcard, 26-30 Railcard, Disabled Persons Railcard, Senior Railcard/,
    );
  });

  it('needs age 12 or over, a non-future date, and a password that is not the e-mail', async () => {
    const email = uniqueEmail();
    const today = new Date();
    const eleven = `${today.getUTCFullYear() - 11}-01-01`;
    const young = await server.call('POST', '/v1/users/register', { body: registration(email, { dob: eleven }) });
    expect(young.json<Body>().errors?.dob).toEqual(['You must be aged 12 or over to register.']);
    const future = await server.call('POST', '/v1/users/register', {
      body: registration(email, { dob: `${today.getUTCFullYear() + 1}-01-01` }),
    });
    expect(future.json<Body>().errors?.dob).toEqual(['The date of birth must not be in the future.']);
    const sameAsEmail = await server.call('POST', '/v1/users/register', {
      body: registration(email, { password: email.toUpperCase(), password_confirmation: email.toUpperCase() }),
    });
    expect(sameAsEmail.json<Body>().errors?.password).toEqual(['The password must not be your e-mail address.']);
    const missing = await server.call('POST', '/v1/users/register', { body: {} });
    expect(missing.json<Body>().errors).toMatchObject({
      email: ['The e-mail address is required.'],
      password: ['The password is required.'],
      dob: ['The date of birth is required.'],
    });
  });

  it('takes flat pass fields, applies the Young Scot rule, and defaults creation_origin', async () => {
    const email = uniqueEmail();
    const body: Record<string, unknown> = registration(email, {
      has_young_scot_card: false,
      has_new_young_scot_card: true,
      railcard: '16-25 Railcard',
    });
    delete body.creation_origin;
    expect((await server.call('POST', '/v1/users/register', { body })).status).toBe(201);
    const [row] = await server.db.select().from(users).where(eq(users.email, email));
    expect(row?.profile).toEqual({
      has_car_access: true,
      has_concessionary_pass: false,
      has_young_scot_card: false,
      has_new_young_scot_card: false,
      railcard: '16-25 Railcard',
    });
    expect(row?.creationOrigin).toBe('HOME_PAGE');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('answers an address already registered and activated, in any case, as a new one; its owner is told by e-mail (issue 33)', async () => {
    const email = uniqueEmail();
    await signUp(server, email);
    const fresh = await server.call('POST', '/v1/users/register', { body: registration(uniqueEmail()), brand: 'park' });
    const twice = await server.call('POST', '/v1/users/register', {
      body: registration(email.toUpperCase()),
      brand: 'park',
    });
    expect([twice.status, twice.text]).toEqual([fresh.status, fresh.text]);
    expect(twice.status).toBe(201);
    const mail = await server.mailTo(email, /already have/);
    expect(mail.subject).toBe('You already have a National Park Journey Planner account');
    expect(mail.link).toBe('https://park.localhost/login');
    // The password sent with the second registration changed nothing.
    const login = await server.call('POST', '/v1/auth/login', { body: { username: email, password: PASSWORD } });
    expect(login.status).toBe(200);
  });

  it('is refused (403) by brands without accounts, like every account call', async () => {
    for (const brand of ['health', 'council']) {
      const response = await server.call('POST', '/v1/users/register', { body: registration(uniqueEmail()), brand });
      expect(response.status).toBe(403);
      expect(response.json<Body>().message).toMatch(/does not offer user accounts/);
      expect(
        (await server.call('POST', '/v1/auth/login', { body: { username: 'a@b.org', password: 'x' }, brand })).status,
      ).toBe(403);
      expect((await server.call('GET', '/v1/users/show', { brand })).status).toBe(403);
    }
  });

  it("sends the activation mail in the calling brand's name and host", async () => {
    const email = uniqueEmail();
    await server.call('POST', '/v1/users/register', { body: registration(email), brand: 'park' });
    const mail = await server.mailTo(email, /Activate/);
    expect(mail.subject).toBe('Activate your National Park Journey Planner account');
    expect(mail.link).toMatch(/^https:\/\/park\.localhost\/auth\/activation\?code=/);
  });
});

describe('activation, login and tokens', () => {
  it('does not accept junk or unknown codes', async () => {
    for (const code of ['nope', 'x'.repeat(43), '%F0%9F%98%80', "1'%20or%201=1"]) {
      const response = await server.call('POST', `/v1/users/activation/${code}`);
      expect(response.status).toBe(404);
      expect(response.json<Body>().message).toMatch(/not valid or has expired/);
    }
  });

  it('expires activation codes after 48 hours', async () => {
    const email = uniqueEmail();
    await server.call('POST', '/v1/users/register', { body: registration(email) });
    const code = codeFrom(await server.mailTo(email, /Activate/));
    server.advance(49 * 3_600_000);
    try {
      expect((await server.call('POST', `/v1/users/activation/${code}`)).status).toBe(404);
    } finally {
      server.advance(-49 * 3_600_000);
    }
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const email = uniqueEmail();
    await signUp(server, email);
    const unknown = await server.call('POST', '/v1/auth/login', {
      body: { username: uniqueEmail(), password: PASSWORD },
    });
    const wrong = await server.call('POST', '/v1/auth/login', {
      body: { username: email, password: 'wrong password!' },
    });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    const bad = await server.call('POST', '/v1/auth/login', { body: { username: 42 } });
    expect(bad.status).toBe(422);
    expect(bad.json<Body>().errors).toEqual({
      username: ['The e-mail address must be text.'],
      password: ['The password is required.'],
    });
  });

  it('ends tokens at their expiry (30 days) and when revoked', async () => {
    const email = uniqueEmail();
    const token = await signUp(server, email);
    expect((await server.call('GET', '/v1/users/show', { token })).status).toBe(200);
    server.advance(31 * 24 * 3_600_000);
    try {
      const expired = await server.call('GET', '/v1/users/show', { token });
      expect(expired.status).toBe(401);
      expect(expired.json<Body>().message).toBe('Your session has ended. Please sign in again.');
    } finally {
      server.advance(-31 * 24 * 3_600_000);
    }
    expect((await server.call('GET', '/v1/users/show', { token })).status).toBe(200);
    const [user] = await server.db.select().from(users).where(eq(users.email, email));
    await server.db.update(accessTokens).set({ revokedAt: new Date() }).where(eq(accessTokens.userId, user!.id));
    expect((await server.call('GET', '/v1/users/show', { token })).status).toBe(401);
  });

  it('stores tokens only as hashes', async () => {
    const email = uniqueEmail();
    const token = await signUp(server, email);
    const [user] = await server.db.select().from(users).where(eq(users.email, email));
    const rows = await server.db.select().from(accessTokens).where(eq(accessTokens.userId, user!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.tokenHash).not.toContain(token);
  });

  it('needs a token for show and update', async () => {
    expect((await server.call('GET', '/v1/users/show')).json<Body>().message).toBe('Please sign in.');
    expect((await server.call('GET', '/v1/users/show', { token: 'garbage' })).status).toBe(401);
    expect((await server.call('PUT', '/v1/users/update', { body: {} })).status).toBe(401);
  });

  it('does not change the e-mail or password through update', async () => {
    const email = uniqueEmail();
    const token = await signUp(server, email);
    const response = await server.call('PUT', '/v1/users/update', {
      token,
      body: registration('someone.else@example.org', { password: 'another password' }),
    });
    expect(response.status).toBe(422);
    expect(response.json<Body>().errors).toEqual({
      email: ['The e-mail address cannot be changed.'],
      password: ['Use Change Password to change your password.'],
      password_confirmation: ['Use Change Password to change your password.'],
    });
    const invalid = await server.call('PUT', '/v1/users/update', {
      token,
      body: { ...registration(email), password: '', password_confirmation: '', profile: { has_car_access: 'yes' } },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.json<Body>().errors).toEqual({ 'profile.has_car_access': ['Car access must be true or false.'] });
  });
});

describe('password reset', () => {
  it('answers the same whether or not the e-mail has an account, and mails only real accounts', async () => {
    const email = uniqueEmail();
    await signUp(server, email);
    const nobody = uniqueEmail('nobody');
    const known = await server.call('POST', '/v1/users/password/reset', { body: { email } });
    const unknown = await server.call('POST', '/v1/users/password/reset', { body: { email: nobody } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json<Body>().data?.message).toBe(
      'If an account exists for this e-mail address, we have sent it a link to reset the password.',
    );
    await server.mailTo(email, /Reset/);
    await expect(server.mailTo(nobody, /Reset/, 300)).rejects.toThrow(/no mail/);
    const invalid = await server.call('POST', '/v1/users/password/reset', { body: { email: 'nope' } });
    expect(invalid.status).toBe(422);
  });

  it('expires reset links after an hour; a reset also activates a never-activated account', async () => {
    const email = uniqueEmail();
    await server.call('POST', '/v1/users/register', { body: registration(email) });
    await server.call('POST', '/v1/users/password/reset', { body: { email } });
    const code = codeFrom(await server.mailTo(email, /Reset/));
    server.advance(61 * 60_000);
    try {
      const late = await server.call('POST', `/v1/users/password/reset/${code}`, {
        body: { password: 'a new password', password_confirmation: 'a new password' },
      });
      expect(late.status).toBe(404);
    } finally {
      server.advance(-61 * 60_000);
    }
    const ok = await server.call('POST', `/v1/users/password/reset/${code}`, {
      body: { password: 'a new password', password_confirmation: 'a new password' },
    });
    expect(ok.status).toBe(200);
    expect(
      (await server.call('POST', '/v1/auth/login', { body: { username: email, password: 'a new password' } })).status,
    ).toBe(200);
  });
});

describe('rate limits', () => {
  let tight: ApiServer;
  beforeAll(async () => {
    tight = await startApiServer({
      limits: {
        loginPerIp: { limit: 5, windowMs: 60_000 },
        loginPerAccount: { limit: 3, windowMs: 60_000 },
        registerPerIp: { limit: 2, windowMs: 60_000 },
        resetPerIp: { limit: 5, windowMs: 60_000 },
        resetPerAccount: { limit: 2, windowMs: 60_000 },
      },
    });
  });
  afterAll(async () => {
    await tight?.close();
  });

  it('limits login attempts per IP, with 429, a message and Retry-After', async () => {
    const attempt = (username: string) =>
      tight.call('POST', '/v1/auth/login', { body: { username, password: 'wrong password' } });
    for (let i = 0; i < 5; i++) expect((await attempt(`someone.${i}@example.org`)).status).toBe(401);
    const limited = await attempt('victim@example.org');
    expect(limited.status).toBe(429);
    expect(limited.json<Body>().message).toBe('Too many attempts. Please try again in 1 minute.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    tight.advance(61_000);
    expect((await attempt('victim@example.org')).status).toBe(401);
  });

  it('limits register per IP and reset per account', async () => {
    expect((await tight.call('POST', '/v1/users/register', { body: {} })).status).toBe(422);
    expect((await tight.call('POST', '/v1/users/register', { body: {} })).status).toBe(422);
    expect((await tight.call('POST', '/v1/users/register', { body: {} })).status).toBe(429);
    const reset = () => tight.call('POST', '/v1/users/password/reset', { body: { email: 'someone@example.org' } });
    expect((await reset()).status).toBe(200);
    expect((await reset()).status).toBe(200);
    const limited = await reset();
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('account abuse at the default limits (issue 33)', () => {
  let server: ApiServer;
  beforeAll(async () => {
    server = await startApiServer({ limits: DEFAULT_RATE_LIMITS });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("does not let anyone else use up an address's reset and registration quota", async () => {
    const email = uniqueEmail('Quota');
    await signUp(server, email);
    const attacker = '127.0.0.12';
    const reset = (from: string) => server.call('POST', '/v1/users/password/reset', { body: { email }, from });
    for (let i = 0; i < DEFAULT_RATE_LIMITS.resetPerAccount.limit; i++)
      expect((await reset(attacker)).status).toBe(200);
    expect((await reset(attacker)).status).toBe(429);
    // The owner, from their own client, still gets a reset link.
    expect((await reset('127.0.0.13')).status).toBe(200);
    expect((await server.mailTo(email, /Reset/)).link).toMatch(/password-reset\?code=/);

    const pending = uniqueEmail('Pending');
    const register = (from: string) => server.call('POST', '/v1/users/register', { body: registration(pending), from });
    for (let i = 0; i < DEFAULT_RATE_LIMITS.registerPerAccount.limit; i++)
      expect((await register(attacker)).status).toBe(201);
    expect((await register(attacker)).status).toBe(429);
    expect((await register('127.0.0.13')).status).toBe(201);
  });

  it('does not lock everyone behind one IP out after many failed sign-ins there', async () => {
    const email = uniqueEmail('Library');
    await signUp(server, email);
    const library = '127.0.0.14';
    const login = (username: string, password: string) =>
      server.call('POST', '/v1/auth/login', { body: { username, password }, from: library });
    // Someone at the library's shared address fails at many accounts.
    for (let i = 0; i < DEFAULT_RATE_LIMITS.loginFailuresPerIp.limit; i++)
      expect((await login(`guess.${i}@example.org`, 'wrong password')).status).toBe(401);
    // A reader at the same address who has not failed signs in.
    expect((await login(email, PASSWORD)).status).toBe(200);
    // The one failing there is slowed: a client (account and IP) that has failed now waits.
    // (Its one failure may be older than the first delay, a second; its next one is not.)
    const first = await login('guess.0@example.org', 'wrong password');
    const next = first.status === 429 ? first : await login('guess.0@example.org', 'wrong password');
    expect(next.status).toBe(429);
  });
});

describe('sign-in throttling: lockout is not a weapon (issue 22)', () => {
  let server: ApiServer;
  beforeAll(async () => {
    server = await startApiServer({
      limits: {
        loginPerAccount: { limit: 5, windowMs: 60_000 },
        loginBackoff: { free: 3, baseMs: 10_000, maxMs: 40_000, windowMs: 120_000 },
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('slows the client that fails with growing delays, and never refuses the right password from one that has not failed', async () => {
    const email = uniqueEmail('Target');
    await signUp(server, email);
    const login = (from: string, password: string) =>
      server.call('POST', '/v1/auth/login', { body: { username: email, password }, from });
    const attacker = '127.0.0.2';
    for (let i = 0; i < 3; i++) expect((await login(attacker, `guess ${i}`)).status).toBe(401);
    // The attacker has used its free failures: 10 s, even for the right password.
    const slowed = await login(attacker, PASSWORD);
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBe(10);
    expect(slowed.json<Body>().message).toBe('Too many attempts. Please try again in 10 seconds.');
    // The owner, who has not been failing, signs in at once.
    expect((await login('127.0.0.1', PASSWORD)).status).toBe(200);
    // The delay grows: after the next failure, 20 s.
    server.advance(10_000);
    expect((await login(attacker, 'guess 3')).status).toBe(401);
    expect(Number((await login(attacker, 'guess 4')).headers['retry-after'])).toBe(20);
    // A fresh client signs in with the right password. Its failure is the account's fifth: the
    // account is under attack, so a client that has failed even once now waits.
    const other = '127.0.0.3';
    expect((await login(other, PASSWORD)).status).toBe(200);
    expect((await login(other, 'typo')).status).toBe(401);
    expect((await login(other, PASSWORD)).status).toBe(429);
    expect((await login('127.0.0.1', PASSWORD)).status).toBe(200);
    // The attacker's delay is capped at maxMs (40 s); the other client's ends after 10 s.
    expect(Number((await login(attacker, PASSWORD)).headers['retry-after'])).toBe(40);
    server.advance(10_000);
    expect((await login(other, PASSWORD)).status).toBe(200);
  });
});

describe('activation mail from the outbox (issue 22)', () => {
  it('registers even when the relay is down; the mail goes out from the outbox once it is back', async () => {
    const sent: Mail[] = [];
    let down = true;
    const broken = await startApiServer({
      mailer: {
        kind: 'smtp',
        send: async (mail) => {
          if (down) throw new Error('connect ECONNREFUSED 10.0.0.1:25 (internal detail)');
          sent.push(mail);
        },
      },
    });
    try {
      const email = uniqueEmail('Outbox');
      const response = await broken.call('POST', '/v1/users/register', { body: registration(email) });
      expect(response.status).toBe(201);
      const [user] = await broken.db.select().from(users).where(eq(users.email, email.toLowerCase()));
      expect(user?.activatedAt).toBeNull();
      const owed = async () => broken.db.select().from(mailOutbox).where(eq(mailOutbox.userId, user!.id));
      for (let i = 0; i < 100 && (await owed())[0]?.attempts === 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await owed()).toMatchObject([{ kind: 'activation', sentAt: null, attempts: 1 }]);
      // Registering again (never activated) is not a 409: new details, one new mail owed.
      const again = await broken.call('POST', '/v1/users/register', {
        body: registration(email, {
          first_name: 'Eilidh',
          password: `${PASSWORD}!`,
          password_confirmation: `${PASSWORD}!`,
        }),
      });
      expect(again.status).toBe(201);
      // Its own first try (in the background) fails too; wait for it to let go of the row.
      const settled = async () =>
        (await owed()).every((row) => row.sentAt !== null || (row.attempts > 0 && row.lockedUntil === null));
      for (let i = 0; i < 250 && !(await settled()); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      down = false;
      expect(await broken.context.outbox.deliver((key) => broken.brands.brands.get(key as never))).toBe(1);
      expect(sent.map((mail) => [mail.to, mail.html.includes('Hello Eilidh')])).toEqual([[email.toLowerCase(), true]]);
      expect((await owed()).every((row) => row.sentAt !== null)).toBe(true);
      expect((await broken.call('POST', `/v1/users/activation/${codeFrom(sent[0]!)}`)).status).toBe(200);
      expect(
        (await broken.call('POST', '/v1/auth/login', { body: { username: email, password: `${PASSWORD}!` } })).status,
      ).toBe(200);
      // Activated: registering again answers as for a new address (issue 33: no enumeration).
      expect((await broken.call('POST', '/v1/users/register', { body: registration(email) })).status).toBe(201);
      // A reset for an unknown or known address still answers the same, whatever the mail does.
      expect((await broken.call('POST', '/v1/users/password/reset', { body: { email } })).status).toBe(200);
    } finally {
      await broken.close();
    }
  });

  it('writes the account and its mail in one transaction: no account without its mail', async () => {
    const server = await startApiServer();
    try {
      // The outbox cannot take the row (as if the process died before the commit).
      await server.db.execute(sql`alter table mail_outbox add constraint refuse check (length(brand) < 0) not valid`);
      const email = uniqueEmail('Atomic');
      expect((await server.call('POST', '/v1/users/register', { body: registration(email) })).status).toBe(500);
      expect(await server.db.select().from(users).where(eq(users.email, email.toLowerCase()))).toEqual([]);
      await server.db.execute(sql`alter table mail_outbox drop constraint refuse`);
      expect((await server.call('POST', '/v1/users/register', { body: registration(email) })).status).toBe(201);
      expect((await server.mailTo(email, /Activate/)).to).toBe(email.toLowerCase());
    } finally {
      await server.close();
    }
  });

  it('sends what a crash left unsent when the outbox starts', async () => {
    const server = await startApiServer();
    try {
      const email = uniqueEmail('Crashed');
      const [user] = await server.db
        .insert(users)
        .values({ email: email.toLowerCase(), passwordHash: 'x', brand: 'regional', firstName: 'Isla', lastName: 'M' })
        .returning();
      await server.db.insert(mailOutbox).values({ kind: 'activation', userId: user!.id, brand: 'regional' });
      server.context.outbox.start((key) => server.brands.brands.get(key as never), 60_000);
      expect(codeFrom(await server.mailTo(email, /Activate/))).toMatch(/^[\w-]{43}$/);
      await server.context.outbox.stop();
    } finally {
      await server.close();
    }
  });
});
