import type { DataSource, EntityManager } from 'typeorm';
import type { Activity, ActivityCategory, ActivityImportance, ActivityKind } from '@scoreline/contracts/api/leagues';
import { leagueRoundName, roundNameSql } from '@scoreline/contracts/game/round-name';
import { seasonOfLeagueSql } from '../seasons/season-context.shared-sql';

/**
 * The activity domain's data door: league_activities, the only table it writes (entries join the
 * users, leagues, fixtures and predictions they describe). Every entry has a dedupe key unique per
 * league, so a replayed event finds its entry already there.
 */
type Queryable = DataSource | EntityManager;

/** An entry written (or rewritten) by the writer: what the live worker announces to the league. */
export interface NewActivity {
  /** bigint: a string as pg returns it. */
  id: string | number;
  league_id: number;
}

export interface RankClimb {
  userId: number;
  rank: number;
  previousRank: number;
}

const FULL_NAME = `(u.first_name || ' ' || u.last_name)`;

/**
 * The metadata's `round` (ActivityMetadata): a tournament's round as fans see it ("Round of 32"),
 * for the lines other languages write; nothing for a league's matchday (no name), which they
 * write from `gameweek`.
 */
const roundMetadata = (number: string, name: string): string =>
  `CASE WHEN coalesce(btrim(${name}), '') = '' THEN '{}'::jsonb ELSE jsonb_build_object('round', ${roundNameSql(number, name)}) END`;

export function insertMemberJoined(q: Queryable, leagueId: number, userId: number, via: string, description: string, eventId: number): Promise<NewActivity[]> {
  return q.query(
    `INSERT INTO league_activities (league_id, actor_user_id, kind, category, importance, message, description, icon, metadata, dedupe_key)
     SELECT l.id, u.id, 'member_joined', 'membership', CASE WHEN l.type IN ('private', 'public') THEN 'medium' ELSE 'low' END,
            ${FULL_NAME} || CASE WHEN $3::text = 'create' THEN ' created ' ELSE ' joined ' END || l.name, $4::text, 'user-plus',
            jsonb_build_object('via', CASE WHEN $3::text IN ('create', 'approval') THEN $3::text ELSE 'join' END), 'joined:' || $5::bigint
     FROM leagues l JOIN users u ON u.id = $2
     WHERE l.id = $1 AND l.type <> 'global'
     ON CONFLICT (league_id, dedupe_key) DO NOTHING RETURNING id, league_id`,
    [leagueId, userId, via, description, eventId],
  );
}

export function insertMemberLeft(q: Queryable, leagueId: number, userId: number, via: string, eventId: number): Promise<NewActivity[]> {
  return q.query(
    `INSERT INTO league_activities (league_id, target_user_id, actor_user_id, kind, category, importance, message, description, icon, metadata, dedupe_key)
     SELECT l.id, u.id, CASE WHEN $3::text = 'removed' THEN l.owner_id ELSE u.id END, 'member_left', 'membership', 'low',
            ${FULL_NAME} || CASE WHEN $3::text = 'removed' THEN ' was removed from ' ELSE ' left ' END || l.name,
            CASE $3::text WHEN 'removed' THEN 'Removed by the league owner.' WHEN 'preferences' THEN 'Changed their preferences.' ELSE 'Left the league.' END,
            'user-minus', jsonb_build_object('via', $3::text), 'left:' || $4::bigint
     FROM leagues l JOIN users u ON u.id = $2
     WHERE l.id = $1 AND l.type <> 'global'
     ON CONFLICT (league_id, dedupe_key) DO NOTHING RETURNING id, league_id`,
    [leagueId, userId, via, eventId],
  );
}

export function insertRequestApproved(q: Queryable, leagueId: number, userId: number, ownerId: number, requestId: number): Promise<NewActivity[]> {
  return q.query(
    `INSERT INTO league_activities (league_id, actor_user_id, target_user_id, kind, category, importance, message, description, icon, metadata, dedupe_key)
     SELECT l.id, o.id, u.id, 'request_approved', 'membership', 'medium',
            (o.first_name || ' ' || o.last_name) || ' approved ' || ${FULL_NAME} || '''s request to join',
            'A new member for ' || l.name || '.', 'check-circle', '{}', 'approved:' || $4::int
     FROM leagues l JOIN users u ON u.id = $2 JOIN users o ON o.id = $3
     WHERE l.id = $1
     ON CONFLICT (league_id, dedupe_key) DO NOTHING RETURNING id, league_id`,
    [leagueId, userId, ownerId, requestId],
  );
}

