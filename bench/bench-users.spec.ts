import { BENCH_CACHE_PREFIX, benchCacheName } from './bench-users';

describe('benchCacheName', () => {
  const madeBy = { migrations: ['Foundation1763700000000', 'Game1763800000000'], seed: 'INSERT INTO users …' };

  it('names the user count and what made the data set, as a Postgres identifier fits', () => {
    const name = benchCacheName(1_000_000, madeBy);
    expect(name).toMatch(new RegExp(`^${BENCH_CACHE_PREFIX}1000000_[0-9a-f]{12}$`));
    expect(name.length).toBeLessThanOrEqual(63);
    expect(benchCacheName(1_000_000, { ...madeBy })).toBe(name);
  });

  it('names a new cache when the migrations or the seed change, or for another user count', () => {
    const name = benchCacheName(100_000, madeBy);
    expect(benchCacheName(100_000, { ...madeBy, migrations: [...madeBy.migrations, 'ActivityHitsKey1766100000000'] })).not.toBe(name);
    expect(benchCacheName(100_000, { ...madeBy, seed: 'INSERT INTO users … (another name list)' })).not.toBe(name);
    expect(benchCacheName(1_000_000, madeBy)).not.toBe(name);
  });
});
