import type { FixtureUpdatedPayload, PointsUpdatedPayload } from '@scoreline/contracts/live';
import type { GameweekResults, ResultMatch, ResultsUserStats } from '@scoreline/contracts/api/stats';
import { wholeAccuracyPercent } from '@scoreline/contracts/game/accuracy';

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

/** Cached results with one match's live score, status and minute replaced. */
export function applyResultsFixtureUpdate(data: GameweekResults | null | undefined, update: FixtureUpdatedPayload) {
  if (!hasMatch(data, update.gameweekId, update.fixtureId)) return data;
  return {
    ...data,
    matches: data.matches.map((m) =>
      m.fixture_id === update.fixtureId
        ? { ...m, status: update.status, minute: update.minute, actual_home_score: update.homeScore, actual_away_score: update.awayScore }
        : m,
    ),
  };
}

/** Cached results with one match's points and outcome replaced and the user's figures recounted. */
export function applyResultsPointsUpdate(data: GameweekResults | null | undefined, update: PointsUpdatedPayload) {
  if (!hasMatch(data, update.gameweekId, update.fixtureId)) return data;
  const matches = data.matches.map((m) =>
    m.fixture_id === update.fixtureId
      ? { ...m, points_earned: update.points, result_status: update.outcome, is_final: !update.provisional }
      : m,
  );
  return { ...data, matches, user_stats: recountUserStats(matches, update.gameweekTotal, data.user_stats) };
}