/**
 * For the rest of the transaction: no nested loops and no JIT in the entries written after a
 * result. Right after scoring, the statistics still say no prediction of the match is final or
 * exact (1 row estimated, 110,835 at a million), and the planner then walked every private league
 * for every hit: minutes with 50,000 leagues. Hash joins cost a few milliseconds when inputs are
 * small; JIT compiling cost more than these statements run.
 */
export async function planForManyRows(tx: EntityManager): Promise<void> {
  await tx.query(`SET LOCAL enable_nestloop = off`);
  await tx.query(`SET LOCAL jit = off`);
}

/**
 * Drops the fixture's exact-score and banker entries that no longer hold (a corrected or voided
 * result): the entries there are, found by their key's prefix (league_activities_hits_key_idx),
 * each checked against its author's prediction by the (user, fixture) key. Listing every
 * predictor's keys in every league they belong to instead took past 90 s at a million predictors
 * in a million-member league; joined with an OR of the two keys, ~0.2 s a fixture for 300 fans.
 * Runs before planForManyRows: its joins are a few index lookups per entry.
 */
export async function deleteStaleFixtureEntries(q: Queryable, fixtureId: number): Promise<void> {
  await q.query(
    `DELETE FROM league_activities a
     WHERE (a.kind = 'exact_score' AND a.dedupe_key LIKE $2
            AND NOT EXISTS (SELECT 1 FROM predictions p WHERE p.fixture_id = $1::int AND p.user_id = a.actor_user_id AND p.outcome = 'exact'))
        OR (a.kind = 'banker_hit' AND a.dedupe_key LIKE $3
            AND NOT EXISTS (SELECT 1 FROM predictions p WHERE p.fixture_id = $1::int AND p.user_id = a.actor_user_id
                                                         AND p.is_banker AND p.outcome IN ('exact', 'correct')))`,
    // The prefixes as values, so the plan (made with them) reads the index's range.
    [fixtureId, `exact:${fixtureId}:%`, `banker:${fixtureId}:%`],
  );
}

/**
 * Whether the league `l` gets an entry for every member's performance: private and public leagues
 * under `bigFrom` members (as last counted by its standings). Automatic leagues and big public ones
 * get only what stays readable at that size: the gameweek's top scorers (a public league of a
 * million members took 23 s to upsert a million gameweek entries, and no one reads them).
 */
const EVERY_ENTRY = (l: string, bigFrom: string) =>
  `(${l}.type IN ('private', 'public') AND NOT EXISTS (SELECT 1 FROM league_standings_summary sm WHERE sm.league_id = ${l}.id AND sm.member_count >= ${bigFrom}))`;

