import type { DataSource, EntityManager } from 'typeorm';
import type { LeagueKind, LeagueRole } from '@scoreline/contracts/api/leagues';
import { competitionIsTournamentSql } from '../competitions/competitions.shared-sql';
import { queryPrepared } from '../platform/database/database.queries';
import { FIXTURE_STATES_VERSION_SQL, seasonOfLeagueSql } from '../seasons/season-context.shared-sql';
import { BIG_LEAGUE } from '../platform/common/big-league';
import { tableVersionSql } from '../standings/table-ranking.shared-sql';

/**
 * The leagues domain's data door for the leagues table: a league as a viewer sees it, the hub
 * overview, discovery, creation, the invite code and the row locks every membership change
 * takes. Memberships are league-members.queries.ts, join requests join-requests.queries.ts,
 * the global/country/club leagues automatic-membership.queries.ts.
 */
type Queryable = DataSource | EntityManager;

/** A league row with what the viewer needs to build the League shape. */
export interface LeagueRow {
  id: number;
  name: string;
  description: string;
  type: LeagueKind;
  code: string | null;
  max_members: number | null;
  owner_id: number | null;
  created_at: Date;
  member_count: number;
  role: LeagueRole | null;
  owner_name: string | null;
  country_name: string | null;
  country_flag: string | null;
  club_name: string | null;
  club_logo: string | null;
  competition_code: string;
  competition_name: string;
  competition_tournament: boolean;
}

/**
 * The member count of league `l`: exact for a small league; a big one's as its last standings
 * recompute counted it (every join and leave causes one, within a second or so), since counting
 * a million members costs ~80 ms and the hub, a league's page and the public leagues list all
 * show it. COALESCE counts only when the first answer is missing.
 */
const memberCountSql = (l: string) => `coalesce(
           (SELECT sm.member_count FROM league_standings_summary sm WHERE sm.league_id = ${l}.id AND sm.member_count >= ${BIG_LEAGUE.members}),
           (SELECT count(*) FROM league_members x WHERE x.league_id = ${l}.id))::int`;

/** SELECT … FROM leagues l with the viewer ($1) joined in (`membership`: LEFT JOIN, or JOIN for their leagues only); add WHERE/ORDER. */
const leagueSelect = (membership: 'LEFT JOIN' | 'JOIN', extraColumns = '') => `
  SELECT l.id, l.name, l.description, l.type, l.code, l.max_members, l.owner_id, l.created_at,
         ${memberCountSql('l')} AS member_count,
         ${extraColumns}m.role, ou.first_name || ' ' || ou.last_name AS owner_name,
         co.name AS country_name, co.flag AS country_flag, cl.name AS club_name, cl.logo AS club_logo,
         l.competition_code, comp.name AS competition_name, ${competitionIsTournamentSql('l.competition_code')} AS competition_tournament
  FROM leagues l
  JOIN competitions comp ON comp.code = l.competition_code
  ${membership} league_members m ON m.league_id = l.id AND m.user_id = $1
  LEFT JOIN users ou ON ou.id = l.owner_id
  LEFT JOIN countries co ON co.id = l.country_id
  LEFT JOIN clubs cl ON cl.id = l.club_id`;

/** A league as one viewer sees it, with its season (seasonOfLeagueSql; null when none). */
export interface LeagueOfViewerRow extends LeagueRow {
  season_id: number | null;
}

/** The league with the viewer's role in it (null when not a member); undefined when there is no such league. */
export async function selectLeagueForViewer(q: Queryable, leagueId: number, viewerId: number): Promise<LeagueOfViewerRow | undefined> {
  const [row]: LeagueOfViewerRow[] = await q.query(`${leagueSelect('LEFT JOIN', `${seasonOfLeagueSql('l.id')} AS season_id, `)} WHERE l.id = $2`, [viewerId, leagueId]);
  return row;
}

export async function selectLeagueName(q: Queryable, leagueId: number): Promise<string | null> {
  const [league]: { name: string }[] = await q.query(`SELECT name FROM leagues WHERE id = $1`, [leagueId]);
  return league?.name ?? null;
}

/** A hub row: the league, and the user's key in its stored table (null before their first recompute) with the table's version. */
export interface LeagueOfMemberRow extends LeagueRow {
  my_points: number | null;
  my_exact: number | null;
  my_correct: number | null;
  /** The stored table's version (KeyRanksService's key), null before the first recompute. */
  table_version: string | null;
}

