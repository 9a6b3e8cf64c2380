import { globalBenchmarks } from './stats.service';

describe('globalBenchmarks', () => {
  const stored = { highest: 9, average: 4.26, participants: 1_000 };

  it('is the stored benchmarks while the fan has no more than the stored highest', () => {
    expect(globalBenchmarks(stored, { points: 9 })).toEqual({ highest_points: 9, average_points: 4.3, participants: 1_000 });
    expect(globalBenchmarks(stored, { points: 0 }).highest_points).toBe(9);
  });

  it("never shows a highest below the fan's own live points (a goal the scorer has not written yet)", () => {
    // The stored totals say 9 at most; the fan's live totals already count the goal: 12.
    expect(globalBenchmarks(stored, { points: 12 })).toEqual({ highest_points: 12, average_points: 4.3, participants: 1_000 });
  });
});
