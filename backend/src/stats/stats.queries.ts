import type { DataSource, EntityManager } from 'typeorm';
import type { ResultMatch } from '@scoreline/contracts/api/stats';
import type { FixtureStatus } from '@scoreline/contracts/game/gameweek-status';
import type { Side } from '@scoreline/contracts/game/knockout';
import { advancedSideSql } from '../scoring/knockout.shared-sql';
import { FIXTURE_STATES_VERSION_SQL } from '../seasons/season-context.shared-sql';

/**
 * The SQL of the dashboard, the Results screen and a player's club form (reads only: the totals
 * tables the scoring worker keeps, predictions, fixtures and clubs).
 */

type Db = DataSource | EntityManager;

export interface GameweekBenchmarks {
  highest: number;
  average: number;
  participants: number;
}

/** The version of the fixtures' and scorings' rows (see FIXTURE_STATES_VERSION_SQL): the scorer's every commit moves it. */
export async function selectFixtureStatesVersion(db: Db): Promise<string> {
  const [row]: { version: string }[] = await db.query(`SELECT ${FIXTURE_STATES_VERSION_SQL} AS version`);
  return row.version;
}

/** Highest and average points of everyone who predicted the gameweek, and how many did (a pass over a million rows at 1M: ~100 ms). */
export async function selectGameweekBenchmarks(db: Db, gameweekId: number): Promise<GameweekBenchmarks> {
  const [row]: GameweekBenchmarks[] = await db.query(
    `SELECT COALESCE(max(points), 0)::int AS highest, COALESCE(avg(points), 0)::float8 AS average, count(*)::int AS participants
     FROM user_gameweek_totals WHERE gameweek_id = $1 AND predictions > 0`,
    [gameweekId],
  );
  return row;
}

/** A match's row without the prediction's points: the service scores it at the match's current row. */
export type ResultMatchRow = Omit<ResultMatch, 'match_time' | 'points_earned' | 'result_status' | 'is_final'> & {
  kickoff_at: Date;
  status: FixtureStatus;
  /** The fan's goes-through pick, and who went through once known (knockout matches only). */
  advance: Side | null;
  advanced: Side | null;
};

/** The gameweek's fixtures with the user's prediction of each (if any), in kick-off order. */
export function selectResultMatches(db: Db, userId: number, gameweekId: number): Promise<ResultMatchRow[]> {
  return db.query(
    `SELECT f.id AS fixture_id, h.name AS home_team, a.name AS away_team, h.short_name AS home_team_short, a.short_name AS away_team_short,
            f.kickoff_at, f.status, f.minute, f.home_score AS actual_home_score, f.away_score AS actual_away_score,
            p.home_score AS predicted_home_score, p.away_score AS predicted_away_score, COALESCE(p.is_banker, false) AS is_banker,
            p.advance, ${advancedSideSql('f', 'g')} AS advanced
     FROM fixtures f
     JOIN gameweeks g ON g.id = f.gameweek_id
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
