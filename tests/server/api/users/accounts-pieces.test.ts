import { describe, expect, it } from 'vitest';
import { savedJourneyItem, stageNames } from '../../../../src/server/api/journeys/saved-item';
import { liftFlatPasses, mergeProfile } from '../../../../src/server/api/users/forms';
import { MemoryRateLimiter } from '../../../../src/server/auth/rate-limit';
import { hashSecret, looksLikeSecret, newSecret } from '../../../../src/server/auth/secrets';
import { outboxFileName } from '../../../../src/server/mail/mailer';
import { activationMail, brandLink } from '../../../../src/server/mail/templates';

describe('sliding-window rate limiter', () => {
  it('allows `limit` hits per window and says when to retry', async () => {
    let now = 1_000_000;
    const limiter = new MemoryRateLimiter(() => new Date(now));
    const rule = { limit: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) {
      expect(await limiter.hit('k', rule)).toEqual({ allowed: true });
      now += 10_000;
    }
    expect(await limiter.hit('k', rule)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(await limiter.hit('other', rule)).toEqual({ allowed: true });
    now += 30_001; // the first hit leaves the window
    expect(await limiter.hit('k', rule)).toEqual({ allowed: true });
    expect((await limiter.hit('k', rule)).allowed).toBe(false);
  });
  it('stays bounded under a flood of distinct keys', async () => {
    const limiter = new MemoryRateLimiter(() => new Date(0), 100);
    for (let i = 0; i < 1000; i++) await limiter.hit(`ip-${i}`, { limit: 1, windowMs: 1000 });
    expect((limiter as unknown as { hits: Map<string, number[]> }).hits.size).toBeLessThanOrEqual(100);
  });
});

describe('secrets', () => {
  it('are 32 random bytes in base64url, stored as sha256 hex', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(looksLikeSecret(secret)).toBe(true);
    expect(looksLikeSecret(`${secret}=`)).toBe(false);
    expect(newSecret()).not.toBe(secret);
    expect(hashSecret(secret)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('user forms', () => {
  it('lifts flat pass fields into profile; fields inside profile win', () => {
    expect(liftFlatPasses({ a: 1, has_car_access: false, railcard: '' })).toEqual({
      a: 1,
      has_car_access: false,
      railcard: '',
      profile: { has_car_access: false, railcard: '' },
    });
    expect(liftFlatPasses({ has_car_access: false, profile: { has_car_access: true } })).toMatchObject({
      profile: { has_car_access: true },
    });
    expect(liftFlatPasses({ has_car_access: false, profile: 'junk' })).toEqual({
      has_car_access: false,
      profile: 'junk',
    });
    expect(liftFlatPasses(null)).toBeNull();
  });
  it('merges stored passes with changes and applies the rules', () => {
    expect(
      mergeProfile(
        { has_young_scot_card: true, has_new_young_scot_card: true, railcard: 'Senior Railcard', user_age: 40 },
        { has_young_scot_card: false },
      ),
    ).toEqual({
      has_car_access: true,
      has_concessionary_pass: false,
      has_young_scot_card: false,
      has_new_young_scot_card: false,
      railcard: 'Senior Railcard',
    });
  });
});

describe('saved journey item', () => {
  it('reads the stored Journey defensively', () => {
    const item = savedJourneyItem({
      hash: 'h',
      journeyId: 'j',
      data: { depart: 'junk', cost: 3 },
      form: {},
      originAddress: 'A',
      destinationAddress: 'B',
      savedAt: new Date(0),
    });
    expect(item).toMatchObject({
      origin: null,
      destination: null,
      cost: '3',
      out_date: null,
      is_return: false,
      duration_depart: { text: '' },
      duration_return: null,
      stages: { depart: [] },
    });
    expect(stageNames({ stages: ['walk', { mode: 'bus' }, { type: 'train' }, 7, null] })).toEqual([
      'walk',
      'bus',
      'train',
    ]);
  });
});

describe('account mail', () => {
  const context = {
    brand: { title: 'Dundee "City" Bus\r\nBcc: x', hostnames: ['citybus.localhost'], supportEmail: 'help@example.org' },
    publicUrl: 'https://{host}',
    mailFrom: 'no-reply@example.org',
  };
  it('links to the brand host and keeps headers and HTML clean', () => {
    expect(brandLink({ ...context, publicUrl: 'http://{host}:8080' }, '/auth/activation', { code: 'a b' })).toBe(
      'http://citybus.localhost:8080/auth/activation?code=a+b',
    );
    expect(brandLink({ ...context, publicUrl: 'https://journeys.example.org' }, '/x', {})).toBe(
      'https://journeys.example.org/x',
    );
    const mail = activationMail(context, 'a@b.org', '<script>', 'CODE', 48);
    expect(mail.from).toBe('"Dundee City BusBcc: x" <no-reply@example.org>');
    expect(mail.html).toContain('Hello &lt;script&gt;');
    expect(mail.link).toBe('https://citybus.localhost/auth/activation?code=CODE');
  });
  it('names outbox files by time and recipient, safely', () => {
    expect(outboxFileName({ to: '../Evil/x@y.org' }, new Date('2026-01-02T03:04:05.678Z'))).toMatch(
      /^2026-01-02T03-04-05-678Z-\w{1,4}-\.\._evil_x@y\.org\.json$/,
    );
  });
});
