import type { DataSource, EntityManager } from 'typeorm';
import { queryPrepared } from '../database/database.queries';

export interface SeasonGameweekRow {
  season_id: number;
  id: number | null;
  number: number | null;
  completed: boolean;
  scored: boolean;
  /** The season's current gameweek (currentGameweekIdSql): the rule lives in SQL only. */
  current: boolean;
}

/** The version of the fixtures' rows, their scorings', the gameweeks' and the seasons' (migration 1765900000000): it moves with every commit that changes one. */
export const FIXTURE_STATES_VERSION_SQL = `(SELECT version::text FROM fixture_states_version)`;

/**
 * The season a league's tables are of (a subquery; NULL when none): the one place that says it.
 * The active season of the league's competition (one probe of seasons_one_active_per_competition).
 * `leagueId`: an SQL expression of the league's id.
 */
export const seasonOfLeagueSql = (leagueId: string): string =>
  `(SELECT sol_se.id FROM leagues sol_l JOIN seasons sol_se ON sol_se.league_code = sol_l.competition_code AND sol_se.is_active WHERE sol_l.id = ${leagueId})`;

/** Each league's season (seasonOfLeagueSql), for a recompute of one league or a batch. */
export async function selectSeasonsOfLeagues(q: DataSource | EntityManager, leagueIds: number[]): Promise<Map<number, number | null>> {
  const rows: { league_id: number; season_id: number | null }[] = await q.query(
    `SELECT l.id AS league_id, ${seasonOfLeagueSql('l.id')} AS season_id FROM unnest($1::int[]) AS l(id)`,
    [leagueIds],
  );
  return new Map(rows.map((r) => [r.league_id, r.season_id]));
}

/** Gameweek `g` is completed when none of its fixtures is still to be played (one without fixtures counts as completed). */
const gameweekCompleted = (g: string) => `NOT EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = ${g}.id AND f.status NOT IN ('finished', 'postponed'))`;

/**
 * A season's current gameweek id (a subquery; `season` an SQL expression of its id): the earliest
 * not completed; NULL when every one is. The one statement of the rule: the season context reads
 * it too (`current`).
 */
export const currentGameweekIdSql = (season: string): string =>
  `(SELECT cg.id FROM gameweeks cg WHERE cg.season_id = ${season} AND NOT ${gameweekCompleted('cg')} ORDER BY cg.number LIMIT 1)`;

/**
 * A season's gameweeks with their status as leagues see them (one row with id NULL for a season
 * without any; none for a NULL season). `season`: an SQL expression of its id.
 */
export const seasonGameweeksSql = (season: string): string => `SELECT s.id AS season_id, g.id, g.number,
            coalesce(${gameweekCompleted('g')}, false) AS completed,
            coalesce(EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status IN ('live', 'finished')), false) AS scored,
            coalesce(g.id = ${currentGameweekIdSql('s.id')}, false) AS current
     FROM (SELECT ${season} AS id) s
     LEFT JOIN gameweeks g ON g.season_id = s.id
     WHERE s.id IS NOT NULL
     ORDER BY g.number`;

/**
 * The season's gameweeks (seasonGameweeksSql); none for no season. Prepared: read by most league
 * requests, it planned longer (~0.8 ms) than it ran.
 */
export async function selectSeasonGameweeks(q: DataSource | EntityManager, seasonId: number | null): Promise<SeasonGameweekRow[]> {
  if (seasonId === null) return [];
  return queryPrepared(q, 'season_gameweeks', seasonGameweeksSql('$1::int'), [seasonId]);
}

