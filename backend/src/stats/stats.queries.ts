import type { DataSource, EntityManager } from 'typeorm';
import type { ResultMatch } from '@scoreline/contracts/api/stats';
import type { FixtureStatus } from '@scoreline/contracts/game/gameweek-status';
import type { PredictionOutcome } from '@scoreline/contracts/game/scoring';

/**
 * The SQL of the dashboard, the Results screen and a player's club form (reads only: the totals
 * tables the scoring worker keeps, predictions, fixtures and clubs).
 */

type Db = DataSource | EntityManager;

export interface TotalsRow {
  points: number;
  predictions: number;
  scored: number;
  correct: number;
  exact: number;
  provisional: boolean;
}

/** The user's season totals, or null before their first prediction. */
export async function selectSeasonTotals(db: Db, userId: number, seasonId: number): Promise<TotalsRow | null> {
  const [row]: TotalsRow[] = await db.query(
    `SELECT points, predictions, scored, correct, exact, provisional FROM user_season_totals WHERE user_id = $1 AND season_id = $2`,
    [userId, seasonId],
  );
  return row ?? null;
}

/** The user's totals of every gameweek of the season they have a row for. */
export function selectGameweekTotalsOfSeason(db: Db, userId: number, seasonId: number): Promise<(TotalsRow & { gameweek_id: number })[]> {
  return db.query(
    `SELECT gameweek_id, points, predictions, scored, correct, exact, provisional FROM user_gameweek_totals WHERE user_id = $1 AND season_id = $2`,
    [userId, seasonId],
  );
}

/** The user's last five gameweeks with a prediction, newest first. */
export function selectRecentGameweekTotals(db: Db, userId: number, seasonId: number): Promise<(TotalsRow & { id: number; number: number })[]> {
  return db.query(
    `SELECT g.id, g.number, t.points, t.predictions, t.scored, t.correct, t.exact, t.provisional
     FROM user_gameweek_totals t JOIN gameweeks g ON g.id = t.gameweek_id
     WHERE t.user_id = $1 AND t.season_id = $2 AND t.predictions > 0
     ORDER BY g.number DESC LIMIT 5`,
    [userId, seasonId],
  );
}

/** The user's totals of one gameweek, or null. */
export async function selectGameweekTotals(db: Db, userId: number, gameweekId: number): Promise<TotalsRow | null> {
  const [row]: TotalsRow[] = await db.query(
    `SELECT points, predictions, scored, correct, exact, provisional FROM user_gameweek_totals WHERE user_id = $1 AND gameweek_id = $2`,
    [userId, gameweekId],
  );
  return row ?? null;
}

export interface GameweekBenchmarks {
  highest: number;
  average: number;
  participants: number;
}

/** Highest and average points of everyone who predicted the gameweek, and how many did. */
export async function selectGameweekBenchmarks(db: Db, gameweekId: number): Promise<GameweekBenchmarks> {
  const [row]: GameweekBenchmarks[] = await db.query(
    `SELECT COALESCE(max(points), 0)::int AS highest, COALESCE(avg(points), 0)::float8 AS average, count(*)::int AS participants
     FROM user_gameweek_totals WHERE gameweek_id = $1 AND predictions > 0`,
    [gameweekId],
  );
  return row;
}

export type ResultMatchRow = Omit<ResultMatch, 'match_time'> & { kickoff_at: Date; status: FixtureStatus; result_status: PredictionOutcome | null };

/** The gameweek's fixtures with the user's prediction of each (if any), in kick-off order. */
export function selectResultMatches(db: Db, userId: number, gameweekId: number): Promise<ResultMatchRow[]> {
  return db.query(
    `SELECT f.id AS fixture_id, h.name AS home_team, a.name AS away_team, h.short_name AS home_team_short, a.short_name AS away_team_short,
            f.kickoff_at, f.status, f.minute, f.home_score AS actual_home_score, f.away_score AS actual_away_score,
            p.home_score AS predicted_home_score, p.away_score AS predicted_away_score, p.points AS points_earned,
            COALESCE(p.is_banker, false) AS is_banker, p.outcome AS result_status, COALESCE(p.is_final, false) AS is_final
     FROM fixtures f
     JOIN clubs h ON h.id = f.home_club_id
     JOIN clubs a ON a.id = f.away_club_id
     LEFT JOIN predictions p ON p.fixture_id = f.id AND p.user_id = $1
     WHERE f.gameweek_id = $2
     ORDER BY f.kickoff_at, f.id`,
    [userId, gameweekId],
  );
}

export interface ClubAccuracyRow {
  team_id: number;
  team: string;
  team_short: string;
  team_logo: string | null;
  /** The user's scored predictions (exact, correct or wrong) of the club's matches in the season. */
  scored: number;
  /** Of those, the right results (exact included). */
  correct: number;
}

/**
 * Per club, the user's scored predictions of its matches in the season and how many got the
 * result right: each match counts for both its clubs. The one query behind hot and cold teams
 * (the dashboard and a league's player profile); the rule is `hotAndColdTeams` (team-form.ts).
 */
export function selectClubAccuracy(db: Db, userId: number, seasonId: number | null): Promise<ClubAccuracyRow[]> {
  return db.query(
    `WITH scored AS (
       SELECT f.home_club_id, f.away_club_id, p.outcome
       FROM predictions p JOIN fixtures f ON f.id = p.fixture_id
       WHERE p.user_id = $1 AND p.season_id = $2 AND p.outcome IN ('exact', 'correct', 'wrong')
     ),
     per_club AS (
       SELECT v.club_id, count(*)::int AS scored, count(*) FILTER (WHERE s.outcome IN ('exact', 'correct'))::int AS correct
       FROM scored s CROSS JOIN LATERAL (VALUES (s.home_club_id), (s.away_club_id)) AS v(club_id)
       GROUP BY v.club_id
     )
     SELECT pc.club_id AS team_id, cl.name AS team, cl.short_name AS team_short, cl.logo AS team_logo, pc.scored, pc.correct
     FROM per_club pc JOIN clubs cl ON cl.id = pc.club_id`,
    [userId, seasonId],
  );
}
