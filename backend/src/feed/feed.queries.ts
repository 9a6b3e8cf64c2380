import type { DataSource, EntityManager } from 'typeorm';
import type { FixtureStatus } from '@scoreline/contracts/game/gameweek-status';
import type { ConsoleClub, FeedUnmatched } from '@scoreline/contracts/api/console';
import type { SeasonFixture, SeasonTeam } from './feed-matching';
import type { StoredFixture } from './feed-changes';

/**
 * The results feed's data door: its own tables (feed_team_links, feed_match_links,
 * feed_unmatched, feed_competition_state, feed_problems), and the reads of the season's teams and
 * fixtures it matches against. It never writes a fixture: that is FixtureAdminService's.
 */
type Queryable = DataSource | EntityManager;

// ---- Matching ----------------------------------------------------------------------------------

/** The clubs (or national teams) that play a match of the season, with every name they go by. */
export function selectSeasonTeams(q: Queryable, seasonId: number): Promise<SeasonTeam[]> {
  return q.query(
    `SELECT c.id, c.name, c.short_name, c.alternate_names, c.fifa_code AS code
     FROM clubs c
     WHERE EXISTS (SELECT 1 FROM fixtures f WHERE f.season_id = $1 AND (f.home_club_id = c.id OR f.away_club_id = c.id))
     ORDER BY c.id`,
    [seasonId],
  );
}

/** The clubs the given provider teams are linked to. */
export async function selectTeamLinks(q: Queryable, provider: string, providerTeamIds: number[]): Promise<Map<number, number>> {
  const rows: { provider_team_id: number; club_id: number }[] = await q.query(
    `SELECT provider_team_id, club_id FROM feed_team_links WHERE provider = $1 AND provider_team_id = ANY($2::int[])`,
    [provider, providerTeamIds],
  );
  return new Map(rows.map((r) => [r.provider_team_id, r.club_id]));
}

/** Every club some team of this provider is linked to. */
export async function selectLinkedClubIds(q: Queryable, provider: string): Promise<Set<number>> {
  const rows: { club_id: number }[] = await q.query(`SELECT DISTINCT club_id FROM feed_team_links WHERE provider = $1`, [provider]);
  return new Set(rows.map((r) => r.club_id));
}

/** A link the feed found; one already stored (by an operator, or a poll before) stays. */
export async function insertTeamLink(q: Queryable, provider: string, providerTeamId: number, clubId: number): Promise<void> {
  await q.query(
    `INSERT INTO feed_team_links (provider, provider_team_id, club_id, linked_by) VALUES ($1, $2, $3, 'feed')
     ON CONFLICT (provider, provider_team_id) DO NOTHING`,
    [provider, providerTeamId, clubId],
  );
}

/** An operator's mapping: stored, or replacing the link there was; answers the club it was linked to before (null: none). */
export async function upsertTeamLinkByOperator(tx: EntityManager, provider: string, providerTeamId: number, clubId: number): Promise<number | null> {
  const [before]: { club_id: number }[] = await tx.query(
    `SELECT club_id FROM feed_team_links WHERE provider = $1 AND provider_team_id = $2 FOR UPDATE`,
    [provider, providerTeamId],
  );
  await tx.query(
    `INSERT INTO feed_team_links (provider, provider_team_id, club_id, linked_by) VALUES ($1, $2, $3, 'operator')
     ON CONFLICT (provider, provider_team_id) DO UPDATE SET club_id = EXCLUDED.club_id, linked_by = 'operator', updated_at = now()`,
    [provider, providerTeamId, clubId],
  );
  return before?.club_id ?? null;
}

/** The fixtures the given provider matches are linked to. */
export interface MatchLink {
  fixtureId: number;
  /** What the provider last said of it, once applied (providerStateKey); null: nothing applied yet. */
  seenState: string | null;
}

export async function selectMatchLinks(q: Queryable, provider: string, providerMatchIds: number[]): Promise<Map<number, MatchLink>> {
  const rows: { provider_match_id: number; fixture_id: number; seen_state: string | null }[] = await q.query(
    `SELECT provider_match_id, fixture_id, seen_state FROM feed_match_links WHERE provider = $1 AND provider_match_id = ANY($2::int[])`,
    [provider, providerMatchIds],
  );
  return new Map(rows.map((r) => [r.provider_match_id, { fixtureId: r.fixture_id, seenState: r.seen_state }]));
}