/** A finished fixture's exact scores and banker hits, in its competition's leagues only (see EVERY_ENTRY for which). */
export function upsertFixtureHits(q: Queryable, fixtureId: number, bigFrom: number): Promise<NewActivity[]> {
  return q.query(
    `WITH fx AS (
       SELECT f.id, f.home_score, f.away_score, g.number, g.name, hc.short_name AS home, ac.short_name AS away, se.league_code
       FROM fixtures f JOIN gameweeks g ON g.id = f.gameweek_id JOIN seasons se ON se.id = f.season_id
       JOIN clubs hc ON hc.id = f.home_club_id JOIN clubs ac ON ac.id = f.away_club_id
       WHERE f.id = $1 AND f.status = 'finished'
     ),
     hits AS (
       SELECT p.user_id, p.points, 'exact' AS what, p.is_banker FROM predictions p
       WHERE p.fixture_id = $1 AND p.is_final AND p.outcome = 'exact'
       UNION ALL
       SELECT p.user_id, p.points, 'banker', true FROM predictions p
       WHERE p.fixture_id = $1 AND p.is_final AND p.is_banker AND p.outcome IN ('exact', 'correct')
     )
     INSERT INTO league_activities AS a (league_id, actor_user_id, kind, category, importance, message, description, icon, metadata, dedupe_key)
     SELECT m.league_id, h.user_id,
            CASE h.what WHEN 'exact' THEN 'exact_score' ELSE 'banker_hit' END, 'performance',
            CASE WHEN h.is_banker THEN 'high' ELSE 'medium' END,
            CASE h.what WHEN 'exact' THEN ${FULL_NAME} || ' called the exact score: ' || fx.home || ' ' || fx.home_score || '–' || fx.away_score || ' ' || fx.away
                        ELSE ${FULL_NAME} || '''s banker paid off: ' || h.points || ' points on ' || fx.home || ' v ' || fx.away END,
            ${roundNameSql('fx.number', 'fx.name')} || CASE WHEN h.what = 'exact' AND h.is_banker THEN ' · banker, double points' ELSE '' END,
            CASE h.what WHEN 'exact' THEN 'target' ELSE 'zap' END,
            jsonb_build_object('points', h.points, 'fixture_id', fx.id, 'gameweek', fx.number, 'banker', h.is_banker,
                               'home', fx.home, 'away', fx.away, 'home_score', fx.home_score, 'away_score', fx.away_score)
              || ${roundMetadata('fx.number', 'fx.name')},
            h.what || ':' || fx.id || ':' || h.user_id
     FROM hits h CROSS JOIN fx
     JOIN league_members m ON m.user_id = h.user_id
     JOIN leagues l ON l.id = m.league_id AND l.competition_code = fx.league_code AND ${EVERY_ENTRY('l', '$2')}
     JOIN users u ON u.id = h.user_id
     ON CONFLICT (league_id, dedupe_key) DO UPDATE SET message = EXCLUDED.message, description = EXCLUDED.description,
       importance = EXCLUDED.importance, metadata = EXCLUDED.metadata
     WHERE (a.message, a.description, a.importance, a.metadata) IS DISTINCT FROM (EXCLUDED.message, EXCLUDED.description, EXCLUDED.importance, EXCLUDED.metadata)
     RETURNING a.id, a.league_id`,
    [fixtureId, bigFrom],
  );
}

/**
 * A gameweek's points entries in its competition's leagues (see EVERY_ENTRY for who gets one).
 * Each league's best is a hash aggregate over its members' rows, not a window sorted by league: at
 * a million members the sort spilled to disk.
 */
