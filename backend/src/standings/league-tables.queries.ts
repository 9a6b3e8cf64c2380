import type { DataSource, EntityManager } from 'typeorm';
import type { LeagueKind, LeagueRole } from '@scoreline/contracts/api/leagues';
import type { PeriodWin } from '../activity/activity-writer.service';
import { parseIntList, type RankedColumns } from './ranked-table';
import { intList } from './int-list.shared-sql';
import { FIXTURE_STATES_VERSION_SQL, seasonOfLeagueSql } from '../seasons/season-context.shared-sql';
import { tableOrder, tableRank, totalsOf, type FigureColumns } from './table-ranking.shared-sql';
import { seasonBonusJoins, seasonBonusOf, withSeasonBonus } from './season-bonus.shared-sql';
import { seasonBonusCounts } from './season-bonus.queries';
import { fanTeamJoinSql, leagueCompetitionSql } from './league-tables.shared-sql';

type Q = DataSource | EntityManager;

/** A month is a calendar month in UTC (seasons carry no timezone of their own). */
export const MONTH_OF = (timestamp: string) => `to_char(${timestamp} AT TIME ZONE 'UTC', 'YYYY-MM')`;

export interface TableHead {
  type: LeagueKind;
  role: LeagueRole | null;
  computed_at: Date | null;
  /** When the stored figures were last recomputed (computed_at also moves with a join ranked in place). */
  recomputed_at: Date | null;
  /** Members at the last recompute (0 before the first). */
  member_count: number;
  /** The version of the fixtures' rows (the live tables' context is kept per season and version). */
  fixture_states_version: string;
  /** The league's season (seasonOfLeagueSql); null when none. */
  season_id: number | null;
}

/** The league's kind and season, the viewer's membership, the stored standings' version (computed_at) and the fixtures' rows' version. */
export async function selectTableHead(q: Q, leagueId: number, viewerId: number): Promise<TableHead | undefined> {
  const [head]: TableHead[] = await q.query(
    `SELECT l.type, m.role, sm.computed_at, sm.recomputed_at, coalesce(sm.member_count, 0) AS member_count,
            ${FIXTURE_STATES_VERSION_SQL} AS fixture_states_version, ${seasonOfLeagueSql('l.id')} AS season_id
     FROM leagues l
     LEFT JOIN league_members m ON m.league_id = l.id AND m.user_id = $2
     LEFT JOIN league_standings_summary sm ON sm.league_id = l.id
     WHERE l.id = $1`,
    [leagueId, viewerId],
  );
  return head;
}

export interface TableGameweekRow {
  season_id: number;
  id: number;
  number: number;
  /** gameweeks.name: a tournament's round as its file names it; null for a league's matchday. */
  name: string | null;
  month: string | null;
  completed: boolean;
  live: boolean;
  scored: boolean;
}

/** A season's gameweeks (`season` an SQL expression of its id): number, month of the first kick-off, status (TableGameweekRow). */
export const seasonTableGameweeksSql = (season: string): string => `SELECT g.season_id, g.id, g.number, g.name, ${MONTH_OF('g.starts_at')} AS month,
            NOT EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status NOT IN ('finished', 'postponed')) AS completed,
            EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status = 'live') AS live,
            EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status IN ('live', 'finished')) AS scored
     FROM gameweeks g WHERE g.season_id = ${season}
     ORDER BY g.number`;

/** What a table sums: the season's totals, or the totals of some gameweeks (one, or a month's). */
export type TableSource = { kind: 'season'; seasonId: number } | { kind: 'gameweeks'; gameweekIds: number[] };

/**
 * Each user's figures over the source, as (user_id, points, exact, correct, provisional, live_scored).
 * $2 is the season id or the gameweek ids. A season table adds its bonus points per member
 * (tableFiguresOf), beside this.
 */
export function tableTotalsSql(source: TableSource['kind']): string {
  return source === 'season'
    ? `SELECT user_id, points, exact, correct, provisional, live_scored FROM user_season_totals WHERE season_id = $2`
    : `SELECT user_id, sum(points)::int AS points, sum(exact)::int AS exact, sum(correct)::int AS correct, bool_or(provisional) AS provisional,
              sum(live_scored)::int AS live_scored
       FROM user_gameweek_totals WHERE gameweek_id = ANY($2::int[]) GROUP BY user_id`;
}

