import type { DataSource, EntityManager } from 'typeorm';
import type { LeagueKind, LeagueRole } from '@scoreline/contracts/api/leagues';

import { queryPrepared } from '../platform/database/database.queries';
import { type TableUser } from './league-tables.queries';
import { fanTeamJoinSql, leagueCompetitionSql } from './league-tables.shared-sql';
import type { KeyCount } from './key-ranks';
import type { StoredStanding } from './standings.queries';
import { standingsOf, tableOrder, tableVersionSql } from './table-ranking.shared-sql';
import { FIXTURE_STATES_VERSION_SQL, seasonOfLeagueSql } from '../seasons/season-context.shared-sql';

type Q = DataSource | EntityManager;

/** A stored row of the table with the member's name and team (fanTeamJoinSql). */
export type StandingRow = StoredStanding & TableUser;

/** A stored row below the summary's leading rows: its key, for its rank from the league's KeyRanks. */
export type UnrankedStandingRow = Omit<StandingRow, 'rank'> & { exact: number; correct: number };

export type LeaderboardHead = Partial<UnrankedStandingRow> & {
  type: LeagueKind;
  role: LeagueRole | null;
  total: number | null;
  recent_gameweek_number: number | null;
  computed_at: Date | null;
  /** When the stored figures were last recomputed (computed_at also moves with a join ranked in place). */
  recomputed_at: Date | null;
  /** computed_at in microseconds (KeyRanksService's version); null before the first recompute. */
  version: string | null;
  /** The version of the fixtures' rows: the live tables' context at it says whether they answer (LiveContextService). */
  fixture_states_version: string;
  /** The league's season (seasonOfLeagueSql), whose live context that is; null when none. */
  season_id: number | null;
};

/**
 * The league's kind and season, the viewer's membership and stored row (its key: the rank comes
 * from the league's KeyRanks), the summary's version and the fixtures' rows' version (whether
 * matches are open comes from the season's context kept at it): one small query per read,
 * prepared (planning its joins cost more than running them).
 */
const LEADERBOARD_HEAD_SQL = `
  SELECT l.type, m.role, sm.member_count AS total, sm.recent_gameweek_number, sm.computed_at, sm.recomputed_at,
         ${tableVersionSql('sm')} AS version,
         s.user_id, s.previous_rank, s.total_points, s.exact, s.correct, s.recent_points, s.provisional, s.bonus_points,
         u.username, u.first_name, u.last_name, c.name AS team,
         ${FIXTURE_STATES_VERSION_SQL} AS fixture_states_version, ${seasonOfLeagueSql('l.id')} AS season_id
  FROM leagues l
  LEFT JOIN league_members m ON m.league_id = l.id AND m.user_id = $2
  LEFT JOIN league_standings_summary sm ON sm.league_id = l.id
  LEFT JOIN league_standings s ON s.league_id = l.id AND s.user_id = $2
  LEFT JOIN users u ON u.id = s.user_id
  ${fanTeamJoinSql('u', 'l.competition_code')}
  WHERE l.id = $1`;

export async function selectLeaderboardHead(db: DataSource, leagueId: number, viewerId: number): Promise<LeaderboardHead | undefined> {
  const [head] = await queryPrepared<LeaderboardHead>(db, 'leaderboard_head', LEADERBOARD_HEAD_SQL, [leagueId, viewerId]);
  return head;
}

/** What a read of a league's live standings goes by (LeaderboardService.liveStandingsOfEach): its head, less the viewer. */
export type LiveStandingsHead = Pick<LeaderboardHead, 'total' | 'computed_at' | 'recomputed_at' | 'fixture_states_version' | 'season_id'> & { league_id: number };

/** The heads of some leagues' live standings (a league not computed yet has total and computed_at null). */
export function selectLiveStandingsHeads(db: DataSource, leagueIds: number[]): Promise<LiveStandingsHead[]> {
  return queryPrepared<LiveStandingsHead>(
    db,
    'live_standings_heads',
    `SELECT l.id AS league_id, sm.member_count AS total, sm.computed_at, sm.recomputed_at, ${FIXTURE_STATES_VERSION_SQL} AS fixture_states_version,
            ${seasonOfLeagueSql('l.id')} AS season_id
     FROM unnest($1::int[]) AS l(id) LEFT JOIN league_standings_summary sm ON sm.league_id = l.id`,
    [leagueIds],
  );
}

