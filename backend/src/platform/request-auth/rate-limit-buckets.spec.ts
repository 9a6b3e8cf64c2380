import { rateLimitBuckets, scaledLimit, USER_AND_ADDRESS_LIMITS } from './rate-limit-buckets';

describe('rate-limit buckets', () => {
  const join = USER_AND_ADDRESS_LIMITS.leagueJoin;

  it('counts a signed-in request against its address and its user, each with its own limit', () => {
    expect(rateLimitBuckets(join, { userId: 42, address: '203.0.113.7' }, 1)).toEqual([
      { key: 'league-join:address:203.0.113.7', limit: 30, ttlMs: 600_000 },
      { key: 'league-join:user:42', limit: 10, ttlMs: 600_000 },
    ]);
  });

  it('counts an anonymous request against its address only', () => {
    expect(rateLimitBuckets(join, { userId: null, address: '::1' }, 1)).toEqual([{ key: 'league-join:address:::1', limit: 30, ttlMs: 600_000 }]);
  });

  it('scales limits by RATE_LIMIT_FACTOR, rounding up and never below 1', () => {
    expect(scaledLimit(10, 1000)).toBe(10_000);
    expect(scaledLimit(5, 0.5)).toBe(3);
    expect(scaledLimit(5, 0.0001)).toBe(1);
    expect(rateLimitBuckets(join, { userId: 1, address: 'a' }, 100).map((b) => b.limit)).toEqual([3000, 1000]);
  });

  it('keeps every limit apart in Redis: no two share a name', () => {
    const names = Object.values(USER_AND_ADDRESS_LIMITS).map((l) => l.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