/** One table's key in the caches of tables: the league and what it sums (a month of one gameweek is that gameweek's table). */
export function tableKey(leagueId: number, source: TableSource): string {
  return source.kind === 'season' ? `${leagueId}:season:${source.seasonId}` : `${leagueId}:gameweeks:${source.gameweekIds.join(',')}`;
}

const sourceParam = (source: TableSource) => (source.kind === 'season' ? source.seasonId : source.gameweekIds);

/**
 * A table's figures per member `m` of league $1 over the totals `t` of the source ($2): a season
 * table's points with the member's bonus points (season-bonus.shared-sql.ts, aliases `bn_*`) when
 * anyone of the league has some (`bonus`, seasonBonusCounts), a gameweek's or a month's as they
 * are. `joins` goes after the totals' join.
 */
export function tableFiguresOf(kind: TableSource['kind'], bonus: boolean): { figures: FigureColumns; joins: string } {
  return kind === 'season' && bonus
    ? { figures: withSeasonBonus(totalsOf('t'), 'bn'), joins: seasonBonusJoins({ alias: 'bn', user: 'm.user_id', league: '$1', season: '$2' }) }
    : { figures: totalsOf('t'), joins: '' };
}

/** Whether a table of league `leagueId` over the source counts bonus points (a season's, while anyone has some). */
export function tableCountsBonus(q: Q, leagueId: number, source: TableSource): Promise<boolean> {
  return source.kind === 'season' ? seasonBonusCounts(q, [leagueId], source.seasonId) : Promise.resolve(false);
}

/**
 * The whole table of one league over the source, in table order (ties in rank by user id), as
 * columns: every member, those without totals on 0. One window over the league's members, its
 * rows folded into one array per column (a million row objects would cost the API hundreds of
 * MB on the way in); the service keeps the table per version, so a big league pays this once per
 * change, not per read.
 */
export async function selectRankedColumns(q: Q, leagueId: number, source: TableSource): Promise<RankedColumns> {
  const { figures, joins } = tableFiguresOf(source.kind, await tableCountsBonus(q, leagueId, source));
  // Each column as one comma-separated text (parsed straight into a typed array), not an int[]
  // that the driver would turn into a JS array and a string per element first.
  const [columns]: Record<keyof RankedColumns, string>[] = await q.query(
    `SELECT ${intList('user_id')} AS user_ids, ${intList('rank')} AS ranks, ${intList('points')} AS points,
            ${intList('exact')} AS exact, ${intList('correct')} AS correct, ${intList('provisional::int')} AS provisional
     FROM (
       SELECT m.user_id, ${tableRank(figures)} AS rank,
              ${figures('points')}::int AS points, ${figures('exact')}::int AS exact, ${figures('correct')}::int AS correct,
              coalesce(t.provisional, false) AS provisional
       FROM league_members m
       LEFT JOIN (${tableTotalsSql(source.kind)}) t ON t.user_id = m.user_id
       ${joins}
       WHERE m.league_id = $1
       ORDER BY ${tableOrder(figures)}, m.user_id
     ) ranked`,
    [leagueId, sourceParam(source)],
  );
  return {
    user_ids: parseIntList(columns.user_ids),
    ranks: parseIntList(columns.ranks),
    points: parseIntList(columns.points),
    exact: parseIntList(columns.exact),
    correct: parseIntList(columns.correct),
    provisional: Uint8Array.from(parseIntList(columns.provisional)),
  };
}

export interface TableUser {
  user_id: number;
  username: string;
  first_name: string;
  last_name: string;
  team: string | null;
}

/**
 * Names and teams (fanTeamJoinSql) of the rows on a page of league `of.leagueId`, and in a season
 * table (`of.seasonId`) their bonus points.
 */