/**
 * The hub: every league the user is in, with their key in its table; the service ranks the key
 * from the league's histogram as kept per version (a sum over the histogram's better buckets in
 * SQL cost ~0.8 ms a league at 100k). Prepared: planning it took longer than running it.
 */
export function selectLeaguesOfMember(q: Queryable, userId: number, competitionCode: string | null = null): Promise<LeagueOfMemberRow[]> {
  return queryPrepared<LeagueOfMemberRow>(
    q,
    // The big-league threshold is in the text (tests lower it): one name per threshold.
    `leagues_of_member_${BIG_LEAGUE.members}`,
    `${leagueSelect('JOIN', `s.total_points AS my_points, s.exact AS my_exact, s.correct AS my_correct,
         (SELECT ${tableVersionSql('sm')} FROM league_standings_summary sm WHERE sm.league_id = l.id) AS table_version, `)}
     LEFT JOIN league_standings s ON s.league_id = l.id AND s.user_id = $1
     WHERE ($2::varchar IS NULL OR l.competition_code = $2)
     ORDER BY l.created_at, l.id`,
    [userId, competitionCode],
  );
}

export interface LeagueAccessRow {
  type: LeagueKind;
  role: LeagueRole | null;
  owner_id: number | null;
  name: string;
  /** The stored table's version (its summary's computed_at in microseconds; KeyRanksService's key), null before the first recompute. */
  table_version: string | null;
  /** The stored table's size and computed_at, and the fixtures' rows' version: what the league's live standings go by (LeaderboardService.liveStandingsAt), read here to spare a members page a round trip. */
  member_count: number | null;
  computed_at: Date | null;
  recomputed_at: Date | null;
  fixture_states_version: string;
  /** The league's season (seasonOfLeagueSql): its tables' and activity's; null when none. */
  season_id: number | null;
}

/**
 * The hot read paths' check: the league's kind and the viewer's role, without counting members.
 * Prepared: three key lookups, asked on every members page, feed and table read.
 */
export async function selectLeagueAccess(q: Queryable, leagueId: number, viewerId: number): Promise<LeagueAccessRow | undefined> {
  const [row] = await queryPrepared<LeagueAccessRow>(
    q,
    'league_access',
    `SELECT l.type, l.owner_id, l.name, m.role, ${tableVersionSql('sm')} AS table_version,
            sm.member_count, sm.computed_at, sm.recomputed_at, ${FIXTURE_STATES_VERSION_SQL} AS fixture_states_version,
            ${seasonOfLeagueSql('l.id')} AS season_id
     FROM leagues l
     LEFT JOIN league_members m ON m.league_id = l.id AND m.user_id = $2
     LEFT JOIN league_standings_summary sm ON sm.league_id = l.id
     WHERE l.id = $1`,
    [leagueId, viewerId],
  );
  return row;
}

/** Locks the league row: membership changes of one league (join, approve, leave, remove) serialise on it. */
export async function lockLeague(tx: EntityManager, leagueId: number): Promise<void> {
  await tx.query(`SELECT 1 FROM leagues WHERE id = $1 FOR UPDATE`, [leagueId]);
}

/** Locks the public league of that id; answers whether there is one. */
export async function lockPublicLeague(tx: EntityManager, leagueId: number): Promise<number | null> {
  const [locked]: { id: number }[] = await tx.query(`SELECT id FROM leagues WHERE id = $1 AND type = 'public' FOR UPDATE`, [leagueId]);
  return locked?.id ?? null;
}

/** Locks the private league of that invite code; answers its id, or null. */
export async function lockPrivateLeagueByCode(tx: EntityManager, code: string): Promise<number | null> {
  const [locked]: { id: number }[] = await tx.query(`SELECT id FROM leagues WHERE code = $1 AND type = 'private' FOR UPDATE`, [code]);
  return locked?.id ?? null;
}

// ---- Creating a league and its invite code ---------------------------------------------------

