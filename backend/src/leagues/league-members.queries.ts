import type { DataSource, EntityManager } from 'typeorm';
import type { LeagueKind, LeagueRole } from '@scoreline/contracts/api/leagues';
import { standingsOf, storedRankAtMost, tableOrder } from '../standings/table-ranking.shared-sql';
import { userNameOrder } from '../users/users.shared-sql';
import { userNameStartsWith } from '../users/users.shared-sql';
import { currentGameweekIdSql, seasonOfLeagueSql } from '../seasons/season-context.shared-sql';
import { fanTeamJoinSql, leagueCompetitionSql } from '../standings/league-tables.shared-sql';
import { queryGenericPlan, queryPrepared } from '../platform/database/database.queries';
import type { GenericPlanPool } from '../platform/database/generic-plan-pool';

/**
 * The leagues domain's data door for league_members: joining and leaving (a member plays the
 * league's competition: user_competitions), the members list and the member modal and player
 * profile (which read the member's standing and the game's totals beside the membership).
 */
type Queryable = DataSource | EntityManager;

/** Every league the user is a member of (its socket joins their rooms). */
export async function selectLeagueIdsOfUser(q: Queryable, userId: number): Promise<number[]> {
  const rows: { league_id: number }[] = await q.query(`SELECT league_id FROM league_members WHERE user_id = $1`, [userId]);
  return rows.map((row) => row.league_id);
}

// ---- Joining and leaving ----------------------------------------------------------------------

// A member plays the league's competition: each insert below adds it to user_competitions too.
const PLAYS_LEAGUE_COMPETITION = `plays AS (
  INSERT INTO user_competitions (user_id, competition_code)
  SELECT $2, l.competition_code FROM leagues l WHERE l.id = $1
  ON CONFLICT DO NOTHING)`;

/** Adds the member unless they are one already; answers whether a row was added. */
export async function insertMemberUnlessPresent(tx: EntityManager, leagueId: number, userId: number): Promise<boolean> {
  const added: unknown[] = await tx.query(
    `WITH ${PLAYS_LEAGUE_COMPETITION}
     INSERT INTO league_members (league_id, user_id, role) VALUES ($1, $2, 'member') ON CONFLICT DO NOTHING RETURNING user_id`,
    [leagueId, userId],
  );
  return added.length > 0;
}

export async function insertOwnerMember(tx: EntityManager, leagueId: number, userId: number): Promise<void> {
  await tx.query(`WITH ${PLAYS_LEAGUE_COMPETITION} INSERT INTO league_members (league_id, user_id, role) VALUES ($1, $2, 'owner')`, [leagueId, userId]);
}

export async function deleteMember(tx: EntityManager, leagueId: number, userId: number): Promise<void> {
  await tx.query(`DELETE FROM league_members WHERE league_id = $1 AND user_id = $2`, [leagueId, userId]);
}

/** Removes the member; answers their name, or null when they were not a member. */
export async function deleteMemberReturningName(tx: EntityManager, leagueId: number, userId: number): Promise<{ first_name: string; last_name: string } | null> {
  // TypeORM answers a DELETE ... RETURNING as [rows, affected].
  const [removed]: [{ first_name: string; last_name: string }[], number] = await tx.query(
    `DELETE FROM league_members m USING users u WHERE m.league_id = $1 AND m.user_id = $2 AND u.id = m.user_id RETURNING u.first_name, u.last_name`,
    [leagueId, userId],
  );
  return removed[0] ?? null;
}

/** Removes the user from every league; answers the leagues left, with their kind. */
export async function deleteMembershipsOfUser(tx: EntityManager, userId: number): Promise<{ league_id: number; type: LeagueKind }[]> {
  // TypeORM answers a DELETE ... RETURNING as [rows, affected].
  const [left]: [{ league_id: number; type: LeagueKind }[], number] = await tx.query(
    `DELETE FROM league_members m USING leagues l WHERE m.league_id = l.id AND m.user_id = $1 RETURNING m.league_id, l.type`,
    [userId],
  );
  return left;
}

