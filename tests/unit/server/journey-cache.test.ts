import { describe, expect, it } from 'vitest';
import { JourneyCache } from '../../../src/server/api/search/journey-cache';

const entry = (body: string) => ({ hash: 'h', brand: 'regional', body });

describe('JourneyCache', () => {
  it('drops the least recently used entries once over its size, and forgets on demand', () => {
    const cache = new JourneyCache(10);
    cache.set('a', entry('aaaa'));
    cache.set('b', entry('bbbb'));
    expect(cache.get('a')?.body).toBe('aaaa'); // a is now the most recent
    cache.set('c', entry('cccc')); // 12 chars: b (least recent) goes
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.body).toBe('aaaa');
    expect(cache.get('c')?.body).toBe('cccc');
    cache.forget('a');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('replaces an entry without counting it twice, and never keeps one larger than the whole cache', () => {
    const cache = new JourneyCache(10);
    cache.set('a', entry('aaaaa'));
    cache.set('a', entry('aaaaaa'));
    cache.set('b', entry('bbbb'));
    expect(cache.size).toBe(2);
    cache.set('huge', entry('x'.repeat(11)));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
  });
});