export function upsertGameweekScored(q: Queryable, gameweekId: number, bigFrom: number): Promise<NewActivity[]> {
  return q.query(
    `WITH gw AS (
       SELECT g.id, g.number, g.name, se.league_code FROM gameweeks g JOIN seasons se ON se.id = g.season_id
       WHERE g.id = $1 AND NOT EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status NOT IN ('finished', 'postponed'))
         -- and every prediction scored for good: the event of the last fixture scored sees the whole gameweek.
         AND NOT EXISTS (SELECT 1 FROM fixtures f JOIN predictions p ON p.fixture_id = f.id WHERE f.gameweek_id = g.id AND NOT p.is_final)
     ),
     scored AS MATERIALIZED (
       SELECT m.league_id, t.user_id, t.points, t.exact
       FROM gw JOIN user_gameweek_totals t ON t.gameweek_id = gw.id AND t.predictions > 0
       JOIN league_members m ON m.user_id = t.user_id
       -- Before the aggregates: a fan's other competitions' leagues get no entry (nor a sort of their members).
       JOIN leagues l ON l.id = m.league_id AND l.competition_code = gw.league_code
     ),
     best AS (SELECT league_id, max(points) AS league_best FROM scored GROUP BY league_id),
     kinds AS (
       SELECT b.league_id, b.league_best, ${EVERY_ENTRY('l', '$2')} AS every_entry
       FROM best b JOIN leagues l ON l.id = b.league_id
     ),
     entries AS (
       SELECT s.league_id, s.user_id, s.points, s.exact, (s.points = k.league_best AND s.points > 0) AS top
       FROM scored s JOIN kinds k ON k.league_id = s.league_id
       WHERE k.every_entry OR (s.points = k.league_best AND s.points > 0)
     ),
     -- Where only the top scorers have an entry, a correction that took the top from someone takes
     -- their entry away (the snapshot below does not see this statement's inserts).
     dethroned AS (
       DELETE FROM league_activities d USING kinds k, gw
       WHERE d.league_id = k.league_id AND NOT k.every_entry AND d.kind = 'gameweek_scored'
         AND d.dedupe_key LIKE 'gw:' || gw.id || ':%'
         AND NOT EXISTS (SELECT 1 FROM entries e WHERE e.league_id = d.league_id AND e.user_id = d.actor_user_id AND e.top)
       RETURNING 1
     )
     INSERT INTO league_activities AS a (league_id, actor_user_id, kind, category, importance, message, description, icon, metadata, dedupe_key)
     SELECT e.league_id, e.user_id, 'gameweek_scored', 'performance',
            CASE WHEN e.top THEN 'high' WHEN e.points >= 50 THEN 'medium' ELSE 'low' END,
            ${FULL_NAME} || CASE WHEN e.top THEN ' top-scored ' ELSE ' scored ' || e.points || ' points in ' END
              || ${roundNameSql('gw.number', 'gw.name')} || CASE WHEN e.top THEN ' with ' || e.points || ' points' ELSE '' END,
            e.exact || ' exact score' || CASE WHEN e.exact = 1 THEN '' ELSE 's' END || ' this gameweek.',
            CASE WHEN e.top THEN 'trophy' ELSE 'bar-chart' END,
            jsonb_build_object('points', e.points, 'gameweek', gw.number, 'top', e.top, 'exact', e.exact) || ${roundMetadata('gw.number', 'gw.name')},
            'gw:' || gw.id || ':' || e.user_id
     FROM entries e CROSS JOIN gw JOIN users u ON u.id = e.user_id
     ON CONFLICT (league_id, dedupe_key) DO UPDATE SET message = EXCLUDED.message, description = EXCLUDED.description,
       importance = EXCLUDED.importance, icon = EXCLUDED.icon, metadata = EXCLUDED.metadata
     WHERE (a.message, a.description, a.importance, a.icon, a.metadata) IS DISTINCT FROM (EXCLUDED.message, EXCLUDED.description, EXCLUDED.importance, EXCLUDED.icon, EXCLUDED.metadata)
     RETURNING a.id, a.league_id`,
    [gameweekId, bigFrom],
  );
}

/** Climbs in many leagues at once (a batch of small leagues' recompute): one statement, the round named as fans see it. */
export function insertRankClimbs(q: Queryable, gameweek: { id: number; number: number }, climbs: (RankClimb & { leagueId: number })[]): Promise<NewActivity[]> {
  return q.query(
    `INSERT INTO league_activities (league_id, actor_user_id, kind, category, importance, message, description, icon, metadata, dedupe_key)
     SELECT c."leagueId", u.id, 'rank_climbed', 'ranking', CASE WHEN c.rank <= 3 THEN 'high' ELSE 'medium' END,
            ${FULL_NAME} || ' climbed to #' || c.rank,
            'Up ' || (c."previousRank" - c.rank) || CASE WHEN c."previousRank" - c.rank = 1 THEN ' place' ELSE ' places' END || ' after ' || ${roundNameSql('$2::int', 'g.name')} || '.',
            'trending-up',
            jsonb_build_object('rank', c.rank, 'improvement', c."previousRank" - c.rank, 'gameweek', $2::int) || ${roundMetadata('$2::int', 'g.name')},
            'rank:' || $1::int || ':' || u.id || ':' || c.rank
     FROM jsonb_to_recordset($3::jsonb) AS c("leagueId" int, "userId" int, rank int, "previousRank" int)
     JOIN users u ON u.id = c."userId"
     LEFT JOIN gameweeks g ON g.id = $1::int
     ORDER BY c."leagueId", u.id
     ON CONFLICT (league_id, dedupe_key) DO NOTHING RETURNING id, league_id`,
    [gameweek.id, gameweek.number, JSON.stringify(climbs)],
  );
}