export async function countMembers(q: Queryable, leagueId: number): Promise<number> {
  const [{ members }]: { members: number }[] = await q.query(`SELECT count(*)::int AS members FROM league_members WHERE league_id = $1`, [leagueId]);
  return members;
}

export async function isMember(q: Queryable, leagueId: number, userId: number): Promise<boolean> {
  const rows: unknown[] = await q.query(`SELECT 1 FROM league_members WHERE league_id = $1 AND user_id = $2`, [leagueId, userId]);
  return rows.length > 0;
}

/** The member's username while they are still in the league; null once they left. */
export async function selectMemberUsername(q: Queryable, leagueId: number, userId: number): Promise<string | null> {
  const rows: { username: string }[] = await q.query(
    `SELECT u.username FROM league_members m JOIN users u ON u.id = m.user_id WHERE m.league_id = $1 AND m.user_id = $2`,
    [leagueId, userId],
  );
  return rows[0]?.username ?? null;
}

/** The member who joined earliest (ties by user id), or null when nobody is left. */
export async function selectEarliestMember(tx: EntityManager, leagueId: number): Promise<number | null> {
  const [heir]: { user_id: number }[] = await tx.query(`SELECT user_id FROM league_members WHERE league_id = $1 ORDER BY joined_at, user_id LIMIT 1`, [
    leagueId,
  ]);
  return heir?.user_id ?? null;
}

export async function setOwnerRole(tx: EntityManager, leagueId: number, userId: number): Promise<void> {
  await tx.query(`UPDATE league_members SET role = 'owner' WHERE league_id = $1 AND user_id = $2`, [leagueId, userId]);
}

// ---- The members list -------------------------------------------------------------------------

export type MemberSort = 'rank' | 'points' | 'name';

/** The stored table key in rank order, members without a row (not ranked yet) last. */
const KEY_ORDER_NULLS_LAST = tableOrder(standingsOf('s'), { nullsLast: true });

/**
 * Ties in rank go by user id, as on the leaderboard. Ranks come from points (ties share a rank),
 * so the rank and points orders are the same; members not ranked yet (joined since the last
 * recompute) come last in both.
 */
const MEMBER_SORTS: Record<MemberSort, string> = {
  // Rank order is key order (ranks are derived from the key): no rank per row to sort by.
  rank: `${KEY_ORDER_NULLS_LAST}, m.user_id`,
  points: `coalesce(s.total_points, 0) DESC, ${KEY_ORDER_NULLS_LAST}, m.user_id`,
  name: `${userNameOrder('u')}, m.user_id`,
};

/**
 * The page's order with a search: the same, but a search sorts its matches (few: from the
 * name indexes' ranges, or a small league's members) instead of walking the A–Z index, which under a
 * LIMIT reads names until enough match — the whole alphabet for a "Zoe" among a million. The
 * `|| ''` keeps the order and hides it from that index.
 */
const SEARCH_SORTS: Record<MemberSort, string> = { ...MEMBER_SORTS, name: `${userNameOrder('u')} || '', m.user_id` };

/**
 * A page row's activity in the league's ($1) season, read in the page's own query (a round trip
 * less per page): its correct and scored predictions, the gameweeks it predicted, and whether it
 * predicted the current one. Needs the page's `m` (league_members) and `act` (ACTIVITY_CONTEXT).
 */
const ACTIVITY_CONTEXT = `CROSS JOIN (SELECT se.season_id, ${currentGameweekIdSql('se.season_id')} AS gameweek_id FROM (SELECT ${seasonOfLeagueSql('$1::int')} AS season_id) se) act
     LEFT JOIN user_season_totals st ON st.user_id = m.user_id AND st.season_id = act.season_id`;