/** The provider's state of a linked match, applied. */
export async function updateSeenState(q: Queryable, provider: string, providerMatchId: number, seenState: string): Promise<void> {
  await q.query(`UPDATE feed_match_links SET seen_state = $3 WHERE provider = $1 AND provider_match_id = $2`, [provider, providerMatchId, seenState]);
}

/** The fixtures of a season, each marked when some provider match is linked to it already. */
export function selectSeasonFixtures(q: Queryable, seasonId: number): Promise<SeasonFixture[]> {
  return q.query(
    `SELECT f.id, f.home_club_id, f.away_club_id, f.kickoff_at,
            EXISTS (SELECT 1 FROM feed_match_links l WHERE l.fixture_id = f.id) AS linked
     FROM fixtures f WHERE f.season_id = $1 ORDER BY f.kickoff_at, f.id`,
    [seasonId],
  );
}

/** A link the feed found; false when the match or the fixture got linked meanwhile (nothing written). */
export async function insertMatchLink(q: Queryable, provider: string, providerMatchId: number, fixtureId: number): Promise<boolean> {
  const rows: unknown[] = await q.query(
    `INSERT INTO feed_match_links (provider, provider_match_id, fixture_id, linked_by) VALUES ($1, $2, $3, 'feed')
     ON CONFLICT DO NOTHING RETURNING fixture_id`,
    [provider, providerMatchId, fixtureId],
  );
  return rows.length > 0;
}

/** The provider match a fixture is linked to, locked; null when none. */
export async function selectMatchLinkOfFixture(tx: EntityManager, fixtureId: number): Promise<{ provider: string; provider_match_id: number } | null> {
  const [row]: { provider: string; provider_match_id: number }[] = await tx.query(
    `SELECT provider, provider_match_id FROM feed_match_links WHERE fixture_id = $1 FOR UPDATE`,
    [fixtureId],
  );
  return row ?? null;
}

/** An operator's mapping: stored, or replacing the link there was; answers the fixture it was linked to before (null: none). */
export async function upsertMatchLinkByOperator(tx: EntityManager, provider: string, providerMatchId: number, fixtureId: number): Promise<number | null> {
  const [before]: { fixture_id: number }[] = await tx.query(
    `SELECT fixture_id FROM feed_match_links WHERE provider = $1 AND provider_match_id = $2 FOR UPDATE`,
    [provider, providerMatchId],
  );
  await tx.query(
    `INSERT INTO feed_match_links (provider, provider_match_id, fixture_id, linked_by) VALUES ($1, $2, $3, 'operator')
     ON CONFLICT (provider, provider_match_id) DO UPDATE SET fixture_id = EXCLUDED.fixture_id, linked_by = 'operator', seen_state = NULL, updated_at = now()`,
    [provider, providerMatchId, fixtureId],
  );
  return before?.fixture_id ?? null;
}

interface StoredFixtureRow {
  id: number;
  status: FixtureStatus;
  home_score: number | null;
  away_score: number | null;
  minute: number | null;
  awarded: boolean;
  kickoff_at: Date;
  et_home: number | null;
  et_away: number | null;
  pen_home: number | null;
  pen_away: number | null;
  home_club_id: number | null;
  away_club_id: number | null;
  knockout: boolean;
  tie_leg: 1 | 2 | null;
  first_leg: StoredFixture['first_leg'];
  round_deadline: Date | null;
  other_kickoffs_from: Date | null;
}

const pair = (home: number | null, away: number | null) => (home === null || away === null ? null : { home, away });

