import { cpuBetween, procStatCpuMs } from './server-cpu';

describe('procStatCpuMs', () => {
  it('adds utime and stime (clock ticks) after a command name holding spaces and parentheses', () => {
    const stat = '4242 (postgres: (x) y) S 1 4242 4242 0 -1 4194560 900 0 0 0 250 37 0 0 20 0 1 0 1368 226000000 3000 18446744073709551615';
    expect(procStatCpuMs(stat)).toBe(2_870);
  });
});

describe('cpuBetween', () => {
  it('counts the process and every backend alive at the end', () => {
    const before = { processMs: 1_000, backends: new Map([[1, 100], [2, 50], [3, 70]]) };
    const after = { processMs: 1_600, backends: new Map([[1, 160], [2, 50], [4, 30]]) };
    expect(cpuBetween(before, after)).toEqual({ processMs: 600, postgresMs: 60 + 0 + 30 });
  });
});
