import { BENCH_CASES, benchArgs, benchCases, benchProcesses, benchScales } from './run';

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

  it('runs the competitions case only when asked: by --competitions 2 after the others, or by name', () => {
    expect(benchCases({}).map((b) => b.name)).not.toContain('competitions');
    expect(benchCases({}, { competitions: 2 }).map((b) => b.name)).toEqual([...BENCH_CASES.map((b) => b.name), 'competitions']);
    expect(benchCases({ BENCH_ONLY: 'competitions' }).map((b) => b.name)).toEqual(['competitions']);
    expect(benchCases({ BENCH_ONLY: 'competitions,headline' }, { competitions: 2 }).map((b) => b.name)).toEqual(['headline', 'competitions']);
  });
});

describe('benchArgs', () => {
  it('reads --competitions 1|2, spaced or with =, and defaults to one competition', () => {
    expect(benchArgs([])).toEqual({ competitions: 1 });
    expect(benchArgs(['--competitions', '2'])).toEqual({ competitions: 2 });
    expect(benchArgs(['--competitions=2'])).toEqual({ competitions: 2 });
    expect(benchArgs(['--competitions', '1'])).toEqual({ competitions: 1 });
  });

  it('refuses another count, a missing one, or another argument', () => {
    expect(() => benchArgs(['--competitions', '3'])).toThrow(/--competitions must be 1 or 2, got 3/);
    expect(() => benchArgs(['--competitions'])).toThrow(/got nothing/);
    expect(() => benchArgs(['--scale', '1m'])).toThrow(/unknown argument --scale/);
  });
});

describe('benchProcesses', () => {
  it('runs both apps in the bench process by default; the workers apart, or the workers and the API apart', () => {
    expect(benchProcesses({})).toEqual({ workersApart: false, apiApart: false });
    expect(benchProcesses({ BENCH_WORKERS: 'process' })).toEqual({ workersApart: true, apiApart: false });
    expect(benchProcesses({ BENCH_WORKERS: 'process', BENCH_API: 'process' })).toEqual({ workersApart: true, apiApart: true });
    expect(benchProcesses({ BENCH_WORKERS: 'in-process', BENCH_API: 'in-process' })).toEqual({ workersApart: false, apiApart: false });
  });

  it('refuses another value, and the API apart while the workers run in the bench process', () => {
    expect(() => benchProcesses({ BENCH_API: 'apart' })).toThrow(/BENCH_API must be process or in-process, got apart/);
    expect(() => benchProcesses({ BENCH_WORKERS: '1' })).toThrow(/BENCH_WORKERS must be/);
    expect(() => benchProcesses({ BENCH_API: 'process' })).toThrow(/BENCH_API=process runs with BENCH_WORKERS=process/);
  });
});