/** The linked fixtures as the change rules read them: state, teams, knockout context and the round's deadline. */
export async function selectStoredFixtures(q: Queryable, fixtureIds: number[]): Promise<Map<number, StoredFixture>> {
  const rows: StoredFixtureRow[] = await q.query(
    `SELECT f.id, f.status, f.home_score, f.away_score, f.minute, f.awarded, f.kickoff_at, f.et_home, f.et_away, f.pen_home, f.pen_away,
            f.home_club_id, f.away_club_id, g.kind = 'knockout' AS knockout, f.tie_leg,
            (SELECT json_build_object('home_club_id', l1.home_club_id, 'away_club_id', l1.away_club_id,
                                      'home_score', l1.home_score, 'away_score', l1.away_score)
             FROM fixtures l1 WHERE f.tie_leg = 2 AND l1.season_id = f.season_id AND l1.tie_key = f.tie_key AND l1.tie_leg = 1) AS first_leg,
            g.starts_at AS round_deadline,
            (SELECT min(o.kickoff_at) FROM fixtures o WHERE o.gameweek_id = f.gameweek_id AND o.id <> f.id) AS other_kickoffs_from
     FROM fixtures f JOIN gameweeks g ON g.id = f.gameweek_id
     WHERE f.id = ANY($1::int[])`,
    [fixtureIds],
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        status: r.status,
        homeScore: r.home_score,
        awayScore: r.away_score,
        minute: r.minute,
        awarded: r.awarded,
        kickoffAt: new Date(r.kickoff_at),
        extraTime: pair(r.et_home, r.et_away),
        penalties: pair(r.pen_home, r.pen_away),
        homeClubId: r.home_club_id,
        awayClubId: r.away_club_id,
        knockout: r.knockout,
        tie_leg: r.tie_leg,
        first_leg: r.first_leg,
        roundDeadline: r.round_deadline === null ? null : new Date(r.round_deadline),
        otherKickoffsFrom: r.other_kickoffs_from === null ? null : new Date(r.other_kickoffs_from),
      },
    ]),
  );
}

// ---- Unmatched ---------------------------------------------------------------------------------

export interface UnmatchedSighting {
  kind: 'team' | 'match';
  provider: string;
  providerId: number;
  competition: string;
  description: string;
  reason: string;
}

/**
 * Records a sighting of a team or match that matched nothing; answers true when it is newly
 * open (first seen, or seen again after it was resolved), so the caller reports it once.
 */
export async function upsertUnmatched(q: Queryable, s: UnmatchedSighting): Promise<boolean> {
  const [row]: { opened: boolean }[] = await q.query(
    `WITH before AS (
       SELECT resolved_at FROM feed_unmatched WHERE kind = $1 AND provider = $2 AND provider_id = $3 AND competition = $4
     ), written AS (
       INSERT INTO feed_unmatched (kind, provider, provider_id, competition, description, reason) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (kind, provider, provider_id, competition)
       DO UPDATE SET last_seen_at = now(), description = EXCLUDED.description, reason = EXCLUDED.reason, resolved_at = NULL,
                     first_seen_at = CASE WHEN feed_unmatched.resolved_at IS NULL THEN feed_unmatched.first_seen_at ELSE now() END
       RETURNING 1
     )
     SELECT NOT EXISTS (SELECT 1 FROM before WHERE resolved_at IS NULL) AS opened FROM written`,
    [s.kind, s.provider, s.providerId, s.competition, s.description.slice(0, 300), s.reason.slice(0, 300)],
  );
  return row.opened;
}

/** The team or match is mapped (or matched): its open rows, in every competition, are resolved. */
export async function resolveUnmatched(q: Queryable, kind: 'team' | 'match', provider: string, providerId: number): Promise<void> {
  await q.query(
    `UPDATE feed_unmatched SET resolved_at = now() WHERE kind = $1 AND provider = $2 AND provider_id = $3 AND resolved_at IS NULL`,
    [kind, provider, providerId],
  );
}

/** The competitions in which a team or match was listed unmatched (open or resolved). */
/** How the provider named a team or match it listed as unmatched (the latest listing); null when never listed. */
export async function selectUnmatchedDescription(q: Queryable, kind: 'team' | 'match', provider: string, providerId: number): Promise<string | null> {
  const [row]: { description: string }[] = await q.query(
    `SELECT description FROM feed_unmatched WHERE kind = $1 AND provider = $2 AND provider_id = $3 ORDER BY last_seen_at DESC LIMIT 1`,
    [kind, provider, providerId],
  );
  return row?.description ?? null;
}