const ACTIVITY_COLUMNS = `coalesce(st.correct, 0) AS season_correct, coalesce(st.scored, 0) AS season_scored,
       (SELECT count(DISTINCT p.gameweek_id) FROM predictions p JOIN gameweeks g ON g.id = p.gameweek_id
        WHERE p.user_id = m.user_id AND g.season_id = act.season_id)::int AS weeks_active,
       EXISTS (SELECT 1 FROM predictions p WHERE p.user_id = m.user_id AND p.gameweek_id = act.gameweek_id) AS active_this_gameweek`;

const MEMBER_COLUMNS_OF = (rank: string) => `m.user_id, m.role, m.joined_at, u.username, u.first_name, u.last_name, c.name AS team_name,
       ${rank} AS rank, coalesce(s.total_points, 0) AS total_points, coalesce(s.recent_points, 0) AS recent_points`;
/** One member: their key (the service looks the rank up by key, as for a page). */
const MEMBER_COLUMNS = `${MEMBER_COLUMNS_OF('NULL::int')}, s.user_id IS NOT NULL AS ranked, coalesce(s.exact, 0) AS exact, coalesce(s.correct, 0) AS correct`;
/** A page: the key of each ranked member instead of a rank (the service looks ranks up by key). */
const MEMBER_PAGE_COLUMNS = `${MEMBER_COLUMNS_OF('NULL::int')}, s.user_id IS NOT NULL AS ranked, coalesce(s.exact, 0) AS exact, coalesce(s.correct, 0) AS correct,
       ${ACTIVITY_COLUMNS}`;
/** The team beside a member's name in league $1: their team in its competition, else their club (fanTeamJoinSql). */
const MEMBER_TEAM_JOIN = fanTeamJoinSql('u', leagueCompetitionSql('$1::int'));
/** What MEMBER_PAGE_COLUMNS reads beside a page's `m` (league_members, of the league $1): the user, their team, standing and activity. */
const MEMBER_PAGE_JOINS = `JOIN users u ON u.id = m.user_id ${MEMBER_TEAM_JOIN}
     LEFT JOIN league_standings s ON s.league_id = m.league_id AND s.user_id = m.user_id
     ${ACTIVITY_CONTEXT}`;

export interface MemberRow {
  user_id: number;
  role: LeagueRole;
  joined_at: Date;
  username: string;
  first_name: string;
  last_name: string;
  team_name: string | null;
  rank: number | null;
  total_points: number;
  recent_points: number;
}

/** A row of a page: no rank yet, but whether the member is ranked and their key (points are total_points), and their activity. */
export interface MemberPageRow extends MemberRow {
  ranked: boolean;
  exact: number;
  correct: number;
  season_correct: number;
  season_scored: number;
  weeks_active: number;
  active_this_gameweek: boolean;
}

export interface MemberFilter {
  /** Only members of this role, or all. */
  role: LeagueRole | null;
  /** The search text (trimmed): the start of the full name, family name or username, or none. */
  search: string | null;
}

export async function countMembersMatching(q: Queryable, leagueId: number, f: MemberFilter): Promise<number> {
  const [{ total }]: { total: number }[] =
    f.search === null
      ? await q.query(`SELECT count(*)::int AS total FROM league_members m WHERE m.league_id = $1 AND ($2::text IS NULL OR m.role = $2)`, [leagueId, f.role])
      : await q.query(
          `SELECT count(*)::int AS total FROM league_members m JOIN users u ON u.id = m.user_id
           WHERE m.league_id = $1 AND ($2::text IS NULL OR m.role = $2) AND ${userNameStartsWith('u', '$3')}`,
          [leagueId, f.role, f.search],
        );
  return total;
}

/** A page's members in order, by id; `total` (with `withTotal`) is how many match. */
export interface MemberPageId {
  user_id: number;
  total?: number;
}

/**
 * A page's ids among the leading rows the standings recompute keeps in the summary, so the whole
 * league (the global one has every user) is not sorted per request. Short when members joined
 * or left since the recompute.
 */
