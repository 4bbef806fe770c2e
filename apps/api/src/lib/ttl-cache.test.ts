import { describe, expect, it } from 'vitest';
import { cacheLookups } from './cache-stats.ts';
import { createTtlCache } from './ttl-cache.ts';

describe('createTtlCache', () => {
  it('serves a value until it expires, then loads again', async () => {
    let t = 0;
    let loads = 0;
    const cache = createTtlCache<number>({ ttlMs: 100, maxEntries: 10, now: () => t });
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    t = 99;
    expect(await cache.get('a', load)).toBe(1);
    t = 100;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('keeps what a lazy thenable (a Drizzle query) answered, not the thenable that would run again', async () => {
    let runs = 0;
    const cache = createTtlCache<number[]>({ ttlMs: 1000, maxEntries: 10 });
    // Like a Drizzle query builder: nothing runs until it is awaited, and every await runs it again.
    const query = { then: (ok: (rows: number[]) => unknown, fail?: (err: unknown) => unknown) => Promise.resolve([++runs]).then(ok, fail) };
    const load = () => query as unknown as Promise<number[]>;
    expect(await cache.get('tariffs', load)).toEqual([1]);
    expect(await cache.get('tariffs', load)).toEqual([1]);
    expect(await cache.get('tariffs', load)).toEqual([1]);
    expect(runs).toBe(1);
  });

  it('shares one load between concurrent misses', async () => {
    let loads = 0;
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 10 });
    const load = () => new Promise<number>((r) => setTimeout(() => r(++loads), 5));
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
  });

  it('loads again when the revision moves, within the TTL, and keeps to the TTL when the revision cannot be read', async () => {
    let revision: number | Error = 1;
    let loads = 0;
    const cache = createTtlCache<number>({
      ttlMs: 60_000,
      maxEntries: 10,
      revision: async () => {
        if (revision instanceof Error) throw revision;
        return revision;
      },
    });
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    revision = 2;
    expect(await cache.get('k', load)).toBe(2);
    expect(await cache.get('k', load)).toBe(2);
    revision = new Error('db down');
    expect(await cache.get('k', load)).toBe(2);
  });

  it('shares one load between concurrent misses of a revision', async () => {
    let loads = 0;
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 10, revision: async () => 3 });
    const load = () => new Promise<number>((r) => setTimeout(() => r(++loads), 5));
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
  });

  it('does not keep a failed load', async () => {
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 10 });
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 7)).toBe(7);
  });

  it('evicts the oldest entry beyond its size', async () => {
    let loads = 0;
    const cache = createTtlCache<string>({ ttlMs: 1000, maxEntries: 2 });
    const load = (v: string) => async () => (loads++, v);
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    await cache.get('c', load('c'));
    await cache.get('a', load('a2'));
    expect(loads).toBe(4);
  });

  it('counts the hits and misses of a named cache, an expired entry as a miss', async () => {
    let t = 0;
    const cache = createTtlCache<number>({ name: 'ttl-cache-test', ttlMs: 100, maxEntries: 10, now: () => t });
    await cache.get('a', async () => 1);
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    t = 100;
    await cache.get('a', async () => 1);
    expect(cacheLookups().find((c) => c.cache === 'ttl-cache-test')).toEqual({ cache: 'ttl-cache-test', hit: 1, miss: 3 });
  });
});
