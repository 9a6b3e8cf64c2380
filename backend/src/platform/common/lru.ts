import { LRUCache } from 'lru-cache';

/** What a miss runs: the caller's own load of the entry. */
export type Load<V> = () => Promise<V>;

/**
 * An LRUCache whose misses run the caller's load, given as fetch's context:
 * `cache.forceFetch(key, { context: load })`. Concurrent misses of a key share one load and a
 * failed load is not kept (LRUCache's fetch); a load whose entry leaves while it runs (evicted
 * by newer ones) still answers its callers, where LRUCache would reject them by default.
 */
export function loadingLru<V extends NonNullable<unknown>>(
  options: { max: number } & Pick<LRUCache.OptionsBase<string, V, Load<V>>, 'ttl' | 'perf' | 'ttlResolution'>,
): LRUCache<string, V, Load<V>> {
  return new LRUCache<string, V, Load<V>>({ ...options, ignoreFetchAbort: true, fetchMethod: (_key, _stale, { context }) => context() });
}

/** An entry of a cache of answers computed from a source that has versions: the answer (or its load) and the version. */
export interface Versioned<V> {
  version: string | null;
  value: Promise<V>;
}

/**
 * The answer for `key` at `version` of its source, read by the caller with its own first query:
 * the one kept while the version holds, else `load()`, kept in its place (one entry per key: any
 * other version is a miss). The load is kept while it runs, so concurrent misses of one key and
 * version share it, and a load for a newer version needs no older one to end first (which
 * LRUCache's fetch, one load per key, cannot say); a failed load is not kept. A hit is a get and a
 * comparison: no promise or closure of its own.
 */
export function versionedGet<K extends NonNullable<unknown>, V>(cache: LRUCache<K, Versioned<V>>, key: K, version: string | null, load: Load<V>): Promise<V> {
  const kept = cache.get(key);
  if (kept !== undefined && kept.version === version) return kept.value;
  const entry: Versioned<V> = { version, value: load() };
  cache.set(key, entry);
  entry.value.catch(() => {
    if (cache.peek(key) === entry) cache.delete(key);
  });
  return entry.value;
}
