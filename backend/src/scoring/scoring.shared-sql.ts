import type { ScoringSqlColumns } from '@scoreline/contracts/game/scoring';

/**
 * Public SQL of the scoring domain (the *.shared-sql.ts convention: any domain may compose it):
 * the scoring lock and the columns and counts the scorer's statements (score-fixture.sql.ts) are
 * written with, which the live tables and the reconciler's checks read the same way.
 */

/** Advisory-lock namespace of scoring; the second key is the season id. */
export const SCORING_LOCK_NAMESPACE = 7_301;

/** The scoring rules' inputs in a query over `predictions p` joined to the fixture as `fx`. */
export const SCORING_COLUMNS: ScoringSqlColumns = {
  predHome: 'p.home_score',
  predAway: 'p.away_score',
  actHome: 'fx.home_score',
  actAway: 'fx.away_score',
  banker: 'p.is_banker',
  isVoid: "fx.status = 'postponed'",
};

/** A prediction's points are final once its fixture is finished or void (postponed). */
export const IS_FINAL_SQL = "fx.status IN ('finished', 'postponed')";

/** 1 when the outcome counts as scored (live or finished, not void), else 0; NULL-safe. */
export const countsAsScored = (o: string) => `(CASE WHEN ${o} IN ('exact', 'correct', 'wrong') THEN 1 ELSE 0 END)`;
export const countsAsCorrect = (o: string) => `(CASE WHEN ${o} IN ('exact', 'correct') THEN 1 ELSE 0 END)`;
export const countsAsExact = (o: string) => `(CASE WHEN ${o} = 'exact' THEN 1 ELSE 0 END)`;
/** Scored while the match is still in play: its points are provisional. */
export const countsAsLive = (o: string, final: string) => `(CASE WHEN ${o} IN ('exact', 'correct', 'wrong') AND NOT ${final} THEN 1 ELSE 0 END)`;
