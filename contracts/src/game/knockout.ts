/**
 * Knockout rules: who goes through a single match or a two-legged tie, and the points of the
 * "who goes through" pick. Pure functions shared by backend, workers and frontend, plus an SQL
 * generator so the set-based scorer's UPDATE uses the same constant as the TypeScript code.
 *
 * The predicted score is the score after 90 minutes and stoppage time (`ft`). Extra time and
 * penalties never change a score prediction's points: scorePrediction (scoring.ts) is given `ft`
 * (see `predictionScore`), and only the "who goes through" pick depends on `et` and `p`.
 *
 * Score shape (openfootball): `ft` after 90 minutes, `et` after extra time counting the whole
 * match (so never below `ft`), `p` the penalty shoot-out; each a pair [home goals, away goals].
 */

import { checkFragment } from './sql-fragment';

/** [home goals, away goals]. */
export type Goals = readonly [number, number];

/** A match's score as it stands; `ft` null (or absent) while the match has no full-time score. */
export interface KnockoutScore {
  ft?: Goals | null;
  et?: Goals | null;
  p?: Goals | null;
}

export type Side = 'home' | 'away';

/**
 * A score that cannot be (penalties without extra time, a drawn shoot-out, extra time below full
 * time, a negative score, extra time after a decided 90 minutes …). The import refuses such rows
 * (backend/src/seasons/import/match-row-rules.ts), so meeting one here is a bug or corrupt data,
 * not a case to score: the rules throw rather than guess a winner. `field` names the part at fault.
 */
export class ImpossibleScoreError extends RangeError {
  constructor(
    readonly field: 'ft' | 'et' | 'p' | 'teams',
    /** What is wrong, without the field's name. */
    readonly reason: string,
  ) {
    super(`${field}: ${reason}`);
    this.name = 'ImpossibleScoreError';
  }
}

const show = (goals: Goals) => `${goals[0]}–${goals[1]}`;

function checkGoals(field: 'ft' | 'et' | 'p', goals: Goals): Goals {
  if (goals.length !== 2 || !goals.every((g) => Number.isInteger(g) && g >= 0)) {
    throw new ImpossibleScoreError(field, `expected two whole numbers of goals, 0 or more, got ${JSON.stringify(goals)}`);
  }
  return goals;
}

/** `et` counts the whole match, so each side's goals are never below its `ft` goals. */
function checkExtraTime(ft: Goals, et: Goals): Goals {
  checkGoals('et', et);
  if (et[0] < ft[0] || et[1] < ft[1]) {
    throw new ImpossibleScoreError('et', `the score after extra time ${show(et)} is below the full-time score ${show(ft)}`);
  }
  return et;
}

/** A shoot-out always has a winner. */
function checkPenalties(p: Goals): Goals {
  checkGoals('p', p);
  if (p[0] === p[1]) throw new ImpossibleScoreError('p', `a shoot-out always has a winner, got ${show(p)}`);
  return p;
}

function leader(goals: Goals): Side | null {
  if (goals[0] === goals[1]) return null;
  return goals[0] > goals[1] ? 'home' : 'away';
}

/**
 * The score a prediction is scored against: the score after 90 minutes and stoppage time, or null
 * while there is none. Extra time and penalties are never part of it.
 */
export function predictionScore(score: KnockoutScore): Goals | null {
  return score.ft == null ? null : checkGoals('ft', score.ft);
}

/**
 * Who won a single match: the 90-minute winner; a draw after 90 minutes goes to extra time (`et`,
 * cumulative), then to penalties (`p`). Null while the match is not decided: no `ft` yet, or a
 * draw with no extra time or shoot-out recorded (a group match, or a knockout match still being
 * played). Throws ImpossibleScoreError on a score that cannot be: `et` or `p` after a decided 90
 * minutes, `p` without `et`, `p` after a decided extra time, a drawn `p`, `et` below `ft`.
 */
export function matchWinner(score: KnockoutScore): Side | null {
  if (score.ft == null) {
    if (score.et != null || score.p != null) throw new ImpossibleScoreError('ft', 'extra time or penalties without a full-time score');
    return null;
  }
  const ft = checkGoals('ft', score.ft);
  const afterNinety = leader(ft);
  if (afterNinety !== null) {
    if (score.et != null) throw new ImpossibleScoreError('et', `no extra time after a decided 90 minutes (${show(ft)})`);
    if (score.p != null) throw new ImpossibleScoreError('p', `no shoot-out after a decided 90 minutes (${show(ft)})`);
    return afterNinety;
  }
  return decideLevelScore(ft, score.et, score.p);
}

/** A level score (a match or an aggregate) goes to extra time, then penalties. */
function decideLevelScore(ft: Goals, et: Goals | null | undefined, p: Goals | null | undefined): Side | null {
  if (et == null) {
    if (p != null) throw new ImpossibleScoreError('p', 'penalties without extra time (a shoot-out follows extra time)');
    return null;
  }
  const afterExtraTime = leader(checkExtraTime(ft, et));
  if (afterExtraTime !== null) {
    if (p != null) throw new ImpossibleScoreError('p', `no shoot-out after a decided extra time (${show(et)})`);
    return afterExtraTime;
  }
  return p == null ? null : leader(checkPenalties(p));
}

/** One leg of a two-legged tie: its teams by identity (home/away swap between legs) and its score. */
export interface TieLeg<Team extends string = string> {
  home: Team;
  away: Team;
  score: KnockoutScore;
}

