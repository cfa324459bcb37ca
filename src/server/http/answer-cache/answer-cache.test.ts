import { describe, expect, it } from 'vitest';
import { AnswerCache, answerKey, chooseEncoding, type CachedAnswer } from './answer-cache';

function answer(bytes: number, storedAt = 0): CachedAnswer {
  const body = Buffer.alloc(bytes, 'a');
  return { status: 200, headers: {}, etag: 'W/"x"', bodies: { identity: body }, forEveryone: true, storedAt, bytes };
}

describe('chooseEncoding', () => {
  it('prefers Brotli, then gzip, and honours q=0 refusals', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('br;q=0.0, gzip;q=0')).toBe('identity');
    expect(chooseEncoding('*')).toBe('gzip');
    expect(chooseEncoding(undefined)).toBe('identity');
  });
});

describe('answerKey', () => {
  it('tells a page from data at the same URL', () => {
    expect(answerKey('/shop', 'text/html,application/xhtml+xml')).not.toBe(answerKey('/shop', 'application/json'));
    expect(answerKey('/shop', undefined)).toBe(answerKey('/shop', '*/*'));
  });
});

describe('AnswerCache', () => {
  it('marks its answers stale after a background landing, drops none, and keeps an answer made from older data as stale', () => {
    const cache = new AnswerCache(1000, 60_000, () => 0);
    const { generation } = cache;
    const madeBefore = { ...cache.freshness };
    expect(cache.set('page /shop', answer(10), generation)).toBe(true);
    expect(cache.isStale('page /shop', cache.get('page /shop')!)).toBe(false);
    cache.markStale('everything');
    expect(cache.get('page /shop')).toBeDefined();
    expect(cache.isStale('page /shop', cache.get('page /shop')!)).toBe(true);
    // Made anew by a request that arrived after the landing: fresh again.
    expect(cache.set('page /shop', answer(10), generation)).toBe(true);
    expect(cache.isStale('page /shop', cache.get('page /shop')!)).toBe(false);
    // Made by a request that arrived before the landing: kept, but stale, so the next request makes it anew.
    expect(cache.set('page /', answer(10), generation, madeBefore)).toBe(true);
    expect(cache.isStale('page /', cache.get('page /')!)).toBe(true);
    expect(cache.size.answers).toBe(2);
    // An owner's change still drops everything.
    cache.clear();
    expect(cache.size.answers).toBe(0);
  });

  it("makes only the artworks' own pages and API answers stale when room mockups land", () => {
    const cache = new AnswerCache(1000, 60_000, () => 0);
    const keys = ['page /artwork/12', 'data /api/artworks/12', 'page /shop', 'data /api/artworks?q=wall', 'page /'];
    for (const key of keys) cache.set(key, answer(10), cache.generation);
    cache.markStale('artwork-pages');
    expect(keys.filter((key) => cache.isStale(key, cache.get(key)!))).toEqual([
      'page /artwork/12',
      'data /api/artworks/12',
    ]);
  });

  it('does not keep an answer made before the last clear', () => {
    const cache = new AnswerCache(1000, 60_000, () => 0);
    const generation = cache.generation;
    cache.clear();
    expect(cache.set('k', answer(10), generation)).toBe(false);
    expect(cache.set('k', answer(10), cache.generation)).toBe(true);
    expect(cache.get('k')?.bytes).toBe(10);
  });

  it('drops the oldest answers past its size, and answers past their age', () => {
    let now = 0;
    const cache = new AnswerCache(100, 1_000, () => now);
    cache.set('a', answer(60, now), cache.generation);
    cache.set('b', answer(30, now), cache.generation);
    cache.set('c', answer(30, now), cache.generation);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toEqual({ answers: 2, bytes: 60 });
    expect(cache.set('huge', answer(101, now), cache.generation)).toBe(false);
    now = 1_001;
    expect(cache.get('b')).toBeUndefined();
  });

  it('offers one fill at a time, and none for a key whose answer was not kept until the next clear', async () => {
    const cache = new AnswerCache(1000, 60_000);
    cache.markNotShared('k');
    expect(cache.startFill('k')).toBeNull();
    cache.clear();
    const finish = cache.startFill('k');
    expect(finish).not.toBeNull();
    expect(cache.startFill('k')).toBeNull();
    const waiting = cache.fillOf('k');
    finish?.();
    await expect(waiting).resolves.toBeUndefined();
    expect(cache.fillOf('k')).toBeUndefined();
  });
});
