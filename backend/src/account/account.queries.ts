import type { EntityManager } from 'typeorm';
import type {
  AccountExportActivity,
  AccountExportGameweekTotals,
  AccountExportJoinRequest,
  AccountExportPrediction,
  AccountExportProfile,
  AccountExportTotals,
} from '@scoreline/contracts/api/account';
import type { LeagueKind, LeagueRole } from '@scoreline/contracts/api/leagues';

/**
 * The account domain's SQL: the privacy export (one REPEATABLE READ snapshot of every row that
 * names the user, whichever domain owns the table: a join per table, read together so the figures
 * agree). A deletion goes through its owners' doors: users, leagues, standings, activity, outbox,
 * mail.
 */

type Timestamp = Date | string;

/** The profile as stored (timestamps as pg gives them), with the country and club named. */
export type ExportUserRow = Omit<AccountExportProfile, 'email_verified_at' | 'onboarding_completed_at' | 'created_at' | 'updated_at'> & {
  email_verified_at: Timestamp | null;
  onboarding_completed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  country_id: number | null;
  country_code: string | null;
  country_name: string | null;
  club_id: number | null;
  club_name: string | null;
  club_short_name: string | null;
};

export async function selectExportUser(tx: EntityManager, userId: number): Promise<ExportUserRow | undefined> {
  const [user]: ExportUserRow[] = await tx.query(
    `SELECT u.id, u.username, u.email, u.first_name, u.last_name, u.role, u.email_verified_at, u.onboarding_completed_at,
            u.created_at, u.updated_at, co.id AS country_id, co.code AS country_code, co.name AS country_name,
            cl.id AS club_id, cl.name AS club_name, cl.short_name AS club_short_name
     FROM users u LEFT JOIN countries co ON co.id = u.country_id LEFT JOIN clubs cl ON cl.id = u.club_id
     WHERE u.id = $1`,
    [userId],
  );
  return user;
}

export interface ExportPredictionRow {
  id: number;
  season_id: number;
  season_name: string;
  season_label: string;
  gameweek: number;
  fixture_id: number;
  home_team: string;
  away_team: string;
  kickoff_at: Timestamp;
  status: AccountExportPrediction['fixture']['status'];
  fixture_home_score: number | null;
  fixture_away_score: number | null;
  home_score: number;
  away_score: number;
  is_banker: boolean;
  points: number | null;
  outcome: AccountExportPrediction['outcome'];
  is_final: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export function selectExportPredictions(tx: EntityManager, userId: number): Promise<ExportPredictionRow[]> {
  return tx.query(
    // Only the recorded score: fixtures.real_* is the replay's hidden future result.
    `SELECT p.id, s.id AS season_id, s.name AS season_name, s.label AS season_label, g.number AS gameweek,
            f.id AS fixture_id, hc.name AS home_team, ac.name AS away_team, f.kickoff_at, f.status,
            f.home_score AS fixture_home_score, f.away_score AS fixture_away_score,
            p.home_score, p.away_score, p.is_banker, p.points, p.outcome, p.is_final, p.created_at, p.updated_at
     FROM predictions p
     JOIN fixtures f ON f.id = p.fixture_id
     JOIN gameweeks g ON g.id = p.gameweek_id
     JOIN seasons s ON s.id = p.season_id
     JOIN clubs hc ON hc.id = f.home_club_id
     JOIN clubs ac ON ac.id = f.away_club_id
     WHERE p.user_id = $1
     ORDER BY s.id, g.number, f.kickoff_at, f.id`,
    [userId],
  );
}

export function selectExportGameweekTotals(tx: EntityManager, userId: number): Promise<AccountExportGameweekTotals[]> {
  return tx.query(
    `SELECT t.season_id, g.number AS gameweek, t.points, t.predictions, t.scored, t.correct, t.exact, t.provisional
     FROM user_gameweek_totals t JOIN gameweeks g ON g.id = t.gameweek_id
     WHERE t.user_id = $1 ORDER BY t.season_id, g.number`,
    [userId],
  );
}

export type ExportSeasonTotalsRow = AccountExportTotals & { id: number; name: string; label: string };

export function selectExportSeasonTotals(tx: EntityManager, userId: number): Promise<ExportSeasonTotalsRow[]> {
  return tx.query(
    `SELECT s.id, s.name, s.label, t.points, t.predictions, t.scored, t.correct, t.exact, t.provisional
     FROM user_season_totals t JOIN seasons s ON s.id = t.season_id
     WHERE t.user_id = $1 ORDER BY s.id`,
    [userId],
  );
}

export function selectExportLeagues(
  tx: EntityManager,
  userId: number,
): Promise<{ league_id: number; name: string; type: LeagueKind; role: LeagueRole; joined_at: Timestamp }[]> {
  return tx.query(
    `SELECT l.id AS league_id, l.name, l.type, m.role, m.joined_at
     FROM league_members m JOIN leagues l ON l.id = m.league_id
     WHERE m.user_id = $1 ORDER BY m.joined_at, l.id`,
    [userId],
  );
}

export function selectExportJoinRequests(
  tx: EntityManager,
  userId: number,
): Promise<(Omit<AccountExportJoinRequest, 'created_at' | 'decided_at'> & { created_at: Timestamp; decided_at: Timestamp | null })[]> {
  return tx.query(
    `SELECT r.id, r.league_id, l.name AS league_name, r.message, r.status, r.created_at, r.decided_at
     FROM league_requests r JOIN leagues l ON l.id = r.league_id
     WHERE r.user_id = $1 ORDER BY r.created_at, r.id`,
    [userId],
  );
}

export function selectExportActivity(
  tx: EntityManager,
  userId: number,
): Promise<(Omit<AccountExportActivity, 'id' | 'created_at'> & { id: string; created_at: Timestamp })[]> {
  return tx.query(
    `SELECT a.id, a.league_id, l.name AS league_name, a.kind,
            CASE WHEN a.actor_user_id = $1 THEN 'actor' ELSE 'target' END AS "as",
            a.message, a.description, a.created_at
     FROM league_activities a JOIN leagues l ON l.id = a.league_id
     WHERE a.actor_user_id = $1 OR a.target_user_id = $1
     ORDER BY a.created_at, a.id`,
    [userId],
  );
}
