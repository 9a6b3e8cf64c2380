import { KeyedQueue } from './keyed-queue';

const tick = () => new Promise((r) => setImmediate(r));

describe('KeyedQueue', () => {
  it('runs the tasks of one key one at a time, in order, and of different keys at once', async () => {
    const queue = new KeyedQueue<number>();
    const log: string[] = [];
    const releases: (() => void)[] = [];
    const task = (name: string) => () =>
      new Promise<string>((resolve) => {
        log.push(`start ${name}`);
        releases.push(() => {
          log.push(`end ${name}`);
          resolve(name);
        });
      });
    const a1 = queue.run(1, task('a1'));
    const a2 = queue.run(1, task('a2'));
    const b1 = queue.run(2, task('b1'));
    await tick();
    expect(log).toEqual(['start a1', 'start b1']);
    releases.shift()!(); // a1 ends: a2 may start
    await tick();
    expect(log).toEqual(['start a1', 'start b1', 'end a1', 'start a2']);
    releases.shift()!();
    releases.shift()!();
    await expect(Promise.all([a1, a2, b1])).resolves.toEqual(['a1', 'a2', 'b1']);
    await tick();
    expect(queue.busyKeys).toBe(0);
  });

  it('goes on after a failed task, and hands the failure to its own caller only', async () => {
    const queue = new KeyedQueue<string>();
    const failed = queue.run('k', () => Promise.reject(new Error('boom')));
    const next = queue.run('k', () => Promise.resolve('after'));
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('after');
  });
});
