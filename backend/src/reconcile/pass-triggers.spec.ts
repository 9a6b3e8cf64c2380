import { coalescingRunner, reconnectWatcher } from './pass-triggers';

/** A pass that stays open until the test ends it. */
function controllablePass() {
  const started: (() => void)[] = [];
  return {
    started,
    pass: () => new Promise<void>((resolve) => started.push(resolve)),
  };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('coalescingRunner', () => {
  it('runs one pass per trigger when they do not overlap', async () => {
    let passes = 0;
    const runner = coalescingRunner(async () => {
      passes += 1;
    });
    await runner.trigger();
    await runner.trigger();
    expect(passes).toBe(2);
  });

  it('folds triggers during a pass into exactly one more pass after it', async () => {
    const { started, pass } = controllablePass();
    const runner = coalescingRunner(pass);
    const first = runner.trigger();
    await tick();
    runner.trigger();
    runner.trigger();
    runner.trigger();
    expect(started).toHaveLength(1);
    started[0]();
    await tick();
    expect(started).toHaveLength(2);
    started[1]();
    await first;
    expect(started).toHaveLength(2);
    await runner.idle();
  });

  it('keeps going after a failed pass', async () => {
    let calls = 0;
    const runner = coalescingRunner(async () => {
      calls += 1;
      if (calls === 1) throw new Error('database away');
    });
    await expect(runner.trigger()).rejects.toThrow('database away');
    await runner.trigger();
    expect(calls).toBe(2);
  });
});

describe('reconnectWatcher', () => {
  it('ignores the first ready and fires once per comeback', () => {
    const comebacks: number[] = [];
    const watch = reconnectWatcher(() => comebacks.push(comebacks.length + 1));
    watch.ready();
    expect(comebacks).toEqual([]);
    watch.down();
    watch.down();
    watch.ready();
    watch.ready();
    expect(comebacks).toEqual([1]);
    watch.down();
    watch.ready();
    expect(comebacks).toEqual([1, 2]);
  });
});
