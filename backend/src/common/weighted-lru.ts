/**
 * A cache that lets its least recently read entries go once their weights add up past a budget:
 * one big entry read often stays while many small ones come and go around it, and what it holds
 * is bounded by weight (members, bytes), not by a count of entries of any size. A Map keeps
 * insertion order, so a read moves its entry to the end and the first entry is the least recent.
 */
export class WeightedLru<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private weight = 0;

  constructor(
    private readonly budget: number,
    private readonly weightOf: (value: V) => number,
    /** Told of every entry that leaves: evicted, replaced or deleted. */
    private readonly onLeave: (key: K, value: V) => void = () => undefined,
  ) {}

  /** The entry, now the most recently read. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** The entry, leaving its place in the order as it is. */
  peek(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** Keeps the entry as the most recent, then lets the least recent go until the weights fit (an entry over the whole budget is not kept). */
  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weightOf(value);
    // Keeping it would clear the whole cache, and it would still not fit.
    if (weight > this.budget) return;
    this.entries.set(key, { value, weight });
    this.weight += weight;
    while (this.weight > this.budget) {
      const [oldest] = this.entries.keys();
      this.delete(oldest);
    }
  }

  delete(key: K): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.entries.delete(key);
    this.weight -= entry.weight;
    this.onLeave(key, entry.value);
    return true;
  }

  /** The weights of the entries kept. */
  get totalWeight(): number {
    return this.weight;
  }
}
