import { VersionedCache } from './versioned-cache';

describe('VersionedCache', () => {
  it('answers from memory while the version holds, and loads again when it moves', async () => {
    const cache = new VersionedCache<number, string>(10);
    let loads = 0;
    const load = async () => `load ${++loads}`;
    expect(await cache.get(1, 'v1', load)).toBe('load 1');
    expect(await cache.get(1, 'v1', load)).toBe('load 1');
    expect(await cache.get(1, 'v2', load)).toBe('load 2');
    // One entry per key: going back to an older version loads again.
    expect(await cache.get(1, 'v1', load)).toBe('load 3');
    expect(await cache.get(1, null, load)).toBe('load 4');
    expect(await cache.get(1, null, load)).toBe('load 4');
  });

  it('shares one load between concurrent misses of a key and version', async () => {
    const cache = new VersionedCache<number, number>(10);
    let loads = 0;
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5));
    expect(await Promise.all([cache.get(1, 'v', load), cache.get(1, 'v', load)])).toEqual([1, 1]);
    expect(loads).toBe(1);
  });

  it('does not keep a failed load', async () => {
    const cache = new VersionedCache<number, number>(10);
    await expect(cache.get(1, 'v', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(1, 'v', async () => 7)).toBe(7);
  });

  it('lets the least recently used key go when full', async () => {
    const cache = new VersionedCache<string, string>(2);
    let loads = 0;
    const load = async () => `load ${++loads}`;
    await cache.get('a', 'v', load);
    await cache.get('b', 'v', load);
    await cache.get('a', 'v', load); // a is now the most recently used
    await cache.get('c', 'v', load); // b goes
    expect(await cache.get('a', 'v', load)).toBe('load 1');
    expect(await cache.get('b', 'v', load)).toBe('load 4');
  });
});
