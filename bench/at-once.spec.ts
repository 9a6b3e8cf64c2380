import { atOnce, medianOfRuns } from './at-once';

const after = (delayMs: number) => () => new Promise<void>((resolve) => setTimeout(resolve, delayMs));

describe('atOnce', () => {
  it('times every part from one start, and the whole until the last is done', async () => {
    const { each, all } = await atOnce([after(60), after(5), after(30)]);
    // Started together: each ends after its own delay, not after the ones before it.
    expect(each[1]).toBeLessThan(each[2]);
    expect(each[2]).toBeLessThan(each[0]);
    expect(each[0]).toBeGreaterThanOrEqual(55);
    expect(each[0]).toBeLessThan(60 + 5 + 30);
    expect(all).toBe(Math.max(...each));
  });

  it('fails when a part fails', async () => {
    await expect(atOnce([after(1), () => Promise.reject(new Error('no table'))])).rejects.toThrow('no table');
  });
});

describe('medianOfRuns', () => {
  it('takes the median of the whole and of each part on its own', () => {
    const runs = [
      { each: [10, 40], all: 40 },
      { each: [30, 20], all: 30 },
      { each: [20, 60], all: 60 },
    ];
    expect(medianOfRuns(runs)).toEqual({ each: [20, 40], all: 40 });
  });
});
