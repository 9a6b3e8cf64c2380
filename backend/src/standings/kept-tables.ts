/**
 * When a whole table kept in memory (a period table of the stored standings, a live table's base)
 * answers for a newer version of its league's standings. Every change of the stored table moves
 * `computed_at`, its version; only a recompute moves `recomputed_at`. A big league's join or leave
 * ranked in place moves the first alone: a table kept from before misses that member and nothing
 * else. Loading a big table again costs ~1 s of Postgres at 1M members, and a signup a second
 * would keep every process reloading, so such a table answers on for up to
 * BIG_TABLE_MEMBERS_RELOAD.ms after its load while a fresh one loads. Never across a recompute:
 * its figures must not go back.
 */

/** The summary's two stamps, as a head query reads them (null before the first recompute). */
export interface SummaryStamps {
  computed_at: Date | null;
  recomputed_at: Date | null;
}

/** The stamps in ms (0 before the first recompute). */
export interface TableVersions {
  version: number;
  recomputed: number;
}

/** How long a kept big table may miss members who joined or left since its load. Tests lower it. */
export const BIG_TABLE_MEMBERS_RELOAD = { ms: 15_000 };

export function tableVersionsOf(head: SummaryStamps): TableVersions {
  return {
    version: head.computed_at ? new Date(head.computed_at).getTime() : 0,
    recomputed: head.recomputed_at ? new Date(head.recomputed_at).getTime() : 0,
  };
}

/** A kept table: the versions it was loaded at, and when (ms). */
export interface KeptTable extends TableVersions {
  loadedAt: number;
}

/**
 * What a kept big table does for a read at `wanted`: `answers` (it holds the same figures), and
 * `reload` (a fresh one is due). A small table is reloaded for every new version, as before.
 */
export function keptTableUse(kept: KeptTable, wanted: TableVersions, now: number): { answers: boolean; reload: boolean } {
  if (kept.version === wanted.version) return { answers: true, reload: false };
  if (kept.recomputed !== wanted.recomputed) return { answers: false, reload: true };
  return { answers: true, reload: now - kept.loadedAt >= BIG_TABLE_MEMBERS_RELOAD.ms };
}

/** Loads run behind the reads, one at a time per key: a read that finds one running starts none. */
export class BackgroundReloads {
  private readonly running = new Set<string>();

  /** Starts `reload` for `key` unless one runs; its failure goes to `failed` (the next due read tries again). */
  start(key: string, reload: () => Promise<unknown>, failed: (error: unknown) => void = () => undefined): void {
    if (this.running.has(key)) return;
    this.running.add(key);
    void reload()
      .catch(failed)
      .finally(() => this.running.delete(key));
  }

  /**
   * The big table kept for `key` when it answers a read at `at` (keptTableUse), starting its
   * reload behind the read when one is due; undefined when the caller has to load one now.
   */
  keptAnswer<T extends KeptTable>(key: string, kept: T | undefined, at: TableVersions, reload: () => Promise<unknown>): T | undefined {
    if (!kept) return undefined;
    const use = keptTableUse(kept, at, Date.now());
    if (!use.answers) return undefined;
    if (use.reload) this.start(key, reload);
    return kept;
  }
}