// ---- Reading the feed ------------------------------------------------------------------------

export interface ActivityRow {
  id: string;
  kind: ActivityKind;
  category: ActivityCategory;
  importance: ActivityImportance;
  message: string;
  description: string;
  icon: string;
  metadata: Activity['metadata'];
  created_at: Date;
  actor_user_id: number | null;
  actor_first: string | null;
  actor_last: string | null;
  target_user_id: number | null;
  target_first: string | null;
  target_last: string | null;
}

/** One page of a league's feed, newest first, with the count of all matching entries. */
export async function selectFeedPage(
  q: Queryable,
  leagueId: number,
  f: { days: number; category: string | null; importance: string | null; limit: number; offset: number },
): Promise<{ total: number; rows: ActivityRow[] }> {
  const params = [leagueId, f.days, f.category, f.importance];
  const where = `a.league_id = $1 AND a.created_at >= now() - make_interval(days => $2::int)
                 AND ($3::text IS NULL OR a.category = $3) AND ($4::text IS NULL OR a.importance = $4)`;
  const [{ total }]: { total: number }[] = await q.query(`SELECT count(*)::int AS total FROM league_activities a WHERE ${where}`, params);
  const rows: ActivityRow[] = await q.query(
    `SELECT a.id, a.kind, a.category, a.importance, a.message, a.description, a.icon, a.metadata, a.created_at,
            a.actor_user_id, au.first_name AS actor_first, au.last_name AS actor_last,
            a.target_user_id, tu.first_name AS target_first, tu.last_name AS target_last
     FROM league_activities a
     LEFT JOIN users au ON au.id = a.actor_user_id
     LEFT JOIN users tu ON tu.id = a.target_user_id
     WHERE ${where}
     ORDER BY a.created_at DESC, a.id DESC
     LIMIT $5 OFFSET $6`,
    [...params, f.limit, f.offset],
  );
  return { total, rows };
}

