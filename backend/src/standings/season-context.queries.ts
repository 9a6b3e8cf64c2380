import type { DataSource, EntityManager } from 'typeorm';

export interface SeasonGameweekRow {
  season_id: number;
  id: number | null;
  number: number | null;
  completed: boolean;
  scored: boolean;
}

/** The active season's gameweeks with their status as leagues see it (one row with id NULL for a season without any). */
export async function selectActiveSeasonGameweeks(q: DataSource | EntityManager): Promise<SeasonGameweekRow[]> {
  return q.query(
    `SELECT s.id AS season_id, g.id, g.number,
            coalesce(NOT EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status NOT IN ('finished', 'postponed')), false) AS completed,
            coalesce(EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status IN ('live', 'finished')), false) AS scored
     FROM (SELECT id FROM seasons WHERE is_active ORDER BY id DESC LIMIT 1) s
     LEFT JOIN gameweeks g ON g.season_id = s.id
     ORDER BY g.number`,
  );
}