/** Takes the per-owner advisory lock held while a league is created (released at commit). */
export async function lockLeagueCreation(tx: EntityManager, lockNamespace: number, ownerId: number): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock($1, $2)`, [lockNamespace, ownerId]);
}

/** The name of a private or public league the owner already has under that name (any case), or null. */
export async function selectOwnedLeagueNamed(tx: EntityManager, ownerId: number, name: string): Promise<string | null> {
  const [sameName]: { name: string }[] = await tx.query(
    `SELECT name FROM leagues WHERE owner_id = $1 AND lower(name) = lower($2) AND type IN ('private', 'public') LIMIT 1`,
    [ownerId, name],
  );
  return sameName?.name ?? null;
}

export interface NewLeague {
  /** The competition whose tables the league keeps (a season's league code). */
  competitionCode: string;
  name: string;
  description: string;
  type: 'private' | 'public';
  code: string | null;
  maxMembers: number | null;
  ownerId: number;
}

/** Inserts the league unless its invite code is taken (the unique index decides); answers its id, or null. */
export async function insertLeagueUnlessCodeTaken(tx: EntityManager, l: NewLeague): Promise<number | null> {
  const inserted: { id: number }[] = await tx.query(
    `INSERT INTO leagues (name, description, type, code, max_members, owner_id, competition_code) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (code) DO NOTHING RETURNING id`,
    [l.name, l.description, l.type, l.code, l.maxMembers, l.ownerId, l.competitionCode],
  );
  return inserted[0]?.id ?? null;
}

export async function isInviteCodeTaken(tx: EntityManager, code: string): Promise<boolean> {
  const taken: unknown[] = await tx.query(`SELECT 1 FROM leagues WHERE code = $1`, [code]);
  return taken.length > 0;
}

export async function updateInviteCode(tx: EntityManager, leagueId: number, code: string): Promise<void> {
  await tx.query(`UPDATE leagues SET code = $2 WHERE id = $1`, [leagueId, code]);
}

// ---- Discovery --------------------------------------------------------------------------------

export interface DiscoverRow {
  id: number;
  name: string;
  description: string;
  member_count: number;
  owner_name: string | null;
  created_at: Date;
  is_member: boolean;
  total: number;
}

/** A page of public leagues, biggest first, matching the ILIKE pattern when given; each row carries the total. */
export function selectPublicLeaguesPage(
  q: Queryable,
  viewerId: number,
  pattern: string | null,
  pageSize: number,
  offset: number,
  competitionCode: string | null = null,
): Promise<DiscoverRow[]> {
  return q.query(
    `SELECT l.id, l.name, l.description, l.created_at,
            ${memberCountSql('l')} AS member_count,
            ou.first_name || ' ' || ou.last_name AS owner_name,
            EXISTS (SELECT 1 FROM league_members m WHERE m.league_id = l.id AND m.user_id = $1) AS is_member,
            count(*) OVER ()::int AS total
     FROM leagues l LEFT JOIN users ou ON ou.id = l.owner_id
     WHERE l.type = 'public' AND ($2::text IS NULL OR l.name ILIKE $2 OR l.description ILIKE $2)
       AND ($5::varchar IS NULL OR l.competition_code = $5)
     ORDER BY member_count DESC, l.created_at DESC, l.id DESC
     LIMIT $3 OFFSET $4`,
    [viewerId, pattern, pageSize, offset, competitionCode],
  );
}

/** How many public leagues match (for a page past the end, which carries no total). */
export async function countPublicLeagues(q: Queryable, pattern: string | null, competitionCode: string | null = null): Promise<number> {
  const [counted]: { total: number }[] = await q.query(
    `SELECT count(*)::int AS total FROM leagues l
     WHERE l.type = 'public' AND ($1::text IS NULL OR l.name ILIKE $1 OR l.description ILIKE $1) AND ($2::varchar IS NULL OR l.competition_code = $2)`,
    [pattern, competitionCode],
  );
  return counted.total;
}

// ---- Ownership --------------------------------------------------------------------------------

export async function updateLeagueOwner(tx: EntityManager, leagueId: number, ownerId: number): Promise<void> {
  await tx.query(`UPDATE leagues SET owner_id = $2 WHERE id = $1`, [leagueId, ownerId]);
}

export async function deleteLeague(tx: EntityManager, leagueId: number): Promise<void> {
  await tx.query(`DELETE FROM leagues WHERE id = $1`, [leagueId]);
}

/** Leagues the user owns or is in, locked in id order (as leaving and approving lock them: no deadlock). */
export async function lockLeaguesOfUser(tx: EntityManager, userId: number): Promise<void> {
  await tx.query(
    `SELECT l.id FROM leagues l
     WHERE l.owner_id = $1 OR EXISTS (SELECT 1 FROM league_members m WHERE m.league_id = l.id AND m.user_id = $1)
     ORDER BY l.id FOR UPDATE`,
    [userId],
  );
}

/** The private and public leagues the user owns, in id order. */
export async function selectOwnedLeagueIds(tx: EntityManager, userId: number): Promise<number[]> {
  const owned: { id: number }[] = await tx.query(`SELECT id FROM leagues WHERE owner_id = $1 AND type IN ('private', 'public') ORDER BY id`, [userId]);
  return owned.map((row) => row.id);
}
