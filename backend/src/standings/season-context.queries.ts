import type { DataSource, EntityManager } from 'typeorm';
import { queryPrepared } from '../database/database.queries';

export interface SeasonGameweekRow {
  season_id: number;
  id: number | null;
  number: number | null;
  completed: boolean;
  scored: boolean;
  /** The season's current gameweek (CURRENT_GAMEWEEK_ID_SQL): the rule lives in SQL only. */
  current: boolean;
}

/** The version of the fixtures' rows, their scorings', the gameweeks' and the seasons' (migration 1765900000000): it moves with every commit that changes one. */
export const FIXTURE_STATES_VERSION_SQL = `(SELECT version::text FROM fixture_states_version)`;

/** The active season's id (a subquery; NULL when no season is active). */
export const ACTIVE_SEASON_ID_SQL = `(SELECT id FROM seasons WHERE is_active ORDER BY id DESC LIMIT 1)`;

/** Gameweek `g` is completed when none of its fixtures is still to be played (one without fixtures counts as completed). */
const gameweekCompleted = (g: string) => `NOT EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = ${g}.id AND f.status NOT IN ('finished', 'postponed'))`;

/**
 * The active season's current gameweek id (a subquery): the earliest not completed; NULL when
 * every one is. The one statement of the rule: the season context reads it too (`current`).
 */
export const CURRENT_GAMEWEEK_ID_SQL = `(SELECT cg.id FROM gameweeks cg WHERE cg.season_id = ${ACTIVE_SEASON_ID_SQL} AND NOT ${gameweekCompleted('cg')} ORDER BY cg.number LIMIT 1)`;

/**
 * The active season's gameweeks with their status as leagues see it (one row with id NULL for a
 * season without any). Prepared: read by most league requests, it planned longer (~0.8 ms) than it ran.
 */
export async function selectActiveSeasonGameweeks(q: DataSource | EntityManager): Promise<SeasonGameweekRow[]> {
  return queryPrepared(q, 'active_season_gameweeks', ACTIVE_SEASON_GAMEWEEKS_SQL, []);
}

/** The statement of selectActiveSeasonGameweeks, for a read that wants the same rows inside its own (as json). */
export const ACTIVE_SEASON_GAMEWEEKS_SQL = `SELECT s.id AS season_id, g.id, g.number,
            coalesce(${gameweekCompleted('g')}, false) AS completed,
            coalesce(EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status IN ('live', 'finished')), false) AS scored,
            coalesce(g.id = ${CURRENT_GAMEWEEK_ID_SQL}, false) AS current
     FROM (SELECT ${ACTIVE_SEASON_ID_SQL} AS id) s
     LEFT JOIN gameweeks g ON g.season_id = s.id
     WHERE s.id IS NOT NULL
     ORDER BY g.number`;
