/**
 * A tournament's goals between the reader's shape (tournament-json.ts, goals1/goals2) and the
 * `fixture_goals` rows: the rows a match's goals are written as, and the stored rows read back, so
 * the snapshot merge sees a newer file's changed goals as a change (`goalsCorrected`) and an
 * unchanged file as none. Pure.
 */
import { foldName } from '@scoreline/contracts/game/fold-name';
import type { GoalSide, GoalWrite, StoredGoalRow } from '../seasons/squad-and-goal-rows';
import type { TournamentGoal, TournamentMatch } from './tournament-json';

export type { GoalRow, GoalSide, GoalWrite, StoredGoalRow } from '../seasons/squad-and-goal-rows';

export type MatchGoals = NonNullable<TournamentMatch['goals']>;

/** The rows of a match's goals: none while it has no result or the file lists no scorers. */
export function goalRowsOf(match: Pick<TournamentMatch, 'score' | 'goals'>): GoalWrite[] {
  if (match.score === null || match.goals === null) return [];
  const rows = (side: GoalSide, goals: readonly TournamentGoal[]): GoalWrite[] =>
    goals.map((g, i) => ({
      side,
      ordinal: i + 1,
      scorer: g.scorer,
      scorer_folded: foldName(g.scorer),
      minute: g.minute,
      added_minute: g.added,
      penalty: g.penalty,
      own_goal: g.ownGoal,
    }));
  return [...rows('home', match.goals.home), ...rows('away', match.goals.away)];
}

/** Stored rows back into the reader's shape, by match key (each side in its stored order). */
export function storedGoalsByKey(rows: readonly StoredGoalRow[]): Map<string, MatchGoals> {
  const byKey = new Map<string, MatchGoals>();
  const sorted = [...rows].sort((a, b) => a.ordinal - b.ordinal);
  for (const r of sorted) {
    const goals = byKey.get(r.external_key) ?? { home: [], away: [] };
    // The reader's key order: the merge compares goals as JSON.
    goals[r.side].push({ scorer: r.scorer, minute: r.minute, added: r.added_minute, penalty: r.penalty, ownGoal: r.own_goal });
    byKey.set(r.external_key, goals);
  }
  return byKey;
}

const noGoals = (goals: TournamentMatch['goals']) => goals === null || (goals.home.length === 0 && goals.away.length === 0);

/**
 * A stored match's goals as the merge judges them: the stored list; with none stored, the
 * incoming file's when it lists none either (a 0–0 written with or without empty lists is the
 * same), else empty lists, so goals the table does not hold yet (a match stored before goals
 * were) are a change and get written.
 */
export function storedGoalsOf(stored: MatchGoals | undefined, incoming: TournamentMatch['goals'] | undefined): TournamentMatch['goals'] {
  if (stored !== undefined) return stored;
  if (incoming === undefined || noGoals(incoming)) return incoming ?? null;
  return { home: [], away: [] };
}

/** Whether a match's goals as written differ from the rows stored for it. */
export function goalsChanged(written: readonly GoalWrite[], stored: MatchGoals | undefined): boolean {
  const storedRows = stored ? goalRowsOf({ score: { ft: [0, 0], ht: null, et: null, p: null }, goals: stored }) : [];
  return JSON.stringify(written) !== JSON.stringify(storedRows);
}
