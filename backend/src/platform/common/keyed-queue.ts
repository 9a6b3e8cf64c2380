/**
 * Runs the tasks of one key one after another, in the order they were asked for, and the tasks
 * of different keys at once. A failed task does not stop the ones behind it.
 */
export class KeyedQueue<K> {
  private readonly tails = new Map<K, Promise<void>>();

  run<T>(key: K, task: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with a task running or waiting (for tests: the queue forgets a key once it is idle). */
  get busyKeys(): number {
    return this.tails.size;
  }
}
