import { BENCH_CASES, benchCases, benchScales } from './run';

describe('benchScales', () => {
  it('defaults to 100k, reads 100k, 1m and both in order, and lets BENCH_USERS win', () => {
    expect(benchScales({})).toEqual([100_000]);
    expect(benchScales({ BENCH_SCALE: '1m' })).toEqual([1_000_000]);
    expect(benchScales({ BENCH_SCALE: '100k, 1M' })).toEqual([100_000, 1_000_000]);
    expect(benchScales({ BENCH_SCALE: '1m', BENCH_USERS: '2500' })).toEqual([2500]);
  });

  it('refuses an unknown scale or a user count out of range', () => {
    expect(() => benchScales({ BENCH_SCALE: '10m' })).toThrow(/BENCH_SCALE/);
    expect(() => benchScales({ BENCH_USERS: '0' })).toThrow(/BENCH_USERS/);
  });
});

describe('benchCases', () => {
  it('runs every case by default, or the ones BENCH_ONLY names, in the bench order', () => {
    expect(benchCases({})).toEqual(BENCH_CASES);
    expect(benchCases({ BENCH_ONLY: 'standings, headline' }).map((b) => b.name)).toEqual(['headline', 'standings']);
  });

  it('refuses a name that is no case, before anything is seeded', () => {
    expect(() => benchCases({ BENCH_ONLY: 'headline,nope' })).toThrow(/BENCH_ONLY: no case named nope; the cases: headline, score-fixture/);
  });
});
