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

export function recomputeGroups(leagueIds: number[], memberCounts: ReadonlyMap<number, number>, limits: RecomputeLimits): RecomputeGroups {
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
