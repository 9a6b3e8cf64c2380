import type { DataSource, EntityManager } from 'typeorm';
import { queryPrepared } from '../platform/database/database.queries';
import { seasonGameweeksSql, seasonOfLeagueSql } from '../seasons/season-context.shared-sql';

export interface SeasonGameweekRow {
  season_id: number;
  id: number | null;
  number: number | null;
  completed: boolean;
  scored: boolean;
  /** The season's current gameweek (currentGameweekIdSql): the rule lives in SQL only. */
  current: boolean;
}

/** Each league's season (seasonOfLeagueSql), for a recompute of one league or a batch. */
export async function selectSeasonsOfLeagues(q: DataSource | EntityManager, leagueIds: number[]): Promise<Map<number, number | null>> {
  const rows: { league_id: number; season_id: number | null }[] = await q.query(
    `SELECT l.id AS league_id, ${seasonOfLeagueSql('l.id')} AS season_id FROM unnest($1::int[]) AS l(id)`,
    [leagueIds],
  );
  return new Map(rows.map((r) => [r.league_id, r.season_id]));
}

/**
 * The season's gameweeks (seasonGameweeksSql); none for no season. Prepared: read by most league
 * requests, it planned longer (~0.8 ms) than it ran.
 */
export async function selectSeasonGameweeks(q: DataSource | EntityManager, seasonId: number | null): Promise<SeasonGameweekRow[]> {
  if (seasonId === null) return [];
  return queryPrepared(q, 'season_gameweeks', seasonGameweeksSql('$1::int'), [seasonId]);
}

