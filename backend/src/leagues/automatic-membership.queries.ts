import type { EntityManager } from 'typeorm';
import { competitionIsTournamentSql } from '../competitions/competitions.shared-sql';

/**
 * The leagues domain's data door for the global, country and club leagues of a competition: made
 * on demand, once per competition (partial unique indexes on competition_code with type,
 * country_id and club_id decide), and filled from the users' country and their team in the
 * competition (a league's falls back to their club). A fan in one of them plays its competition
 * (user_competitions).
 */

/**
 * An automatic league's id: the one `existing` finds, with no write (joins are frequent, and an
 * upsert would update the shared league row each time), else the one `insert` makes (given the
 * condition "none found"), whose ON CONFLICT answers the one another transaction made meanwhile.
 */
async function ensureLeague(tx: EntityManager, existing: string, insert: (noneFound: string) => string, params: unknown[]): Promise<number> {
  const [row]: { id: number }[] = await tx.query(
    `WITH found AS (${existing}), made AS (${insert('NOT EXISTS (SELECT 1 FROM found)')} RETURNING id)
     SELECT id FROM found UNION ALL SELECT id FROM made`,
    params,
  );
  return row.id;
}

/**
 * An automatic league's name: what it is ("England League", "Arsenal FC Fans", "Global League"),
 * then its competition ("England League · World Cup"). A fan plays several competitions, each
 * with its own automatic leagues, and a league is named on its own in many places (notifications,
 * activity, push texts, invites, the league page): the name tells them apart. Cut to the
 * column's 100 characters. `base`: an SQL text expression; `competitionCode`: the code's (an SQL
 * expression or parameter). Migration 1767600000000 named the leagues made before the same way.
 */
const automaticLeagueNameSql = (base: string, competitionCode: string): string =>
  `left(${base} || coalesce(' · ' || (SELECT lc.name FROM competitions lc WHERE lc.code = ${competitionCode}), ''), 100)`;

/** The competition's global league id, the league made when missing. */
export function ensureGlobalLeague(tx: EntityManager, competitionCode: string): Promise<number> {
  return ensureLeague(
    tx,
    `SELECT id FROM leagues WHERE competition_code = $1 AND type = 'global'`,
    (noneFound) => `INSERT INTO leagues (name, description, type, competition_code)
     SELECT ${automaticLeagueNameSql(`'Global League'`, '$1')}, 'Every Scoreline player, worldwide.', 'global', $1 WHERE ${noneFound}
     ON CONFLICT (competition_code) WHERE type = 'global' DO UPDATE SET type = EXCLUDED.type`,
    [competitionCode],
  );
}

/** The country's league id in the competition, the league made when missing. */
export function ensureCountryLeague(tx: EntityManager, competitionCode: string, countryId: number): Promise<number> {
  return ensureLeague(
    tx,
    `SELECT id FROM leagues WHERE competition_code = $1 AND type = 'country' AND country_id = $2`,
    (noneFound) => `INSERT INTO leagues (name, description, type, competition_code, country_id)
     SELECT ${automaticLeagueNameSql(`c.name || ' League'`, '$1')}, 'Every player from ' || c.name || '.', 'country', $1, c.id FROM countries c WHERE c.id = $2 AND ${noneFound}
     ON CONFLICT (competition_code, country_id) WHERE type = 'country' DO UPDATE SET type = EXCLUDED.type`,
    [competitionCode, countryId],
  );
}

/** The club's (or national team's) fans league id in the competition, the league made when missing. */
export function ensureClubLeague(tx: EntityManager, competitionCode: string, clubId: number): Promise<number> {
  return ensureLeague(
    tx,
    `SELECT id FROM leagues WHERE competition_code = $1 AND type = 'club' AND club_id = $2`,
    (noneFound) => `INSERT INTO leagues (name, description, type, competition_code, club_id)
     SELECT ${automaticLeagueNameSql(`c.name || ' Fans'`, '$1')}, 'Every fan of ' || c.name || '.', 'club', $1, c.id FROM clubs c WHERE c.id = $2 AND ${noneFound}
     ON CONFLICT (competition_code, club_id) WHERE type = 'club' DO UPDATE SET type = EXCLUDED.type`,
    [competitionCode, clubId],
  );
}

/** What puts a fan in a competition's automatic leagues. */
export interface AutomaticChoices {
  /** Email verified (or a demo fan): the global league is for them only. */
  verified: boolean;
  country_id: number | null;
  /**
   * The team whose fans league they are in: in a league their team there, else their club; in a
   * tournament the national team they chose there, else none.
   */
  team_id: number | null;
}

