import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  let clock = 0;
  const cache = () => new TtlCache<number>(1_000, 2, () => clock);
  beforeEach(() => (clock = 0));

  it('answers from memory until the entry expires, then loads again', async () => {
    const c = cache();
    let loads = 0;
    const load = async () => ++loads;
    expect(await c.get('a', load)).toBe(1);
    clock = 999;
    expect(await c.get('a', load)).toBe(1);
    clock = 1_000;
    expect(await c.get('a', load)).toBe(2);
  });

  it('shares one load between concurrent misses of a key', async () => {
    const c = cache();
    let loads = 0;
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5));
    expect(await Promise.all([c.get('a', load), c.get('a', load)])).toEqual([1, 1]);
    expect(loads).toBe(1);
  });

  it('does not keep a failed load', async () => {
    const c = cache();
    await expect(c.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await c.get('a', async () => 7)).toBe(7);
  });

  it('drops the oldest entry when full', async () => {
    const c = cache();
    let loads = 0;
    const load = async () => ++loads;
    await c.get('a', load);
    await c.get('b', load);
    await c.get('c', load); // evicts a
    expect(await c.get('b', load)).toBe(2);
    expect(await c.get('a', load)).toBe(4);
  });
});
