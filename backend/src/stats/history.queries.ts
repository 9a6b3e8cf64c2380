import type { DataSource, EntityManager } from 'typeorm';
import type { FixtureStatus } from '@scoreline/contracts/game/gameweek-status';
import type { Side } from '@scoreline/contracts/game/knockout';
import { advancedSideSql } from '../scoring/knockout.shared-sql';

/** The SQL of a player's gameweeks history (reads only: users, league members, fixtures, predictions). */

type Db = DataSource | EntityManager;

export interface HistoryMatchRow {
  gameweek_id: number;
  fixture_id: number;
  home_team: string;
  away_team: string;
  kickoff_at: Date;
  status: FixtureStatus;
  home_score: number | null;
  away_score: number | null;
  prediction_home: number | null;
  prediction_away: number | null;
  is_banker: boolean | null;
  /** The fan's goes-through pick, and who went through once known (knockout matches only). */
  advance: Side | null;
  advanced: Side | null;
}

/** The fixtures of the given gameweeks with the player's prediction of each (if any), in kick-off order. */
export function selectHistoryMatches(db: Db, userId: number, gameweekIds: number[]): Promise<HistoryMatchRow[]> {
  return db.query(
    `SELECT f.gameweek_id, f.id AS fixture_id, h.name AS home_team, a.name AS away_team, f.kickoff_at, f.status,
            f.home_score, f.away_score, p.home_score AS prediction_home, p.away_score AS prediction_away,
            p.is_banker, p.advance, ${advancedSideSql('f', 'g')} AS advanced
     FROM fixtures f
     JOIN gameweeks g ON g.id = f.gameweek_id
     JOIN clubs h ON h.id = f.home_club_id
     JOIN clubs a ON a.id = f.away_club_id
     LEFT JOIN predictions p ON p.fixture_id = f.id AND p.user_id = $1
     WHERE f.gameweek_id = ANY($2::int[])
     ORDER BY f.kickoff_at, f.id`,
    [userId, gameweekIds],
  );
}

export interface PlayerRow {
  id: number;
  username: string;
  full_name: string;
}

/** A user by id, or by username (case-insensitive), or null. */
export async function selectPlayer(db: Db, by: { id: number } | { username: string }): Promise<PlayerRow | null> {
  const [row]: PlayerRow[] =
    'id' in by
      ? await db.query(`SELECT id, username, trim(first_name || ' ' || last_name) AS full_name FROM users WHERE id = $1::int`, [by.id])
      : await db.query(`SELECT id, username, trim(first_name || ' ' || last_name) AS full_name FROM users WHERE lower(username) = lower($1)`, [
          by.username,
        ]);
  return row ?? null;
}

/** Whether the two users are members of one league at least. */
export async function shareALeague(db: Db, userId: number, otherId: number): Promise<boolean> {
  const rows: unknown[] = await db.query(
    `SELECT 1 FROM league_members a JOIN league_members b ON b.league_id = a.league_id AND b.user_id = $2
     WHERE a.user_id = $1 LIMIT 1`,
    [userId, otherId],
  );
  return rows.length > 0;
}