export async function selectFeedStats(q: Queryable, leagueId: number): Promise<{ total: number; today: number; week: number; members: number; involved: number }> {
  const [row]: { total: number; today: number; week: number; members: number; involved: number }[] = await q.query(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE a.created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')::int AS today,
            count(*) FILTER (WHERE a.created_at >= now() - interval '7 days')::int AS week,
            (SELECT count(*) FROM league_members m WHERE m.league_id = $1)::int AS members,
            (SELECT count(*) FROM (
               SELECT x.actor_user_id AS user_id FROM league_activities x WHERE x.league_id = $1 AND x.created_at >= now() - interval '30 days'
               UNION
               SELECT x.target_user_id FROM league_activities x WHERE x.league_id = $1 AND x.created_at >= now() - interval '30 days'
             ) involved JOIN league_members m ON m.league_id = $1 AND m.user_id = involved.user_id)::int AS involved
     FROM league_activities a WHERE a.league_id = $1`,
    [leagueId],
  );
  return row;
}

// ---- Account deletion ------------------------------------------------------------------------

/** The foreign keys would only blank the ids: the messages still carry the user's name. */
export async function deleteActivitiesNamingUser(q: Queryable, userId: number): Promise<void> {
  await q.query(`DELETE FROM league_activities WHERE actor_user_id = $1 OR target_user_id = $1`, [userId]);
}

/** The winner entries of the league's season's gameweeks and months in one league (feed's badges). */
export interface PeriodWinnerEntry {
  kind: 'gameweek_won' | 'month_won';
  metadata: { points: number; gameweek?: number; month?: string };
  /** The won gameweek's gameweeks.name (null for a league's matchday, a month, or a round that is gone). */
  gameweek_name: string | null;
  user_id: number;
  first_name: string;
  last_name: string;
  created_at: Date;
}

export function selectPeriodWinnerEntries(q: Queryable, leagueId: number): Promise<PeriodWinnerEntry[]> {
  return q.query(
    `SELECT a.kind, a.metadata, won.name AS gameweek_name, a.actor_user_id AS user_id, u.first_name, u.last_name, a.created_at
     FROM league_activities a
     JOIN users u ON u.id = a.actor_user_id
     JOIN seasons s ON s.id = ${seasonOfLeagueSql('$1::int')}
     LEFT JOIN gameweeks won ON a.kind = 'gameweek_won' AND won.id = split_part(a.dedupe_key, ':', 2)::int
     WHERE a.league_id = $1 AND a.kind IN ('gameweek_won', 'month_won')
       AND CASE a.kind WHEN 'gameweek_won' THEN split_part(a.dedupe_key, ':', 2)::int IN (SELECT g.id FROM gameweeks g WHERE g.season_id = s.id)
                       ELSE split_part(a.dedupe_key, ':', 2)::int = s.id END
     ORDER BY a.actor_user_id`,
    [leagueId],
  );
}

/** A round's stored name (null for a league's matchday, or a round that is gone), for the winner entries' text. */
export async function selectRoundName(q: Queryable, gameweekId: number): Promise<string | null> {
  const [row]: { name: string | null }[] = await q.query(`SELECT name FROM gameweeks WHERE id = $1`, [gameweekId]);
  return row?.name ?? null;
}

/**
 * The winners' entries of one gameweek or month, the period's whole set: entries of players who
 * no longer win are withdrawn, new winners get a new entry, unchanged ones are left alone.
 */
export function upsertPeriodWinners(
  q: Queryable,
  p: {
    kind: 'gameweek_won' | 'month_won';
    keyPrefix: string;
    periodName: string;
    gameweek: number | null;
    month: string | null;
    wins: { league_id: number; user_id: number; points: number; exact: number; correct: number; winners: number }[];
  },
): Promise<NewActivity[]> {
  return q.query(
    `WITH w AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS w(league_id int, user_id int, points int, exact int, correct int, winners int)
     ),
     withdrawn AS (
       DELETE FROM league_activities a
       WHERE a.kind = $2 AND a.dedupe_key LIKE $3 || '%'
         AND NOT EXISTS (SELECT 1 FROM w WHERE w.league_id = a.league_id AND a.dedupe_key = $3 || w.user_id)
       RETURNING 1
     )
     INSERT INTO league_activities AS a (league_id, actor_user_id, kind, category, importance, message, description, icon, metadata, dedupe_key)
     SELECT w.league_id, w.user_id, $2, 'performance', 'high',
            ${FULL_NAME} || ' won ' || $4::text || ' with ' || w.points || ' points',
            CASE WHEN w.winners > 1 THEN 'Shared with ' || (w.winners - 1) || CASE WHEN w.winners = 2 THEN ' other player.' ELSE ' other players.' END
                 ELSE w.exact || ' exact score' || CASE WHEN w.exact = 1 THEN '' ELSE 's' END || ', ' || w.correct || ' correct result' || CASE WHEN w.correct = 1 THEN '' ELSE 's' END || '.' END,
            'trophy',
            jsonb_build_object('points', w.points, 'exact', w.exact, 'shared_with', w.winners - 1)
              || CASE WHEN $5::int IS NULL THEN jsonb_build_object('month', $6::text) ELSE jsonb_build_object('gameweek', $5::int) END
              -- A tournament's round by name (see roundMetadata): periodName is roundName, a league's matchday's is $7.
              || CASE WHEN $5::int IS NULL OR $4::text = $7::text THEN '{}'::jsonb ELSE jsonb_build_object('round', $4::text) END,
            $3 || w.user_id
     FROM w JOIN users u ON u.id = w.user_id
     ON CONFLICT (league_id, dedupe_key) DO UPDATE SET message = EXCLUDED.message, description = EXCLUDED.description, metadata = EXCLUDED.metadata
     WHERE (a.message, a.description, a.metadata) IS DISTINCT FROM (EXCLUDED.message, EXCLUDED.description, EXCLUDED.metadata)
     RETURNING a.id, a.league_id`,
    [JSON.stringify(p.wins), p.kind, p.keyPrefix, p.periodName, p.gameweek, p.month, p.gameweek === null ? null : leagueRoundName(p.gameweek)],
  );
}
