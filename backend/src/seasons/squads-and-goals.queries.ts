import type { DataSource, EntityManager } from 'typeorm';
import type { GoalWrite, SquadPlayerWrite, StoredGoalRow } from './squad-and-goal-rows';

/**
 * The seasons domain's data door to what a tournament file brings beside its matches:
 * `squad_players` (its squads) and `fixture_goals` (each match's goals), both written by the
 * season import (through season-import-store.ts) and read by the bonus questions (the top scorer)
 * through SeasonPlayersService.
 */
type Queryable = DataSource | EntityManager;

// ---------------------------------------------------------------------------------------
// Goals
// ---------------------------------------------------------------------------------------

/** The season's stored goals, by match key, each side in its stored order. */
export function selectSeasonGoals(q: Queryable, seasonId: number): Promise<StoredGoalRow[]> {
  return q.query(
    `SELECT f.external_key, g.side, g.ordinal, g.scorer, g.minute, g.added_minute, g.penalty, g.own_goal
     FROM fixture_goals g JOIN fixtures f ON f.id = g.fixture_id
     WHERE f.season_id = $1
     ORDER BY f.external_key, g.side, g.ordinal`,
    [seasonId],
  );
}

/**
 * Replaces the goals of some matches of the season (by key) with the ones given (none clears
 * them): the old rows deleted, then the new inserted (two statements: one statement's insert
 * would not see its own delete and collide on the key).
 */