export async function selectUnmatchedCompetitions(q: Queryable, kind: 'team' | 'match', provider: string, providerId: number): Promise<string[]> {
  const rows: { competition: string }[] = await q.query(
    `SELECT DISTINCT competition FROM feed_unmatched WHERE kind = $1 AND provider = $2 AND provider_id = $3 ORDER BY competition`,
    [kind, provider, providerId],
  );
  return rows.map((r) => r.competition);
}

/** The open ones, newest first. */
export async function selectOpenUnmatched(q: Queryable): Promise<FeedUnmatched[]> {
  const rows: (Omit<FeedUnmatched, 'first_seen_at' | 'last_seen_at'> & { first_seen_at: Date; last_seen_at: Date })[] = await q.query(
    `SELECT kind, competition, provider, provider_id, description, first_seen_at, last_seen_at
     FROM feed_unmatched WHERE resolved_at IS NULL ORDER BY first_seen_at DESC, id DESC`,
  );
  return rows.map((r) => ({ ...r, first_seen_at: new Date(r.first_seen_at).toISOString(), last_seen_at: new Date(r.last_seen_at).toISOString() }));
}

// ---- Polling state and problems ----------------------------------------------------------------

export interface PollRecord {
  competition: string;
  provider: string;
  providerCode: string;
  outcome: string;
  good: boolean;
  requestsLeft: number | null;
  nextPollAt: Date | null;
}

/** One poll done: when, how it went, the budget the provider told, the next poll planned. */
export async function recordPoll(q: Queryable, p: PollRecord): Promise<void> {
  await q.query(
    `INSERT INTO feed_competition_state AS s (competition, provider, provider_code, last_poll_at, last_outcome, last_good_poll_at,
                                              requests_left, next_poll_at, consecutive_failures)
     VALUES ($1, $2, $3, now(), $4, CASE WHEN $5::boolean THEN now() END, $6, $7, CASE WHEN $5::boolean THEN 0 ELSE 1 END)
     ON CONFLICT (competition) DO UPDATE SET
       provider = EXCLUDED.provider, provider_code = EXCLUDED.provider_code, last_poll_at = now(), last_outcome = EXCLUDED.last_outcome,
       last_good_poll_at = CASE WHEN $5::boolean THEN now() ELSE s.last_good_poll_at END,
       requests_left = coalesce(EXCLUDED.requests_left, s.requests_left), next_poll_at = coalesce(EXCLUDED.next_poll_at, s.next_poll_at),
       consecutive_failures = CASE WHEN $5::boolean THEN 0 ELSE s.consecutive_failures + 1 END, updated_at = now()`,
    [p.competition, p.provider, p.providerCode, p.outcome, p.good, p.requestsLeft, p.nextPollAt],
  );
}

/** The next poll planned for a competition (the console shows it). */
export async function updateNextPoll(q: Queryable, competition: string, at: Date): Promise<void> {
  await q.query(`UPDATE feed_competition_state SET next_poll_at = $2 WHERE competition = $1 AND next_poll_at IS DISTINCT FROM $2`, [competition, at]);
}

export async function insertProblem(q: Queryable, p: { competition: string; kind: string; message: string; providerMatchId: number | null }): Promise<void> {
  await q.query(`INSERT INTO feed_problems (competition, kind, message, provider_match_id) VALUES ($1, $2, $3, $4)`, [
    p.competition,
    p.kind.slice(0, 40),
    p.message.slice(0, 500),
    p.providerMatchId,
  ]);
}

/** The history is kept a week. */
export async function deleteProblemsBefore(q: Queryable, before: Date): Promise<number> {
  const [, count]: [unknown, number] = await q.query(`DELETE FROM feed_problems WHERE at < $1`, [before]);
  return count;
}

/** The competitions (of those given) with a match in play, or kicking off soon, or past its kick-off and not yet started. */
export async function selectCompetitionsInPlay(q: Queryable, codes: string[], soonMinutes: number, lateMinutes: number): Promise<Set<string>> {
  const rows: { code: string }[] = await q.query(
    `SELECT DISTINCT s.league_code AS code
     FROM seasons s JOIN fixtures f ON f.season_id = s.id
     WHERE s.is_active AND s.league_code = ANY($1::text[])
       AND (f.status = 'live'
            OR (f.status = 'scheduled' AND f.kickoff_at BETWEEN statement_timestamp() - make_interval(mins => $3)
                                                          AND statement_timestamp() + make_interval(mins => $2)))`,
    [codes, soonMinutes, lateMinutes],
  );
  return new Set(rows.map((r) => r.code));
}