/**
 * Who goes through a two-legged tie: the aggregate of both legs' 90-minute scores; when level, the
 * second leg's extra time (its `et` replaces its `ft` in the aggregate, `et` being cumulative),
 * then the second leg's penalties. There is no away-goals rule: UEFA abolished it from 2021/22.
 *
 * Null while not decided (a leg without `ft`, or a level aggregate with no extra time or shoot-out
 * recorded yet). Throws ImpossibleScoreError when the legs are not between the same two teams, a
 * first leg has extra time or penalties, or the second leg's `et`/`p` cannot be (extra time after a
 * decided aggregate, `p` without `et`, a drawn `p`, `et` below `ft`).
 */
export function tieWinner<Team extends string>(leg1: TieLeg<Team>, leg2: TieLeg<Team>): Team | null {
  if (leg1.home === leg1.away) throw new ImpossibleScoreError('teams', `a team cannot play itself (${leg1.home})`);
  const sameTeams =
    (leg2.home === leg1.away && leg2.away === leg1.home) || (leg2.home === leg1.home && leg2.away === leg1.away);
  if (!sameTeams) {
    throw new ImpossibleScoreError('teams', `the legs are not between the same two teams (${leg1.home} v ${leg1.away}, ${leg2.home} v ${leg2.away})`);
  }
  if (leg1.score.et != null || leg1.score.p != null) {
    throw new ImpossibleScoreError('et', 'a first leg has no extra time or penalties (they come after the second leg)');
  }
  if (leg2.score.ft == null) {
    if (leg2.score.et != null || leg2.score.p != null) throw new ImpossibleScoreError('ft', 'extra time or penalties without a full-time score');
    return null;
  }
  if (leg1.score.ft == null) return null;
  const ft1 = checkGoals('ft', leg1.score.ft);
  const ft2 = checkGoals('ft', leg2.score.ft);

  // The aggregate from the point of view of leg 2's home team ("home" below means that team).
  const swapped = leg2.home === leg1.away;
  const aggregate = (second: Goals): Goals =>
    swapped ? [ft1[1] + second[0], ft1[0] + second[1]] : [ft1[0] + second[0], ft1[1] + second[1]];
  const teamOf = (side: Side | null): Team | null => (side === null ? null : side === 'home' ? leg2.home : leg2.away);

  const afterNinety = leader(aggregate(ft2));
  if (afterNinety !== null) {
    if (leg2.score.et != null) throw new ImpossibleScoreError('et', 'no extra time after an aggregate decided in 90 minutes');
    if (leg2.score.p != null) throw new ImpossibleScoreError('p', 'no shoot-out after an aggregate decided in 90 minutes');
    return teamOf(afterNinety);
  }
  const et2 = leg2.score.et;
  if (et2 == null) {
    if (leg2.score.p != null) throw new ImpossibleScoreError('p', 'penalties without extra time (a shoot-out follows extra time)');
    return null;
  }
  // Extra time's goals are counted in the aggregate; the shoot-out is leg 2's own.
  return teamOf(decideLevelScore(aggregate(ft2), aggregate(checkExtraTime(ft2, et2)), leg2.score.p));
}

/** Points of a right "who goes through" pick. */
export const ADVANCE_POINTS = 10;

/**
 * Whether a knockout match carries the "who goes through" pick: a single knockout match does; in a
 * two-legged tie the pick is made once, with the second leg (scored on the aggregate), never with
 * the first.
 */
export function hasAdvancePick(match: { knockout: boolean; leg: 1 | 2 | null }): boolean {
  return match.knockout && match.leg !== 1;
}

/**
 * Points of a "who goes through" pick: ADVANCE_POINTS when the pick names who went through, 0
 * otherwise (no pick included), 0 for a void match; null while who goes through is not known yet.
 * Never doubled by the banker: the banker doubles the score prediction only, so `isBanker` is
 * accepted (callers pass a prediction's flags as they are) and changes nothing. `pick` and `actual`
 * are sides of a single match ('home' | 'away', see matchWinner) or the teams of a tie (tieWinner).
 */
export function advancePickPoints<Pick extends string>(
  pick: Pick | null,
  actual: Pick | null,
  flags: { isVoid?: boolean; isBanker?: boolean } = {},
): number | null {
  if (flags.isVoid) return 0;
  if (actual === null) return null;
  return pick !== null && pick === actual ? ADVANCE_POINTS : 0;
}

/**
 * SQL fragments (column references or `$n` parameters) for advancePickSqlCase. Pasted into SQL
 * verbatim, so they must be written by the backend itself, never taken from user input.
 */
export interface AdvancePickSqlColumns {
  /** The fan's pick of who goes through (a side or a team id); NULL when none. */
  pick: string;
  /** Who went through, of the same type as `pick`; NULL while not known. */
  actual: string;
  /** Optional boolean expression that is true when the match is void (postponed). */
  isVoid?: string;
}

/**
 * Postgres expression computing a "who goes through" pick's points as advancePickPoints does: 0
 * when void (if `isVoid` is given), NULL while who goes through is unknown, ADVANCE_POINTS for a
 * right pick, else 0. There is no banker term: the banker never doubles it.
 */
export function advancePickSqlCase(p: AdvancePickSqlColumns): string {
  const pick = checkFragment('pick', p.pick);
  const actual = checkFragment('actual', p.actual);
  const isVoid = p.isVoid === undefined ? null : checkFragment('isVoid', p.isVoid);
  const lines = [
    '(CASE',
    ...(isVoid === null ? [] : [`  WHEN COALESCE(${isVoid}, FALSE) THEN 0`]),
    `  WHEN ${actual} IS NULL THEN NULL`,
    `  WHEN ${pick} IS NOT NULL AND ${pick} = ${actual} THEN ${ADVANCE_POINTS}`,
    '  ELSE 0',
    'END)',
  ];
  return lines.join('\n');
}