/**
 * A page within the summary's leading rows (`offset + pageSize` ≤ TOP_ROWS), read from its jsonb:
 * no sort, ranks as stored; names and teams joined to those rows only (at most TOP_ROWS).
 */
export function selectLeadingPage(q: Q, leagueId: number, pageSize: number, offset: number): Promise<StandingRow[]> {
  return q.query(
    `SELECT p.*, u.username, u.first_name, u.last_name, c.name AS team
     FROM (
       SELECT t.user_id, t.rank, t.previous_rank, t.total_points, t.recent_points, t.provisional, coalesce(t.bonus_points, 0) AS bonus_points
       FROM league_standings_summary sm
       CROSS JOIN LATERAL jsonb_to_recordset(sm.top)
         AS t(user_id int, rank int, previous_rank int, total_points int, recent_points int, provisional boolean, bonus_points int)
       WHERE sm.league_id = $1
     ) p
     JOIN users u ON u.id = p.user_id
     ${fanTeamJoinSql('u', leagueCompetitionSql('$1::int'))}
     ORDER BY p.rank, p.user_id LIMIT $2 OFFSET $3`,
    [leagueId, pageSize, offset],
  );
}

/**
 * A page deeper than the summary's leading rows: the league's stored rows in table order (a
 * top-N sort, no rank over the league), each with its key; the ranks come from KeyRanks.
 */
export function selectDeepPage(q: Q, leagueId: number, pageSize: number, offset: number): Promise<UnrankedStandingRow[]> {
  return q.query(
    `SELECT p.*, u.username, u.first_name, u.last_name, c.name AS team
     FROM (
       SELECT s.user_id, s.previous_rank, s.total_points, s.exact, s.correct, s.recent_points, s.provisional, s.bonus_points
       FROM league_standings s WHERE s.league_id = $1
       ORDER BY ${tableOrder(standingsOf('s'))}, s.user_id LIMIT $2 OFFSET $3
     ) p
     JOIN users u ON u.id = p.user_id
     ${fanTeamJoinSql('u', leagueCompetitionSql('$1::int'))}
     ORDER BY ${tableOrder(standingsOf('p'))}, p.user_id`,
    [leagueId, pageSize, offset],
  );
}

/** The most points anyone has in the league's stored table, or null when it has no rows. */
/**
 * The most points anyone holds in the league's stored table, from its histogram of keys: the
 * highest bucket still holding a member, at the end of the primary key (a max over the stored
 * rows read every member's row, with no index on the points: 17 requests a second at 1M).
 */
export async function selectLeadingScore(q: Q, leagueId: number): Promise<number | null> {
  const [standing]: { leading: number | null }[] = await q.query(`SELECT max(points)::int AS leading FROM league_key_counts WHERE league_id = $1 AND n > 0`, [leagueId]);
  return standing?.leading ?? null;
}

/** The league's histogram of keys (league_key_counts): the members holding each key. */
export function selectKeyCounts(q: Q, leagueId: number): Promise<KeyCount[]> {
  return q.query(`SELECT points, exact, correct, n FROM league_key_counts WHERE league_id = $1 AND n > 0`, [leagueId]);
}

/**
 * A live page's stored parts (the previous rank, the bonus points, names and teams) for these
 * members; members without a stored row yet have none (bonus points null).
 */
export type LiveRowDetails = Pick<StandingRow, 'user_id' | 'previous_rank'> & { bonus_points: number | null } & TableUser;

export function selectLiveRowDetails(q: Q, leagueId: number, userIds: number[]): Promise<LiveRowDetails[]> {
  return q.query(
    `SELECT u.id AS user_id, s.previous_rank, s.bonus_points, u.username, u.first_name, u.last_name, c.name AS team
     FROM users u
     LEFT JOIN league_standings s ON s.league_id = $1 AND s.user_id = u.id
     ${fanTeamJoinSql('u', leagueCompetitionSql('$1::int'))}
     WHERE u.id = ANY($2::int[])`,
    [leagueId, userIds],
  );
}
