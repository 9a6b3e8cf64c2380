import type { FixtureStatus } from './gameweek-status';
import { advancePickPoints, type Side } from './knockout';
import { checkFragment } from './sql-fragment';

export { checkFragment };

/**
 * Scoring rules (architecture.md, "The game's rules"). Pure functions shared by backend,
 * workers and frontend, plus SQL generators so the set-based scoring UPDATE in Postgres
 * uses exactly the same constants as the TypeScript code.
 */

/** Points are totals, not sums: an exact win is 20, not 10 + 20. */
export const POINTS = {
  /** Right winner (home or away), wrong score. */
  correctResult: 10,
  /** Predicted a draw, it was a draw, wrong score. */
  correctDraw: 15,
  /** Exact score of a home or away win. */
  exactWin: 20,
  /** Exact score of a draw. */
  exactDraw: 30,
  wrong: 0,
  /** Postponed / void matches score nothing, banker or not. */
  void: 0,
  /** A banker doubles that match's points. */
  bankerMultiplier: 2,
} as const;

export type PredictionOutcome = 'exact' | 'correct' | 'wrong' | 'void';

export interface ScorePredictionInput {
  predictedHome: number;
  predictedAway: number;
  /** Ignored when isVoid (a postponed match may have no score). */
  actualHome: number | null;
  actualAway: number | null;
  isBanker?: boolean;
  isVoid?: boolean;
}

export interface ScorePredictionResult {
  outcome: PredictionOutcome;
  points: number;
}

/** A fixture as it stands: its status and score (null: no score yet). */
export interface FixtureAtState {
  status: FixtureStatus;
  home: number | null;
  away: number | null;
  /**
   * Who went through, for a match that carries the "who goes through" pick, once it is finished
   * and decided (knockout.shared-sql.ts advancedSideSql); absent or null otherwise.
   */
  advanced?: Side | null;
}

/**
 * A pick's points and outcome at its fixture's current state, as the scorer scores it: void when
 * postponed, nothing yet (null) without a score. The live tables and the picks grid both read it.
 */
export function scoreAtState(
  pick: { home: number; away: number; banker: boolean; advance?: Side | null },
  fixture: FixtureAtState,
): { outcome: PredictionOutcome; points: number } | { outcome: null; points: null } {
  const predicted = { predictedHome: pick.home, predictedAway: pick.away, isBanker: pick.banker };
  if (fixture.status === 'postponed') return scorePrediction({ ...predicted, actualHome: null, actualAway: null, isVoid: true });
  if (fixture.home === null || fixture.away === null) return { outcome: null, points: null };
  const scored = scorePrediction({ ...predicted, actualHome: fixture.home, actualAway: fixture.away });
  // The goes-through pick's points, never doubled, as the scorer adds them (pointsWithAdvanceSql).
  const advance = advancePickPoints(pick.advance ?? null, fixture.advanced ?? null) ?? 0;
  return { outcome: scored.outcome, points: scored.points + advance };
}

/** A fan's pick of a match scored at the match's state, and whether those points are final. */
export interface PickAtState {
  points: number | null;
  outcome: PredictionOutcome | null;
  isFinal: boolean;
}

/**
 * What a fan's pick (home or away null: no prediction) shows at its match's current state, by the
 * scorer's rule (scoreAtState): final once the match is finished or postponed. The Results,
 * history and predictions screens show a goal's points with it before the scorer has written them.
 */
export function pickAtState(
  pick: { home: number | null; away: number | null; banker: boolean | null; advance?: Side | null },
  fixture: FixtureAtState,
): PickAtState {
  if (pick.home === null || pick.away === null) return { points: null, outcome: null, isFinal: false };
  const { points, outcome } = scoreAtState({ home: pick.home, away: pick.away, banker: pick.banker ?? false, advance: pick.advance ?? null }, fixture);
  const isFinal = points !== null && (fixture.status === 'finished' || fixture.status === 'postponed');
  return { points, outcome, isFinal };
}

