import type { DataSource, EntityManager } from 'typeorm';

/**
 * The competitions domain's data door: user_competitions (the competitions each fan plays, and
 * their team in each). The competitions being played are read here with their active season
 * (seasons and gameweeks are read, never written).
 */
type Queryable = DataSource | EntityManager;

/** An active competition as the caller sees it. */
export interface CompetitionRow {
  code: string;
  name: string;
  season_id: number;
  season_name: string;
  is_tournament: boolean;
  first_kickoff: Date | null;
  playing: boolean;
  team_id: number | null;
  team_name: string | null;
  team_logo: string | null;
  now: Date;
}

// A tournament's rounds carry names (seasons.queries.ts selectSeasonFormat); a gameweek's
// starts_at is its first kick-off.
const ACTIVE_COMPETITIONS_SQL = `
  SELECT c.code, c.name, s.id AS season_id, s.name AS season_name,
         EXISTS (SELECT 1 FROM gameweeks g WHERE g.season_id = s.id AND g.name IS NOT NULL) AS is_tournament,
         (SELECT min(g.starts_at) FROM gameweeks g WHERE g.season_id = s.id) AS first_kickoff,
         uc.user_id IS NOT NULL AS playing, t.id AS team_id, t.name AS team_name, t.logo AS team_logo,
         statement_timestamp() AS now
  FROM seasons s
  JOIN competitions c ON c.code = s.league_code
  LEFT JOIN user_competitions uc ON uc.competition_code = s.league_code AND uc.user_id = $1
  LEFT JOIN clubs t ON t.id = uc.team_id
  WHERE s.is_active AND ($2::varchar IS NULL OR s.league_code = $2)
  ORDER BY uc.user_id IS NULL, uc.joined_at, uc.competition_code, s.id`;

/**
 * The competitions being played, or the one named; with the user's part in each. Those the user
 * plays first, in the order they started (as selectPlayedCompetitionCodes), then the others,
 * oldest season first: the first listed is the one a call naming no competition answers for when
 * the user saved none (contracts game/default-competition.ts), which is what the screens name then.
 */
export function selectActiveCompetitions(q: Queryable, userId: number, code: string | null = null): Promise<CompetitionRow[]> {
  return q.query(ACTIVE_COMPETITIONS_SQL, [userId, code]);
}

/** The codes of the competitions the user plays, in the order they started. */
export async function selectPlayedCompetitionCodes(q: Queryable, userId: number): Promise<string[]> {
  const rows: { code: string }[] = await q.query(
    `SELECT competition_code AS code FROM user_competitions WHERE user_id = $1 ORDER BY joined_at, competition_code`,
    [userId],
  );
  return rows.map((r) => r.code);
}

/** The codes of the competitions the user plays that are being played (an active season), in the order they started. */
export async function selectPlayedActiveCompetitionCodes(q: Queryable, userId: number): Promise<string[]> {
  const rows: { code: string }[] = await q.query(
    `SELECT uc.competition_code AS code FROM user_competitions uc JOIN seasons s ON s.league_code = uc.competition_code AND s.is_active
     WHERE uc.user_id = $1 ORDER BY uc.joined_at, uc.competition_code`,
    [userId],
  );
  return rows.map((r) => r.code);
}

/** Whether the user plays the competition and it has an active season. */
export async function isPlayedAndActive(q: Queryable, userId: number, code: string): Promise<boolean> {
  const rows: unknown[] = await q.query(
    `SELECT 1 FROM user_competitions uc JOIN seasons s ON s.league_code = uc.competition_code AND s.is_active
     WHERE uc.user_id = $1 AND uc.competition_code = $2`,
    [userId, code],
  );
  return rows.length > 0;
}

export async function competitionExists(q: Queryable, code: string): Promise<boolean> {
  const rows: unknown[] = await q.query(`SELECT 1 FROM competitions WHERE code = $1`, [code]);
  return rows.length > 0;
}

/** Whether the club plays a match of the season (a placeholder match names no club). */
export async function isTeamOfSeason(q: Queryable, seasonId: number, clubId: number): Promise<boolean> {
  const rows: unknown[] = await q.query(
    `SELECT 1 FROM fixtures f WHERE f.season_id = $1 AND (f.home_club_id = $2 OR f.away_club_id = $2) LIMIT 1`,
    [seasonId, clubId],
  );
  return rows.length > 0;
}

/**
 * The user plays the competition: one statement, so two identical requests at once make one row.
 * `team` set: the team is written (null clears it); unset: a new row has none, an existing keeps its own.
 */
export async function upsertPlayedCompetition(q: Queryable, userId: number, code: string, team: { id: number | null } | undefined): Promise<void> {
  await q.query(
    `INSERT INTO user_competitions AS uc (user_id, competition_code, team_id) VALUES ($1, $2, $4)
     ON CONFLICT (user_id, competition_code) DO UPDATE SET team_id = EXCLUDED.team_id
     WHERE $3::boolean AND uc.team_id IS DISTINCT FROM EXCLUDED.team_id`,
    [userId, code, team !== undefined, team?.id ?? null],
  );
}

/** The user stops playing the competition (their leagues stay). */
export async function deletePlayedCompetition(q: Queryable, userId: number, code: string): Promise<void> {
  await q.query(`DELETE FROM user_competitions WHERE user_id = $1 AND competition_code = $2`, [userId, code]);
}