export function selectLeadingMemberIds(q: Queryable, leagueId: number, sort: Exclude<MemberSort, 'name'>, pageSize: number, offset: number): Promise<MemberPageId[]> {
  return q.query(
    `SELECT m.user_id
     FROM league_standings_summary sm
     CROSS JOIN LATERAL jsonb_to_recordset(sm.top) AS t(user_id int)
     JOIN league_members m ON m.league_id = sm.league_id AND m.user_id = t.user_id
     LEFT JOIN league_standings s ON s.league_id = m.league_id AND s.user_id = m.user_id
     WHERE sm.league_id = $1
     ORDER BY ${MEMBER_SORTS[sort]}
     LIMIT $2 OFFSET $3`,
    [leagueId, pageSize, offset],
  );
}

/**
 * A page's ids by rank, points or name, with or without a search, from only what the order
 * needs (sorted by name, the standings join is dropped by the planner). `withTotal`: each row
 * also carries how many members match (for a search, whose matches are all sorted anyway, so
 * the count costs no second pass over the index). Planned per request: the best plan depends on
 * the search and the league's size (a name index range for the global league, the members for a
 * small one).
 */
export function selectMemberPageIds(
  q: Queryable,
  leagueId: number,
  f: MemberFilter,
  sort: MemberSort,
  pageSize: number,
  offset: number,
  options: { withTotal?: boolean } = {},
): Promise<MemberPageId[]> {
  const order = (f.search === null ? MEMBER_SORTS : SEARCH_SORTS)[sort];
  return q.query(
    `SELECT m.user_id${options.withTotal ? ', (count(*) OVER ())::int AS total' : ''}
     FROM league_members m JOIN users u ON u.id = m.user_id
     LEFT JOIN league_standings s ON s.league_id = m.league_id AND s.user_id = m.user_id
     WHERE m.league_id = $1 AND ($2::text IS NULL OR m.role = $2)
       AND ($3::text IS NULL OR ${userNameStartsWith('u', '$3')})
     ORDER BY ${order}
     LIMIT $4 OFFSET $5`,
    [leagueId, f.role, f.search, pageSize, offset],
  );
}

/** A page row of a names-first search: also its place in the order and how many match. */
export interface SearchPageRow extends MemberPageRow {
  position: number;
  total: number;
}

/**
 * A page of a league's members matching a search (any role), with their details and how many
 * match, in one statement on the generic-plan pool: its one plan reads the names' index ranges
 * first and then looks each match's membership up — the right plan only in a league holding
 * most users (see searchesNamesFirst). Planned per run, the search cost more to plan than to
 * run, and the details took a second round trip. Rows in order; none past the last match.
 * No role filter: in a generic plan `$x IS NULL OR m.role = $x` cost ~40 µs per match.
 */
export function selectNamesFirstSearchPage(
  plans: GenericPlanPool,
  leagueId: number,
  search: string,
  sort: MemberSort,
  pageSize: number,
  offset: number,
): Promise<SearchPageRow[]> {
  return queryGenericPlan(
    plans,
    `names_first_search_page_${sort}`,
    // OFFSET 0 keeps each lookup a probe per match: without it the generic plan, which guesses
    // thousands of matches, would rather hash-join a scan of the whole league.
    `WITH matches AS MATERIALIZED (
       SELECT m.user_id, (count(*) OVER ())::int AS total, (row_number() OVER (ORDER BY ${SEARCH_SORTS[sort]}))::int AS position
       FROM users u
       CROSS JOIN LATERAL (SELECT m.user_id, m.role FROM league_members m WHERE m.league_id = $1 AND m.user_id = u.id OFFSET 0) m
       ${sort === 'name' ? '' : 'LEFT JOIN LATERAL (SELECT s.* FROM league_standings s WHERE s.league_id = $1 AND s.user_id = u.id OFFSET 0) s ON true'}
       WHERE ${userNameStartsWith('u', '$2')}
       ORDER BY position
       LIMIT $3 OFFSET $4
     )
     SELECT ${MEMBER_PAGE_COLUMNS}, matches.position, matches.total
     FROM matches
     JOIN league_members m ON m.league_id = $1 AND m.user_id = matches.user_id
     ${MEMBER_PAGE_JOINS}
     ORDER BY matches.position`,
    [leagueId, search, pageSize, offset],
  );
}