/** Scores one prediction against a (final or provisional) score. */
export function scorePrediction(input: ScorePredictionInput): ScorePredictionResult {
  const { predictedHome, predictedAway, actualHome, actualAway, isBanker = false, isVoid = false } = input;
  if (isVoid) return { outcome: 'void', points: POINTS.void };
  if (actualHome === null || actualAway === null) {
    // A match without a score cannot be scored; callers must pass isVoid or wait for a score.
    throw new RangeError('scorePrediction: a non-void match needs an actual score');
  }

  const actualDraw = actualHome === actualAway;
  let outcome: PredictionOutcome;
  let base: number;
  if (predictedHome === actualHome && predictedAway === actualAway) {
    outcome = 'exact';
    base = actualDraw ? POINTS.exactDraw : POINTS.exactWin;
  } else if (Math.sign(predictedHome - predictedAway) === Math.sign(actualHome - actualAway)) {
    outcome = 'correct';
    base = actualDraw ? POINTS.correctDraw : POINTS.correctResult;
  } else {
    outcome = 'wrong';
    base = POINTS.wrong;
  }
  return { outcome, points: isBanker ? base * POINTS.bankerMultiplier : base };
}

/** Accuracy lives in accuracy.ts; re-exported for the callers that know it from here. */
export { accuracyPercent } from './accuracy';

/**
 * SQL fragments (column references such as `p.predicted_home`, or `$1` parameters) used to
 * build the CASE expressions. They are pasted into SQL verbatim, so they must be written by
 * the backend itself, never taken from user input.
 */
export interface ScoringSqlColumns {
  predHome: string;
  predAway: string;
  actHome: string;
  actAway: string;
  /** Boolean expression: is this prediction the user's banker. NULL counts as false. */
  banker: string;
  /** Optional boolean expression that is true when the match is void (postponed). */
  isVoid?: string;
}

function sqlParts(p: ScoringSqlColumns) {
  const ph = checkFragment('predHome', p.predHome);
  const pa = checkFragment('predAway', p.predAway);
  const ah = checkFragment('actHome', p.actHome);
  const aa = checkFragment('actAway', p.actAway);
  const banker = checkFragment('banker', p.banker);
  const isVoid = p.isVoid === undefined ? null : checkFragment('isVoid', p.isVoid);
  return {
    banker,
    voidWhen: isVoid === null ? [] : [`WHEN COALESCE(${isVoid}, FALSE) THEN`],
    unknown: `${ah} IS NULL OR ${aa} IS NULL OR ${ph} IS NULL OR ${pa} IS NULL`,
    exact: `${ph} = ${ah} AND ${pa} = ${aa}`,
    // Same sign of goal difference, written without sign() so the types stay integer.
    sameResult: `(${ph} > ${pa} AND ${ah} > ${aa}) OR (${ph} < ${pa} AND ${ah} < ${aa}) OR (${ph} = ${pa} AND ${ah} = ${aa})`,
    actualDraw: `${ah} = ${aa}`,
  };
}

/**
 * Postgres expression computing a prediction's points with the POINTS constants, banker
 * included: 0 when void (if `isVoid` is given), NULL while the score or prediction is unknown.
 */
export function scoringSqlCase(p: ScoringSqlColumns): string {
  const s = sqlParts(p);
  const lines = [
    '(CASE',
    ...s.voidWhen.map((w) => `  ${w} ${POINTS.void}`),
    `  WHEN ${s.unknown} THEN NULL`,
    `  WHEN ${s.exact} THEN (CASE WHEN ${s.actualDraw} THEN ${POINTS.exactDraw} ELSE ${POINTS.exactWin} END)`,
    `  WHEN ${s.sameResult} THEN (CASE WHEN ${s.actualDraw} THEN ${POINTS.correctDraw} ELSE ${POINTS.correctResult} END)`,
    `  ELSE ${POINTS.wrong}`,
    `END) * (CASE WHEN COALESCE(${s.banker}, FALSE) THEN ${POINTS.bankerMultiplier} ELSE 1 END)`,
  ];
  return `(${lines.join('\n')})`;
}

/**
 * Postgres expression giving the outcome text: 'exact' | 'correct' | 'wrong', or 'void' when
 * `isVoid` is given and true; NULL while the score or prediction is unknown.
 */
export function outcomeSqlCase(p: ScoringSqlColumns): string {
  const s = sqlParts(p);
  const lines = [
    '(CASE',
    ...s.voidWhen.map((w) => `  ${w} 'void'`),
    `  WHEN ${s.unknown} THEN NULL`,
    `  WHEN ${s.exact} THEN 'exact'`,
    `  WHEN ${s.sameResult} THEN 'correct'`,
    `  ELSE 'wrong'`,
    'END)',
  ];
  return lines.join('\n');
}
