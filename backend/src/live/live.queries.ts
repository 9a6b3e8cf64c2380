import type { DataSource, EntityManager } from 'typeorm';
import type { PredictionOutcome } from '@scoreline/contracts/game/scoring';

/**
 * What the live pushes read: the current rows an event points at (a late or repeated event pushes
 * the latest state). The live domain owns no table; these reads of the predictions and totals
 * tables move to those domains' query files once they have them (the leagues tables' reads are
 * in leagues/*.queries.ts).
 */
type Queryable = DataSource | EntityManager;

export interface PointsRow {
  user_id: number;
  points: number | null;
  outcome: PredictionOutcome | null;
  gw_points: number | null;
  season_points: number | null;
}

/** The points on the fixture of those of these users who predicted it, and their gameweek and season totals. */
export function selectPointsOf(q: Queryable, fixtureId: number, gameweekId: number, seasonId: number, userIds: number[]): Promise<PointsRow[]> {
  return q.query(
    `SELECT p.user_id, p.points, p.outcome, gt.points AS gw_points, st.points AS season_points
     FROM predictions p
     LEFT JOIN user_gameweek_totals gt ON gt.user_id = p.user_id AND gt.gameweek_id = $2
     LEFT JOIN user_season_totals st ON st.user_id = p.user_id AND st.season_id = $3
     WHERE p.fixture_id = $1 AND p.user_id = ANY($4::int[])`,
    [fixtureId, gameweekId, seasonId, userIds],
  );
}

/** The leagues of the season whose last stored table held at least `members` members (the standings summary's count). */
export async function selectBigLeaguesOf(q: Queryable, seasonId: number, members: number): Promise<number[]> {
  const rows: { league_id: number }[] = await q.query(`SELECT league_id FROM league_standings_summary WHERE season_id = $1 AND member_count >= $2`, [seasonId, members]);
  return rows.map((r) => r.league_id);
}

/** The competition (its code) a season belongs to; undefined when there is no such season. */
export async function selectCompetitionOfSeason(q: Queryable, seasonId: number): Promise<string | undefined> {
  const [row]: { code: string }[] = await q.query(`SELECT league_code AS code FROM seasons WHERE id = $1`, [seasonId]);
  return row?.code;
}