/**
 * The details of a page's members (in no particular order; those who left are missing). A
 * prepared statement: its plan is a few key lookups per member whatever the page, and planning
 * its joins and activity took longer (~1.6 ms) than running it (~0.25 ms for 20 members).
 */
export function selectMemberPageDetails(q: Queryable, leagueId: number, userIds: number[]): Promise<MemberPageRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return queryPrepared(
    q,
    'member_page_details',
    `SELECT ${MEMBER_PAGE_COLUMNS}
     FROM league_members m
     ${MEMBER_PAGE_JOINS}
     WHERE m.league_id = $1 AND m.user_id = ANY($2::int[])`,
    [leagueId, userIds],
  );
}

/** A member with their key in the stored table (`ranked`: they have a row); `rank` is left to the service. */
export interface MemberKeyRow extends MemberRow {
  ranked: boolean;
  exact: number;
  correct: number;
}

/**
 * A member of the league by user id, or by username (case-insensitive). Prepared: planning its
 * joins cost more than running them.
 */
export async function selectMember(q: Queryable, leagueId: number, player: { userId: number } | { username: string }): Promise<MemberKeyRow | undefined> {
  const byId = 'userId' in player;
  const [row] = await queryPrepared<MemberKeyRow>(
    q,
    byId ? 'member_by_id' : 'member_by_username',
    `SELECT ${MEMBER_COLUMNS}
     FROM league_members m JOIN users u ON u.id = m.user_id ${MEMBER_TEAM_JOIN}
     LEFT JOIN league_standings s ON s.league_id = m.league_id AND s.user_id = m.user_id
     WHERE m.league_id = $1 AND ${byId ? 'm.user_id = $2::int' : 'lower(u.username) = lower($2)'}`,
    [leagueId, byId ? player.userId : player.username],
  );
  return row;
}

export interface MemberStatsRow {
  total: number;
  active: number;
  avg_accuracy: number | null;
  top: number;
}

/** Members, those who predicted the current gameweek, their average accuracy and how many hold a top-5 rank. */
export async function selectMemberStatsFigures(q: Queryable, leagueId: number, seasonId: number | null, currentGameweekId: number | null): Promise<MemberStatsRow> {
  // Hash joins over the members (one pass each), not a lookup in predictions per member.
  const [row]: MemberStatsRow[] = await q.query(
    `SELECT count(*)::int AS total,
            count(g.user_id)::int AS active,
            avg(t.correct::float / t.scored) FILTER (WHERE t.scored > 0) AS avg_accuracy,
            count(*) FILTER (WHERE ${storedRankAtMost('s', '$1', 5)})::int AS top
     FROM league_members m
     LEFT JOIN user_gameweek_totals g ON g.user_id = m.user_id AND g.gameweek_id = $3 AND g.predictions > 0
     LEFT JOIN user_season_totals t ON t.user_id = m.user_id AND t.season_id = $2
     LEFT JOIN league_standings s ON s.league_id = m.league_id AND s.user_id = m.user_id
     WHERE m.league_id = $1`,
    [leagueId, seasonId, currentGameweekId],
  );
  return row;
}

// ---- The member modal and the player profile ------------------------------------------------

export interface MemberComparisonRow {
  viewer_points: number | null;
  below: number;
  others: number;
}

/** A member's points in the league's stored table (null: no row yet). */
export async function selectStoredPoints(q: Queryable, leagueId: number, userId: number): Promise<number | null> {
  const [row]: { total_points: number }[] = await q.query(`SELECT total_points FROM league_standings WHERE league_id = $1 AND user_id = $2`, [leagueId, userId]);
  return row?.total_points ?? null;
}