export async function replaceFixtureGoals(tx: EntityManager, seasonId: number, matches: readonly { key: string; goals: readonly GoalWrite[] }[]): Promise<void> {
  if (matches.length === 0) return;
  await tx.query(
    `DELETE FROM fixture_goals g USING fixtures f
     WHERE f.id = g.fixture_id AND f.season_id = $1 AND f.external_key = ANY($2::text[])`,
    [seasonId, matches.map((m) => m.key)],
  );
  const rows = matches.flatMap((m) => m.goals.map((g) => ({ key: m.key, ...g })));
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO fixture_goals (fixture_id, side, ordinal, scorer, scorer_folded, minute, added_minute, penalty, own_goal)
     SELECT f.id, r.side, r.ordinal, r.scorer, r.scorer_folded, r.minute, r.added_minute, r.penalty, r.own_goal
     FROM jsonb_to_recordset($2::jsonb) AS r(key text, side text, ordinal int, scorer text, scorer_folded text, minute int, added_minute int, penalty boolean, own_goal boolean)
     JOIN fixtures f ON f.season_id = $1 AND f.external_key = r.key
     ORDER BY f.id, r.side, r.ordinal`,
    [seasonId, JSON.stringify(rows)],
  );
}

/**
 * The season's scorers and their goals (own goals count for no one), each named as its team's
 * squad spells them where the squad has the scorer (the folded names match), else as the results
 * do. Only goals of finished matches.
 */
export function selectSeasonScorers(q: Queryable, seasonId: number): Promise<{ name: string; goals: number }[]> {
  return q.query(
    `SELECT coalesce(sp.name, g.scorer) AS name, count(*)::int AS goals
     FROM fixtures f
     JOIN fixture_goals g ON g.fixture_id = f.id AND NOT g.own_goal
     LEFT JOIN squad_players sp ON sp.season_id = f.season_id
       AND sp.team_id = CASE g.side WHEN 'home' THEN f.home_club_id ELSE f.away_club_id END
       AND sp.folded_name = g.scorer_folded
     WHERE f.season_id = $1 AND f.status = 'finished'
     GROUP BY 1
     ORDER BY 2 DESC, 1`,
    [seasonId],
  );
}

// ---------------------------------------------------------------------------------------
// Squads
// ---------------------------------------------------------------------------------------

/**
 * Writes the squads of the teams given: a player new or changed (number, position) written, a
 * player of those teams no longer listed removed; other teams' squads stay. Answers how many
 * rows changed (0 when the same file comes again).
 */
export async function writeSquadPlayers(tx: EntityManager, seasonId: number, players: readonly SquadPlayerWrite[]): Promise<number> {
  if (players.length === 0) return 0;
  const [{ changed }]: { changed: number }[] = await tx.query(
    `WITH given AS (
       SELECT * FROM jsonb_to_recordset($2::jsonb) AS p(team_id int, name text, folded_name text, number int, position text)
     ),
     removed AS (
       DELETE FROM squad_players s
       WHERE s.season_id = $1 AND s.team_id IN (SELECT team_id FROM given)
         AND NOT EXISTS (SELECT 1 FROM given p WHERE p.team_id = s.team_id AND p.name = s.name)
       RETURNING 1
     ),
     written AS (
       INSERT INTO squad_players AS s (season_id, team_id, name, folded_name, number, position)
       SELECT $1, p.team_id, p.name, p.folded_name, p.number, p.position FROM given p
       ORDER BY p.team_id, p.name
       ON CONFLICT (season_id, team_id, name) DO UPDATE
         SET folded_name = EXCLUDED.folded_name, number = EXCLUDED.number, position = EXCLUDED.position
         WHERE (s.folded_name, s.number, s.position) IS DISTINCT FROM (EXCLUDED.folded_name, EXCLUDED.number, EXCLUDED.position)
       RETURNING 1
     )
     SELECT ((SELECT count(*) FROM removed) + (SELECT count(*) FROM written))::int AS changed`,
    [seasonId, JSON.stringify(players)],
  );
  return changed;
}

/**
 * The national teams' FIFA codes from the squads file ("ENG"): what a results provider's
 * three-letter code is matched against. A code already held by another team is left alone (a
 * file's mistake must not move it); answers how many teams changed.
 */
export async function updateNationalTeamCodes(tx: EntityManager, teams: readonly { teamId: number; fifaCode: string }[]): Promise<number> {
  if (teams.length === 0) return 0;
  const rows: unknown[] = await tx.query(
    `UPDATE clubs c SET fifa_code = v.fifa_code
     FROM jsonb_to_recordset($1::jsonb) AS v(team_id int, fifa_code text)
     WHERE c.id = v.team_id AND c.kind = 'national' AND c.fifa_code IS DISTINCT FROM v.fifa_code
       AND NOT EXISTS (SELECT 1 FROM clubs o WHERE o.fifa_code = v.fifa_code AND o.id <> c.id)
     RETURNING c.id`,
    [JSON.stringify(teams.map((t) => ({ team_id: t.teamId, fifa_code: t.fifaCode })))],
  );
  return rows.length;
}

export async function seasonExists(q: Queryable, seasonId: number): Promise<boolean> {
  const rows: unknown[] = await q.query(`SELECT 1 FROM seasons WHERE id = $1`, [seasonId]);
  return rows.length > 0;
}

/** Whether the season has a squad list (a top-scorer answer is then one of its players). */
export async function seasonHasSquads(q: Queryable, seasonId: number): Promise<boolean> {
  const rows: unknown[] = await q.query(`SELECT 1 FROM squad_players WHERE season_id = $1 LIMIT 1`, [seasonId]);
  return rows.length > 0;
}

/** The squad's spelling of a player by their folded name; two players folding alike give the first by name. */
export async function selectSquadSpelling(q: Queryable, seasonId: number, foldedName: string): Promise<string | null> {
  const [row]: { name: string }[] = await q.query(
    `SELECT name FROM squad_players WHERE season_id = $1 AND folded_name = $2 ORDER BY name, team_id LIMIT 1`,
    [seasonId, foldedName],
  );
  return row?.name ?? null;
}

export interface SquadPlayerRow {
  name: string;
  team_id: number;
  team_name: string;
  number: number;
  position: string;
  total_count: number;
}

/**
 * A page of the season's players whose folded name holds `foldedSearch` ('' for all): those whose
 * name starts with it first, then those with a word starting with it, then the rest, each by name.
 * Every row carries the count of all that match.
 */
export function searchSquadPlayers(q: Queryable, seasonId: number, foldedSearch: string, limit: number, offset: number): Promise<SquadPlayerRow[]> {
  return q.query(
    `SELECT sp.name, sp.team_id, c.name AS team_name, sp.number, sp.position, count(*) OVER ()::int AS total_count
     FROM squad_players sp JOIN clubs c ON c.id = sp.team_id
     WHERE sp.season_id = $1 AND strpos(sp.folded_name, $2) > 0
     ORDER BY CASE WHEN strpos(sp.folded_name, $2) = 1 THEN 0 WHEN strpos(' ' || sp.folded_name, ' ' || $2) > 0 THEN 1 ELSE 2 END,
              sp.name, c.name
     LIMIT $3 OFFSET $4`,
    [seasonId, foldedSearch, limit, offset],
  );
}
