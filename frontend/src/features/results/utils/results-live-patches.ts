import type { FixtureUpdatedPayload, PointsUpdatedPayload } from '@scoreline/contracts/live';
import type { GameweekResults, ResultMatch, ResultsUserStats } from '@scoreline/contracts/api/stats';
import { wholeAccuracyPercent } from '@scoreline/contracts/game/accuracy';
import { pickAtState } from '@scoreline/contracts/game/scoring';

/** The user's gameweek figures recounted from the matches (same definitions as the server). */
export function recountUserStats(matches: readonly ResultMatch[], totalPoints: number, base: ResultsUserStats): ResultsUserStats {
  const scored = matches.filter((m) => m.result_status !== null && m.result_status !== 'void');
  const correct = scored.filter((m) => m.result_status === 'exact' || m.result_status === 'correct').length;
  const exact = scored.filter((m) => m.result_status === 'exact').length;
  return {
    ...base,
    total_points: totalPoints,
    correct_results: correct,
    exact_scores: exact,
    wrong_results: scored.length - correct,
    scored_predictions: scored.length,
    accuracy: wholeAccuracyPercent(correct, scored.length),
    provisional: scored.some((m) => !m.is_final),
  };
}

function hasMatch(data: GameweekResults | null | undefined, gameweekId: number, fixtureId: number): data is GameweekResults {
  return Boolean(data && data.gameweek?.id === gameweekId && data.matches?.some((m) => m.fixture_id === fixtureId));
}

/** The fan's prediction of a match scored at the match's shown score, by the game's rule (the server's too). */
function scoredNow(m: ResultMatch): Pick<ResultMatch, 'points_earned' | 'result_status' | 'is_final'> {
  const now = pickAtState(
    { home: m.predicted_home_score, away: m.predicted_away_score, banker: m.is_banker },
    { status: m.status, home: m.actual_home_score, away: m.actual_away_score },
  );
  return { points_earned: now.points, result_status: now.outcome, is_final: now.isFinal };
}

/** The gameweek's points: every match of it is listed, so they are the sum of its matches'. */
const sumOfPoints = (matches: readonly ResultMatch[]) => matches.reduce((sum, m) => sum + (m.points_earned ?? 0), 0);

/**
 * Cached results with one match's live score, status and minute replaced, and the fan's points
 * of it worked out from the new score: a goal shows at once, while `points.updated` follows the
 * scorer's writes (seconds for a big match).
 */
export function applyResultsFixtureUpdate(data: GameweekResults | null | undefined, update: FixtureUpdatedPayload) {
  if (!hasMatch(data, update.gameweekId, update.fixtureId)) return data;
  const matches = data.matches.map((m) => {
    if (m.fixture_id !== update.fixtureId) return m;
    const moved = { ...m, status: update.status, minute: update.minute, actual_home_score: update.homeScore, actual_away_score: update.awayScore };
    return { ...moved, ...scoredNow(moved) };
  });
  return { ...data, matches, user_stats: recountUserStats(matches, sumOfPoints(matches), data.user_stats) };
}

/**
 * Cached results with one match's points and outcome replaced and the user's figures recounted.
 * A push whose points the match's shown score does not give is an older scoring arriving late
 * (the newer one follows): the points worked out from the newer score stay.
 */
export function applyResultsPointsUpdate(data: GameweekResults | null | undefined, update: PointsUpdatedPayload) {
  if (!hasMatch(data, update.gameweekId, update.fixtureId)) return data;
  const shown = data.matches.find((m) => m.fixture_id === update.fixtureId)!;
  if (scoredNow(shown).points_earned !== update.points) return data;
  const matches = data.matches.map((m) =>
    m.fixture_id === update.fixtureId
      ? { ...m, points_earned: update.points, result_status: update.outcome, is_final: !update.provisional }
      : m,
  );
  return { ...data, matches, user_stats: recountUserStats(matches, sumOfPoints(matches), data.user_stats) };
}