/** Seconds since the last good poll of each fed competition being played (by the database clock, whichever process asks). */
export function selectStaleness(q: Queryable, codes: string[]): Promise<{ competition: string; seconds: number }[]> {
  return q.query(
    `SELECT st.competition, extract(epoch FROM statement_timestamp() - st.last_good_poll_at)::float8 AS seconds
     FROM feed_competition_state st
     WHERE st.competition = ANY($1::text[]) AND st.last_good_poll_at IS NOT NULL
       AND EXISTS (SELECT 1 FROM seasons s WHERE s.league_code = st.competition AND s.is_active)
     ORDER BY st.competition`,
    [codes],
  );
}

// ---- The console -------------------------------------------------------------------------------

export interface ConsoleStateRow {
  competition: string;
  competition_name: string;
  last_poll_at: Date | null;
  last_good_poll_at: Date | null;
  stale_seconds: number | null;
  requests_left: number | null;
  next_poll_at: Date | null;
  live_matches: number;
  errors_24h: number;
}

/** Every active competition with its polling state, matches in play and problems of the last day. */
export function selectConsoleStates(q: Queryable): Promise<ConsoleStateRow[]> {
  return q.query(
    `SELECT s.league_code AS competition, coalesce(c.name, s.name) AS competition_name,
            st.last_poll_at, st.last_good_poll_at,
            floor(extract(epoch FROM statement_timestamp() - st.last_good_poll_at))::int AS stale_seconds,
            st.requests_left, st.next_poll_at,
            (SELECT count(*)::int FROM fixtures f WHERE f.season_id = s.id AND f.status = 'live') AS live_matches,
            (SELECT count(*)::int FROM feed_problems p WHERE p.competition = s.league_code AND p.at > statement_timestamp() - interval '24 hours') AS errors_24h
     FROM seasons s
     LEFT JOIN competitions c ON c.code = s.league_code
     LEFT JOIN feed_competition_state st ON st.competition = s.league_code
     WHERE s.is_active
     ORDER BY s.id`,
  );
}

/** The latest problems of each competition given, newest first, at most `limit` each. */
export function selectRecentProblems(q: Queryable, codes: string[], limit: number): Promise<{ competition: string; at: Date; kind: string; message: string }[]> {
  return q.query(
    `SELECT p.competition, p.at, p.kind, p.message
     FROM unnest($1::text[]) AS c(code)
     CROSS JOIN LATERAL (SELECT competition, at, kind, message, id FROM feed_problems WHERE competition = c.code ORDER BY at DESC, id DESC LIMIT $2) p
     ORDER BY p.competition, p.at DESC, p.id DESC`,
    [codes, limit],
  );
}

/** The clubs or national teams of a season, by name. */
export function selectClubsOfSeason(q: Queryable, seasonId: number): Promise<ConsoleClub[]> {
  return q.query(
    `SELECT c.id, c.name, c.short_name, c.fifa_code AS code
     FROM clubs c
     WHERE EXISTS (SELECT 1 FROM fixtures f WHERE f.season_id = $1 AND (f.home_club_id = c.id OR f.away_club_id = c.id))
     ORDER BY c.name`,
    [seasonId],
  );
}

/** A club by id, for a mapping: its name, or null when there is none. */
export async function selectClubName(q: Queryable, clubId: number): Promise<string | null> {
  const [row]: { name: string }[] = await q.query(`SELECT name FROM clubs WHERE id = $1`, [clubId]);
  return row?.name ?? null;
}

/** A fixture by id, for a mapping: its season's competition and whether that season is active; null when there is none. */
export async function selectFixtureForLink(q: Queryable, fixtureId: number): Promise<{ competition: string; active: boolean } | null> {
  const [row]: { competition: string; active: boolean }[] = await q.query(
    `SELECT s.league_code AS competition, s.is_active AS active FROM fixtures f JOIN seasons s ON s.id = f.season_id WHERE f.id = $1`,
    [fixtureId],
  );
  return row ?? null;
}
