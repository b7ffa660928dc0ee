import { describe, expect, it } from 'vitest';
import { JourneyCache } from '../../../src/server/searches/journey-cache';

const entry = (body: string, hash = 'h', brand = 'regional') => ({ hash, brand, body });
const get = (cache: JourneyCache, id: string) => cache.get(id, 'h', 'regional')?.body;

describe('JourneyCache', () => {
  it('drops the least recently used entries once over its size', () => {
    const cache = new JourneyCache(10);
    cache.set('a', entry('aaaa'));
    cache.set('b', entry('bbbb'));
    expect(get(cache, 'a')).toBe('aaaa'); // a is now the most recent
    cache.set('c', entry('cccc')); // 12 chars: b (least recent) goes
    expect(get(cache, 'b')).toBeUndefined();
    expect(get(cache, 'a')).toBe('aaaa');
    expect(get(cache, 'c')).toBe('cccc');
    expect(cache.size).toBe(2);
  });

  it('answers only for the search and brand the journey belongs to', () => {
    const cache = new JourneyCache();
    cache.set('a', entry('aaaa', 'h1', 'regional'));
    expect(cache.get('a', 'h1', 'regional')?.body).toBe('aaaa');
    expect(cache.get('a', 'h2', 'regional')).toBeUndefined();
    expect(cache.get('a', 'h1', 'council')).toBeUndefined();
  });

  it('replaces an entry without counting it twice, and never keeps one larger than the whole cache', () => {
    const cache = new JourneyCache(10);
    cache.set('a', entry('aaaaa'));
    cache.set('a', entry('aaaaaa'));
    cache.set('b', entry('bbbb'));
    expect(cache.size).toBe(2);
    cache.set('huge', entry('x'.repeat(11)));
    expect(get(cache, 'huge')).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it("counts a traveller's own answer in the size too", () => {
    const cache = new JourneyCache(10);
    cache.set('a', { ...entry('aaaa'), traveller: { body: 'AAAA', ownerKeyHash: 'k', userId: null } });
    expect(cache.get('a', 'h', 'regional')?.traveller?.body).toBe('AAAA');
    cache.set('b', entry('bbb')); // 11 chars: a goes
    expect(get(cache, 'a')).toBeUndefined();
    expect(get(cache, 'b')).toBe('bbb');
  });
});
