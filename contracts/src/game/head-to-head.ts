/**
 * Head-to-head and rank-over-time rules (issue 11 §4). Pure functions shared by the backend
 * (which computes the figures) and the frontend (which marks the chart).
 */
import type { PredictionOutcome } from './scoring';

/** Who was right on a match where two players' picks differed. */
export type PickVerdict = 'me' | 'them' | 'both' | 'neither';

/** Who won a gameweek between two players (equal points: a draw). */
export type HeadToHeadWinner = 'me' | 'them' | 'draw';

/** How right a pick was: an exact score beats a correct result beats a wrong one. */
const OUTCOME_STRENGTH: Record<Exclude<PredictionOutcome, 'void'>, number> = { exact: 2, correct: 1, wrong: 0 };

/** Two picks differ when their scores differ; the banker alone does not make a different pick. */
export function picksDiffer(a: { home: number; away: number }, b: { home: number; away: number }): boolean {
  return a.home !== b.home || a.away !== b.away;
}

/**
 * Who was right on a match where the picks differed, from each pick's outcome: the nearer pick
 * (exact over correct result over wrong) wins; equally right is 'both', equally wrong 'neither'.
 * null while the match has no outcome yet (not started, or no pick) and for a void match.
 */
export function pickVerdict(mine: PredictionOutcome | null, theirs: PredictionOutcome | null): PickVerdict | null {
  if (mine === null || theirs === null || mine === 'void' || theirs === 'void') return null;
  const a = OUTCOME_STRENGTH[mine];
  const b = OUTCOME_STRENGTH[theirs];
  if (a > b) return 'me';
  if (b > a) return 'them';
  return a > 0 ? 'both' : 'neither';
}

/** The winner of a gameweek between two players: more points wins, equal points is a draw. */
export function gameweekWinner(myPoints: number, theirPoints: number): HeadToHeadWinner {
  if (myPoints > theirPoints) return 'me';
  if (theirPoints > myPoints) return 'them';
  return 'draw';
}

export interface RankPoint {
  gameweek_number: number;
  rank: number;
}

/**
 * The best (lowest number) and worst (highest number) rank of a history, each at the first
 * gameweek it was reached; null for an empty history.
 */
export function bestAndWorstRank<T extends RankPoint>(history: ReadonlyArray<T>): { best: T; worst: T } | null {
  if (history.length === 0) return null;
  const sorted = [...history].sort((a, b) => a.gameweek_number - b.gameweek_number);
  let best = sorted[0];
  let worst = sorted[0];
  for (const p of sorted) {
    if (p.rank < best.rank) best = p;
    if (p.rank > worst.rank) worst = p;
  }
  return { best, worst };
}