/** The user's country and team in the competition (undefined: no such user). */
export async function selectAutomaticChoices(tx: EntityManager, userId: number, competitionCode: string): Promise<AutomaticChoices | undefined> {
  const [row]: AutomaticChoices[] = await tx.query(
    `SELECT u.email_verified_at IS NOT NULL OR u.is_demo AS verified, u.country_id,
            CASE WHEN ${competitionIsTournamentSql('$2::varchar')} THEN uc.team_id ELSE coalesce(uc.team_id, u.club_id) END AS team_id
     FROM users u LEFT JOIN user_competitions uc ON uc.user_id = u.id AND uc.competition_code = $2
     WHERE u.id = $1`,
    [userId, competitionCode],
  );
  return row;
}

/** The competition a league plays (undefined: no such league). */
export async function selectCompetitionOfLeague(tx: EntityManager, leagueId: number): Promise<string | undefined> {
  const [row]: { code: string }[] = await tx.query(`SELECT competition_code AS code FROM leagues WHERE id = $1`, [leagueId]);
  return row?.code;
}

/** The competition's leagues of the users' countries and clubs that are missing, made in id order. */
export async function insertMissingLeaguesOfUsers(tx: EntityManager, competitionCode: string, userIds: number[]): Promise<void> {
  await tx.query(
    `INSERT INTO leagues (name, description, type, competition_code, country_id)
     SELECT ${automaticLeagueNameSql(`c.name || ' League'`, '$1')}, 'Every player from ' || c.name || '.', 'country', $1, c.id
     FROM countries c WHERE c.id IN (SELECT u.country_id FROM users u WHERE u.id = ANY($2::int[]))
     ORDER BY c.id
     ON CONFLICT (competition_code, country_id) WHERE type = 'country' DO NOTHING`,
    [competitionCode, userIds],
  );
  await tx.query(
    `INSERT INTO leagues (name, description, type, competition_code, club_id)
     SELECT ${automaticLeagueNameSql(`c.name || ' Fans'`, '$1')}, 'Every fan of ' || c.name || '.', 'club', $1, c.id
     FROM clubs c WHERE c.id IN (SELECT u.club_id FROM users u WHERE u.id = ANY($2::int[]))
     ORDER BY c.id
     ON CONFLICT (competition_code, club_id) WHERE type = 'club' DO NOTHING`,
    [competitionCode, userIds],
  );
}

/**
 * Every user in the competition's global, country and club league and playing the competition
 * (joined_at: the account's creation); answers the leagues joined.
 */
export async function insertAutomaticMembershipsOfUsers(tx: EntityManager, competitionCode: string, userIds: number[]): Promise<number[]> {
  const joined: { league_id: number }[] = await tx.query(
    `WITH plays AS (
       INSERT INTO user_competitions (user_id, competition_code, joined_at)
       SELECT u.id, $1, u.created_at FROM users u WHERE u.id = ANY($2::int[])
       ORDER BY u.id
       ON CONFLICT DO NOTHING
     ), added AS (
       INSERT INTO league_members (league_id, user_id, role, joined_at)
       SELECT l.id, u.id, 'member', u.created_at
       FROM users u JOIN leagues l
         ON l.competition_code = $1
        AND (l.type = 'global' OR (l.type = 'country' AND l.country_id = u.country_id) OR (l.type = 'club' AND l.club_id = u.club_id))
       WHERE u.id = ANY($2::int[])
       ORDER BY l.id, u.id
       ON CONFLICT DO NOTHING
       RETURNING league_id
     )
     SELECT DISTINCT league_id FROM added ORDER BY league_id`,
    [competitionCode, userIds],
  );
  return joined.map((r) => r.league_id);
}

/** Takes the user out of every country and club league of the competition but those kept; answers the leagues left. */
export async function deleteCountryAndClubMembershipsExcept(
  tx: EntityManager,
  competitionCode: string,
  userId: number,
  keptLeagueIds: number[],
): Promise<{ league_id: number; type: 'country' | 'club' }[]> {
  // TypeORM answers a DELETE ... RETURNING as [rows, affected].
  const [left]: [{ league_id: number; type: 'country' | 'club' }[], number] = await tx.query(
    `DELETE FROM league_members m USING leagues l
     WHERE m.league_id = l.id AND m.user_id = $2 AND l.competition_code = $1 AND l.type IN ('country', 'club') AND l.id <> ALL($3::int[])
     RETURNING m.league_id, l.type`,
    [competitionCode, userId, keptLeagueIds],
  );
  return left;
}
