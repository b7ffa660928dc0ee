// @vitest-environment jsdom
/**
 * SPEC section 6: the anonymous visitor's random identifier, sent with anonymous calls so the
 * server can tell one visitor's views and searches from another's. Kept only once the visitor
 * has accepted cookies (it identifies a browser), and never sent with a signed-in call.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiGet, apiPost } from '../../../src/web/lib/api';
import { acceptCookies } from '../../../src/web/lib/cookies';
import { VISITOR_HEADER, VISITOR_KEY } from '../../../src/web/lib/visitor';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function recordingFetch() {
  const sent: Headers[] = [];
  const fetch = (async (_url: URL | string, init?: RequestInit) => {
    sent.push(new Headers(init?.headers));
    return new Response('{"data":{}}', { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { sent, fetch };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  localStorage.clear();
  document.cookie = 'user-token=; Max-Age=0; path=/';
});

describe('anonymous visitor identifier', () => {
  it('is a random UUID kept on this browser and sent with every anonymous call once cookies are accepted', async () => {
    acceptCookies();
    const { sent, fetch } = recordingFetch();
    await apiGet('/v1/campaign', { apiKey: 'k'.repeat(16), fetch });
    await apiPost('/v1/journey/viewed/j1', { apiKey: 'k'.repeat(16), fetch });
    const ids = sent.map((headers) => headers.get(VISITOR_HEADER));
    expect(ids[0]).toMatch(UUID);
    expect(ids[1]).toBe(ids[0]);
    expect(localStorage.getItem(VISITOR_KEY)).toBe(ids[0]);
  });

  it('is neither kept nor sent before the visitor accepts cookies', async () => {
    const { sent, fetch } = recordingFetch();
    await apiGet('/v1/campaign', { apiKey: 'k'.repeat(16), fetch });
    expect(sent[0]!.has(VISITOR_HEADER)).toBe(false);
    expect(localStorage.getItem(VISITOR_KEY)).toBeNull();
  });

  it('is not sent with a signed-in call (the bearer token identifies the user)', async () => {
    acceptCookies();
    document.cookie = 'user-token=abc; path=/';
    const { sent, fetch } = recordingFetch();
    await apiGet('/v1/users/show', { apiKey: 'k'.repeat(16), fetch });
    expect(sent[0]!.get('Authorization')).toBe('Bearer abc');
    expect(sent[0]!.has(VISITOR_HEADER)).toBe(false);
  });

  it('replaces a stored value that is not a UUID', async () => {
    acceptCookies();
    localStorage.setItem(VISITOR_KEY, '<script>');
    const { sent, fetch } = recordingFetch();
    await apiGet('/v1/campaign', { apiKey: 'k'.repeat(16), fetch });
    expect(sent[0]!.get(VISITOR_HEADER)).toMatch(UUID);
  });
});
