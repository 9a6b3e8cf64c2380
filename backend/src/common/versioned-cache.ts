/**
 * An in-process cache of answers that hold until their source moves: one entry per key, kept
 * while the caller's `version` (read with its own first query) is the entry's. Concurrent misses
 * of one key and version share one load; a failed load is not kept; the least recently used
 * entry goes when it is full.
 */
export class VersionedCache<K, T> {
  private readonly entries = new Map<K, { version: string | null; value: Promise<T> }>();

  constructor(private readonly maxEntries: number) {}

  get(key: K, version: string | null, load: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key);
    this.entries.delete(key);
    if (kept && kept.version === version) {
      this.entries.set(key, kept);
      return kept.value;
    }
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    const entry = { version, value: load() };
    this.entries.set(key, entry);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.value;
  }
}
