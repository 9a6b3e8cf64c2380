/**
 * How the leagues a goal touched are recomputed: a big league alone (its statement sorts only
 * its leading rows), small ones many to a statement and transaction (alone, a 20-member league's
 * recompute costs ~25 ms, nearly all of it round trips, planning and the commit: 50,000 of them
 * were ~20 minutes a round). A league whose size is unknown goes alone.
 */
export interface RecomputeLimits {
  /** From this many members a league is recomputed alone. */
  aloneFrom: number;
  /** At most this many leagues in one batch. */
  leagues: number;
  /** At most this many members over a batch's leagues. */
  members: number;
}

export interface RecomputeGroups {
  alone: number[];
  /** Each with two or more leagues, in league order (a batch of one is a league alone). */
  batches: number[][];
}

/**
 * A batch holds leagues of one season (`seasonOf`, each league's: its statement ranks one
 * season's totals) and, given `competitionOf`, of one competition; a league missing from a map
 * counts as of none. Groups go in the order of their first league.
 */
export function recomputeGroups(
  leagueIds: number[],
  memberCounts: ReadonlyMap<number, number>,
  limits: RecomputeLimits,
  seasonOf: ReadonlyMap<number, number | null> = new Map(),
  competitionOf: ReadonlyMap<number, string | null> = new Map(),
): RecomputeGroups {
  const byPartition = new Map<string, number[]>();
  for (const leagueId of [...new Set(leagueIds)].sort((a, b) => a - b)) {
    const partition = JSON.stringify([seasonOf.get(leagueId) ?? null, competitionOf.get(leagueId) ?? null]);
    const ids = byPartition.get(partition);
    if (ids) ids.push(leagueId);
    else byPartition.set(partition, [leagueId]);
  }
  const groups = [...byPartition.values()].map((ids) => groupsOfOnePartition(ids, memberCounts, limits));
  return { alone: groups.flatMap((g) => g.alone).sort((a, b) => a - b), batches: groups.flatMap((g) => g.batches) };
}

function groupsOfOnePartition(leagueIds: number[], memberCounts: ReadonlyMap<number, number>, limits: RecomputeLimits): RecomputeGroups {
  const alone: number[] = [];
  const batches: number[][] = [];
  let batch: number[] = [];
  let members = 0;
  const close = () => {
    if (batch.length === 1) alone.push(batch[0]);
    else if (batch.length > 1) batches.push(batch);
    batch = [];
    members = 0;
  };
  for (const leagueId of [...new Set(leagueIds)].sort((a, b) => a - b)) {
    const size = memberCounts.get(leagueId);
    if (size === undefined || size >= limits.aloneFrom) {
      alone.push(leagueId);
      continue;
    }
    if (batch.length > 0 && (batch.length >= limits.leagues || members + size > limits.members)) close();
    batch.push(leagueId);
    members += size;
  }
  close();
  return { alone: alone.sort((a, b) => a - b), batches };
}
