import { LRUCache } from 'lru-cache';
import { loadingLru, versionedGet, type Versioned } from './lru';

const later = <T>(value: T, ms = 5) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('loadingLru', () => {
  it('answers from memory until the entry expires, then loads again', async () => {
    let now = 1_000;
    // A clock of the test's own, read on every look-up.
    const cache = loadingLru<number>({ max: 2, ttl: 1_000, perf: { now: () => now }, ttlResolution: 0 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.forceFetch('a', { context: load })).toBe(1);
    now += 1_000;
    expect(await cache.forceFetch('a', { context: load })).toBe(1);
    now += 1;
    expect(await cache.forceFetch('a', { context: load })).toBe(2);
  });

  it('shares one load between concurrent misses of a key', async () => {
    const cache = loadingLru<number>({ max: 10 });
    let loads = 0;
    const load = () => later(++loads);
    expect(await Promise.all([cache.forceFetch('a', { context: load }), cache.forceFetch('a', { context: load })])).toEqual([1, 1]);
    expect(loads).toBe(1);
  });

  it('does not keep a failed load', async () => {
    const cache = loadingLru<number>({ max: 10 });
    await expect(cache.forceFetch('a', { context: () => Promise.reject(new Error('down')) })).rejects.toThrow('down');
    expect(cache.has('a')).toBe(false);
    expect(await cache.forceFetch('a', { context: async () => 7 })).toBe(7);
  });

  it('answers a load whose entry was evicted while it ran', async () => {
    const cache = loadingLru<string>({ max: 1 });
    const slow = cache.forceFetch('a', { context: () => later('a', 10) });
    await cache.forceFetch('b', { context: async () => 'b' }); // evicts a, still loading
    await expect(slow).resolves.toBe('a');
    expect(cache.has('a')).toBe(false);
  });

  it('lets the least recently used entry go when full', async () => {
    const cache = loadingLru<string>({ max: 2 });
    let loads = 0;
    const load = async () => `load ${++loads}`;
    await cache.forceFetch('a', { context: load });
    await cache.forceFetch('b', { context: load });
    await cache.forceFetch('a', { context: load }); // a is now the most recently used
    await cache.forceFetch('c', { context: load }); // b goes
    expect(await cache.forceFetch('a', { context: load })).toBe('load 1');
    expect(await cache.forceFetch('b', { context: load })).toBe('load 4');
  });
});

describe('versionedGet', () => {
  const cacheOf = <K extends NonNullable<unknown>, V>(max: number) => new LRUCache<K, Versioned<V>>({ max });

  it('answers from memory while the version holds, and loads again when it moves', async () => {
    const cache = cacheOf<number, string>(10);
    let loads = 0;
    const load = async () => `load ${++loads}`;
    expect(await versionedGet(cache, 1, 'v1', load)).toBe('load 1');
    expect(await versionedGet(cache, 1, 'v1', load)).toBe('load 1');
    expect(await versionedGet(cache, 1, 'v2', load)).toBe('load 2');
    // One entry per key: going back to an older version loads again.
    expect(await versionedGet(cache, 1, 'v1', load)).toBe('load 3');
    expect(await versionedGet(cache, 1, null, load)).toBe('load 4');
    expect(await versionedGet(cache, 1, null, load)).toBe('load 4');
    expect(cache.size).toBe(1);
  });

  it('shares one load between concurrent misses of a key and version, and does not wait for another version', async () => {
    const cache = cacheOf<number, string>(10);
    let loads = 0;
    const old = versionedGet(cache, 1, 'v1', () => later(`v1 ${++loads}`, 50));
    const [a, b] = await Promise.all([versionedGet(cache, 1, 'v2', () => later(`v2 ${++loads}`)), versionedGet(cache, 1, 'v2', () => later(`v2 ${++loads}`))]);
    expect([a, b]).toEqual(['v2 2', 'v2 2']);
    expect(loads).toBe(2);
    expect(await old).toBe('v1 1');
  });

  it('does not keep a failed load', async () => {
    const cache = cacheOf<number, number>(10);
    await expect(versionedGet(cache, 1, 'v', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.has(1)).toBe(false);
    expect(await versionedGet(cache, 1, 'v', async () => 7)).toBe(7);
  });

  it('lets the least recently used key go when full', async () => {
    const cache = cacheOf<string, string>(2);
    let loads = 0;
    const load = async () => `load ${++loads}`;
    await versionedGet(cache, 'a', 'v', load);
    await versionedGet(cache, 'b', 'v', load);
    await versionedGet(cache, 'a', 'v', load); // a is now the most recently used
    await versionedGet(cache, 'c', 'v', load); // b goes
    expect(await versionedGet(cache, 'a', 'v', load)).toBe('load 1');
    expect(await versionedGet(cache, 'b', 'v', load)).toBe('load 4');
  });
});