export async function selectTableUsers(
  q: Q,
  userIds: number[],
  of: { leagueId: number; seasonId?: number },
): Promise<(TableUser & { bonus_points: number })[]> {
  if (userIds.length === 0) return [];
  if (of.seasonId === undefined) {
    return q.query(
      `SELECT u.id AS user_id, u.username, u.first_name, u.last_name, c.name AS team, 0 AS bonus_points
       FROM users u ${fanTeamJoinSql('u', leagueCompetitionSql('$2::int'))}
       WHERE u.id = ANY($1::int[])`,
      [userIds, of.leagueId],
    );
  }
  return q.query(
    `SELECT u.id AS user_id, u.username, u.first_name, u.last_name, c.name AS team, ${seasonBonusOf('bn')}::int AS bonus_points
     FROM users u ${fanTeamJoinSql('u', leagueCompetitionSql('$2::int'))}
     ${seasonBonusJoins({ alias: 'bn', user: 'u.id', league: '$2::int', season: '$3::int' })}
     WHERE u.id = ANY($1::int[])`,
    [userIds, of.leagueId, of.seasonId],
  );
}

/**
 * Winners of a period in every league of its competition at once: rank 1 by the table rule among
 * each league's members, with points. Members without totals have 0 points and cannot win, so an
 * inner join. $1 the gameweek ids of the period (one season's); the leagues of the first one's
 * competition (a fan's World Cup round wins nothing in their Premier League leagues).
 */
export async function selectPeriodWinners(q: Q, gameweekIds: number[]): Promise<PeriodWin[]> {
  const figures = totalsOf('t');
  return q.query(
    `SELECT league_id, user_id, points, exact, correct, (count(*) OVER (PARTITION BY league_id))::int AS winners
     FROM (
       SELECT m.league_id, t.user_id, t.points, t.exact, t.correct, ${tableRank(figures, 'm.league_id')} AS rank
       FROM (${tableTotalsSql('gameweeks').replace('$2', '$1')}) t
       JOIN league_members m ON m.user_id = t.user_id
       JOIN leagues l ON l.id = m.league_id
        AND l.competition_code = (SELECT se.league_code FROM gameweeks g JOIN seasons se ON se.id = g.season_id WHERE g.id = ($1::int[])[1])
     ) r
     WHERE rank = 1 AND points > 0
     ORDER BY league_id, user_id`,
    [gameweekIds],
  );
}

export interface SettlementGameweek {
  id: number;
  number: number;
  season_id: number;
  month: string | null;
  /** Every fixture finished or void and every prediction scored for good. */
  settled: boolean;
}

/** The gameweek and whether its results are settled (the last scoring event sees the whole gameweek). */
export async function selectSettlementGameweek(q: Q, gameweekId: number): Promise<SettlementGameweek | undefined> {
  const [row]: SettlementGameweek[] = await q.query(
    `SELECT g.id, g.number, g.season_id, ${MONTH_OF('g.starts_at')} AS month,
            (EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id)
             AND NOT EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status NOT IN ('finished', 'postponed'))
             AND NOT EXISTS (SELECT 1 FROM fixtures f JOIN predictions p ON p.fixture_id = f.id WHERE f.gameweek_id = g.id AND NOT p.is_final)) AS settled
     FROM gameweeks g WHERE g.id = $1`,
    [gameweekId],
  );
  return row;
}

/** The gameweeks of a season whose first kick-off falls in the month, each with whether it is settled. */
export async function selectMonthGameweeks(q: Q, seasonId: number, month: string): Promise<{ id: number; settled: boolean }[]> {
  return q.query(
    `SELECT g.id,
            (NOT EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status NOT IN ('finished', 'postponed'))
             AND NOT EXISTS (SELECT 1 FROM fixtures f JOIN predictions p ON p.fixture_id = f.id WHERE f.gameweek_id = g.id AND NOT p.is_final)) AS settled
     FROM gameweeks g WHERE g.season_id = $1 AND ${MONTH_OF('g.starts_at')} = $2
     ORDER BY g.number`,
    [seasonId, month],
  );
}

/**
 * Serialises the settling of the winners of one season's gameweeks and months (namespace 7_307,
 * key the gameweek's season): false when the gameweek does not exist. Taken before anything is
 * read, so a settlement decides on what the one before it committed.
 */
export async function lockPeriodWinners(tx: EntityManager, namespace: number, gameweekId: number): Promise<boolean> {
  const rows: unknown[] = await tx.query(`SELECT pg_advisory_xact_lock($1, season_id) FROM gameweeks WHERE id = $2`, [namespace, gameweekId]);
  return rows.length > 0;
}
