import type { DataSource, EntityManager } from 'typeorm';
import { NO_PASSWORD_HASH } from '../auth/password-hashing';

/**
 * The demo seed's SQL. A seed writes a whole world at once — accounts, predictions, totals rows,
 * leagues — so it writes set-based here (one statement per table, arrays unnested) rather than
 * through each domain's one-row-at-a-time writers. What has rules of its own goes through its
 * domain: automatic leagues (AutomaticMembershipService), points (ScoringService), tables
 * (StandingsService).
 */

type Queryable = DataSource | EntityManager;

export async function demoWorldExists(q: Queryable): Promise<boolean> {
  const [row]: { seeded: boolean }[] = await q.query(`SELECT EXISTS (SELECT 1 FROM users WHERE is_demo) AS seeded`);
  return row.seeded;
}

/** A competition being played (its active season), as the demo peoples it. */
export interface DemoCompetitionRow {
  season_id: number;
  code: string;
  name: string;
  /** Rounds by name (groups, knockouts) rather than a league's matchdays. */
  tournament: boolean;
}

/** Every competition being played, oldest season first. */
export function selectDemoCompetitions(q: Queryable): Promise<DemoCompetitionRow[]> {
  return q.query(
    `SELECT s.id AS season_id, s.league_code AS code, c.name,
            EXISTS (SELECT 1 FROM gameweeks g WHERE g.season_id = s.id AND g.kind <> 'league') AS tournament
     FROM seasons s JOIN competitions c ON c.code = s.league_code
     WHERE s.is_active ORDER BY s.id`,
  );
}

/** The leagues of a competition the users are members of (its automatic ones, once joined). */
export async function selectDemoLeaguesOf(q: Queryable, competitionCode: string, userIds: number[]): Promise<number[]> {
  const rows: { id: number }[] = await q.query(
    `SELECT DISTINCT l.id FROM leagues l JOIN league_members m ON m.league_id = l.id
     WHERE l.competition_code = $1 AND m.user_id = ANY($2::int[]) ORDER BY l.id`,
    [competitionCode, userIds],
  );
  return rows.map((r) => r.id);
}

export interface DemoReferenceData {
  countryCodes: string[];
  /** Clubs playing in the demo's season. */
  seasonClubs: string[];
  clubs: { name: string; countryCode: string | null }[];
}

export async function selectDemoReferenceData(q: Queryable, seasonId: number): Promise<DemoReferenceData> {
  const countries: { code: string }[] = await q.query(`SELECT code FROM countries ORDER BY code`);
  const clubs: { name: string; country_code: string | null }[] = await q.query(
    // Clubs only: a demo fan does not support a national team imported with a tournament.
    `SELECT c.name, co.code AS country_code FROM clubs c LEFT JOIN countries co ON co.id = c.country_id WHERE c.kind = 'club' ORDER BY c.name`,
  );
  const seasonClubs: { name: string }[] = await q.query(
    `SELECT c.name FROM clubs c
     WHERE EXISTS (SELECT 1 FROM fixtures f WHERE f.season_id = $1 AND (f.home_club_id = c.id OR f.away_club_id = c.id))
     ORDER BY c.name`,
    [seasonId],
  );
  return {
    countryCodes: countries.map((c) => c.code),
    seasonClubs: seasonClubs.map((c) => c.name),
    clubs: clubs.map((c) => ({ name: c.name, countryCode: c.country_code })),
  };
}

export interface DemoFixtureRow {
  gameweek_id: number;
  gameweek_number: number;
  fixture_id: number;
  status: 'scheduled' | 'live' | 'finished' | 'postponed';
  /** The final score when finished, else the real score kept aside for a replay (null when unknown or void). */
  read_home: number | null;
  read_away: number | null;
  /** Its round is a knockout round; and its leg in a two-legged tie (else null). */
  knockout: boolean;
  tie_leg: 1 | 2 | null;
}

/**
 * Every fixture of a demo season that a fan could predict, by gameweek and kick-off: a
 * tournament's match whose sides are still placeholders ("W73") is left out, as the save refuses it.
 */
export function selectDemoSeasonFixtures(q: Queryable, seasonId: number): Promise<DemoFixtureRow[]> {
  return q.query(
    `SELECT g.id AS gameweek_id, g.number AS gameweek_number, f.id AS fixture_id, f.status,
            CASE WHEN f.status = 'finished' THEN f.home_score WHEN f.status = 'postponed' THEN NULL ELSE f.real_home_score END AS read_home,
            CASE WHEN f.status = 'finished' THEN f.away_score WHEN f.status = 'postponed' THEN NULL ELSE f.real_away_score END AS read_away,
            g.kind = 'knockout' AS knockout, f.tie_leg
     FROM fixtures f JOIN gameweeks g ON g.id = f.gameweek_id
     WHERE f.season_id = $1 AND f.home_club_id IS NOT NULL AND f.away_club_id IS NOT NULL
     ORDER BY g.number, f.kickoff_at, f.id`,
    [seasonId],
  );
}

/** The names of the teams with a match in the season (a tournament's national teams), by name. */
export async function selectDemoSeasonTeams(q: Queryable, seasonId: number): Promise<string[]> {
  const rows: { name: string }[] = await q.query(
    `SELECT c.name FROM clubs c
     WHERE EXISTS (SELECT 1 FROM fixtures f WHERE f.season_id = $1 AND (f.home_club_id = c.id OR f.away_club_id = c.id))
     ORDER BY c.name`,
    [seasonId],
  );
  return rows.map((r) => r.name);
}

export interface DemoUserRows {
  usernames: string[];
  emails: string[];
  firstNames: string[];
  lastNames: string[];
  countryCodes: string[];
  clubNames: string[];
  joinedDaysAgo: number[];
}

/**
 * The demo fans: no usable password, an address at the reserved `.invalid` domain, not
 * verified (notification emails go to verified addresses only), onboarded with their country
 * and club, every notification switched off. Answers username → id.
 */
export async function insertDemoUsers(tx: EntityManager, rows: DemoUserRows): Promise<Map<string, number>> {
  const inserted: { id: number; username: string }[] = await tx.query(
    `INSERT INTO users (username, email, first_name, last_name, password_hash, role, country_id, club_id,
                        onboarding_completed_at, created_at, updated_at, is_demo)
     SELECT r.username, r.email, r.first_name, r.last_name, $8, 'user', co.id, cl.id,
            now() - make_interval(days => r.days_ago), now() - make_interval(days => r.days_ago), now(), true
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[])
          WITH ORDINALITY AS r(username, email, first_name, last_name, country_code, club_name, days_ago, n)
     LEFT JOIN countries co ON co.code = r.country_code
     LEFT JOIN clubs cl ON cl.name = r.club_name
     ORDER BY r.n
     RETURNING id, username`,
    [rows.usernames, rows.emails, rows.firstNames, rows.lastNames, rows.countryCodes, rows.clubNames, rows.joinedDaysAgo, NO_PASSWORD_HASH],
  );
  await tx.query(
    `INSERT INTO user_preferences (user_id, notify_gameweek_deadlines, notify_league_updates, notify_match_results, notify_weekly_digest)
     SELECT id, false, false, false, false FROM unnest($1::int[]) AS id ORDER BY id`,
    [inserted.map((r) => r.id)],
  );
  return new Map(inserted.map((r) => [r.username, r.id]));
}

export interface DemoPredictionRows {
  userIds: number[];
  fixtureIds: number[];
  homes: number[];
  aways: number[];
  bankers: boolean[];
  /** Who goes through ('home' | 'away'), null where the match takes no pick. */
  advances: (string | null)[];
}

/**
 * The predictions, made the day before each gameweek's deadline, unscored (ScoringService
 * scores them), and the totals rows every predicting user has (scoring only moves existing
 * rows), counted from them: every competition's predictions in one call, since the totals rows
 * are made from all of the users' predictions. Answers how many predictions were written.
 */
export async function insertDemoPredictions(tx: EntityManager, rows: DemoPredictionRows): Promise<number> {
  const [{ count }]: { count: number }[] = await tx.query(
    `WITH added AS (
       INSERT INTO predictions (user_id, fixture_id, gameweek_id, season_id, home_score, away_score, is_banker, advance, created_at, updated_at)
       SELECT r.user_id, f.id, f.gameweek_id, f.season_id, r.home, r.away, r.banker, r.advance,
              least(now(), coalesce(g.starts_at, f.kickoff_at) - interval '1 day'), least(now(), coalesce(g.starts_at, f.kickoff_at) - interval '1 day')
       FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::boolean[], $6::text[]) AS r(user_id, fixture_id, home, away, banker, advance)
       JOIN fixtures f ON f.id = r.fixture_id JOIN gameweeks g ON g.id = f.gameweek_id
       ORDER BY r.user_id, f.id
       RETURNING 1
     )
     SELECT count(*)::int AS count FROM added`,
    [rows.userIds, rows.fixtureIds, rows.homes, rows.aways, rows.bankers, rows.advances],
  );
  const users = [...new Set(rows.userIds)];
  await tx.query(
    `INSERT INTO user_gameweek_totals (user_id, gameweek_id, season_id, predictions)
     SELECT user_id, gameweek_id, season_id, count(*)::int FROM predictions WHERE user_id = ANY($1::int[])
     GROUP BY user_id, gameweek_id, season_id ORDER BY user_id, gameweek_id`,
    [users],
  );
  await tx.query(
    `INSERT INTO user_season_totals (user_id, season_id, predictions)
     SELECT user_id, season_id, count(*)::int FROM predictions WHERE user_id = ANY($1::int[])
     GROUP BY user_id, season_id ORDER BY user_id, season_id`,
    [users],
  );
  return count;
}

/**
 * Fresh statistics after the bulk load: the tables were empty moments ago, and a planner that
 * still thinks so scans every prediction for each fixture scored next (autovacuum comes later).
 */
export async function analyzeDemoTables(q: Queryable): Promise<void> {
  await q.query(`ANALYZE users, predictions, user_gameweek_totals, user_season_totals, league_members, user_competitions`);
}

export interface DemoLeagueRows {
  /** The competition every one of them plays (the demo season's). */
  competitionCode: string;
  names: string[];
  descriptions: string[];
  types: ('private' | 'public')[];
  /** Invite codes of private leagues; null for public ones. */
  codes: (string | null)[];
  /** Only private leagues have a member cap (the creation rule). */
  maxMembers: (number | null)[];
  ownerIds: number[];
}

/** Private and public leagues with their owners; answers their ids in the order given. */
export async function insertDemoLeagues(tx: EntityManager, rows: DemoLeagueRows): Promise<number[]> {
  const inserted: { id: number }[] = await tx.query(
    `INSERT INTO leagues (name, description, type, code, max_members, owner_id, competition_code, created_at)
     SELECT r.name, r.description, r.type, r.code, r.max_members, r.owner_id, $7, now() - interval '60 days'
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[])
          WITH ORDINALITY AS r(name, description, type, code, max_members, owner_id, n)
     ORDER BY r.n
     RETURNING id`,
    [rows.names, rows.descriptions, rows.types, rows.codes, rows.maxMembers, rows.ownerIds, rows.competitionCode],
  );
  return inserted.map((r) => r.id);
}

/** Memberships of the private and public leagues (the owner's role 'owner'). */
export async function insertDemoLeagueMembers(tx: EntityManager, rows: { leagueIds: number[]; userIds: number[]; roles: string[] }): Promise<void> {
  await tx.query(
    `INSERT INTO league_members (league_id, user_id, role, joined_at)
     SELECT r.league_id, r.user_id, r.role, greatest(l.created_at, u.created_at)
     FROM unnest($1::int[], $2::int[], $3::text[]) AS r(league_id, user_id, role)
     JOIN leagues l ON l.id = r.league_id JOIN users u ON u.id = r.user_id
     ORDER BY r.league_id, r.user_id`,
    [rows.leagueIds, rows.userIds, rows.roles],
  );
}

/** Fixtures of the demo's season with a live, final or void result and predictions to score. */
export async function selectFixturesToScore(q: Queryable, seasonId: number): Promise<number[]> {
  const rows: { id: number }[] = await q.query(
    `SELECT f.id FROM fixtures f
     WHERE f.season_id = $1 AND f.status <> 'scheduled' AND EXISTS (SELECT 1 FROM predictions p WHERE p.fixture_id = f.id)
     ORDER BY f.kickoff_at, f.id`,
    [seasonId],
  );
  return rows.map((r) => r.id);
}

/**
 * The fans play the tournament, each with their national team (one of its teams, by name),
 * from three days before its first kick-off (or their sign-up, if later).
 */
export async function insertDemoTournamentPlayers(
  tx: EntityManager,
  seasonId: number,
  competitionCode: string,
  rows: { userIds: number[]; teamNames: string[] },
): Promise<void> {
  await tx.query(
    `INSERT INTO user_competitions (user_id, competition_code, team_id, joined_at)
     SELECT u.id, $2, t.id, greatest(u.created_at, least(now(), s.first_kickoff - interval '3 days'))
     FROM unnest($3::int[], $4::text[]) AS r(user_id, team)
     JOIN users u ON u.id = r.user_id
     JOIN LATERAL (SELECT c.id FROM clubs c
                   WHERE c.name = r.team
                     AND EXISTS (SELECT 1 FROM fixtures f WHERE f.season_id = $1 AND (f.home_club_id = c.id OR f.away_club_id = c.id))) t ON true
     CROSS JOIN (SELECT min(kickoff_at) AS first_kickoff FROM fixtures WHERE season_id = $1) s
     ORDER BY u.id`,
    [seasonId, competitionCode, rows.userIds, rows.teamNames],
  );
}

/**
 * Answers to a season's bonus questions, given two days before its first kick-off while the
 * questions were open (by a fan who had signed up by then: a later one could not have answered):
 * a team of the season by name, or a player's name as typed. Answers how many were written.
 */
export async function insertDemoBonusAnswers(
  tx: EntityManager,
  seasonId: number,
  rows: { userIds: number[]; questions: string[]; teamNames: (string | null)[]; playerNames: (string | null)[] },
): Promise<number> {
  const [{ count }]: { count: number }[] = await tx.query(
    `WITH added AS (
       INSERT INTO bonus_answers (user_id, season_id, question, team_id, player_name, answered_at)
       SELECT u.id, $1, r.question, t.id, r.player_name, greatest(u.created_at, least(now(), s.first_kickoff - interval '2 days'))
       FROM unnest($2::int[], $3::text[], $4::text[], $5::text[]) AS r(user_id, question, team, player_name)
       JOIN users u ON u.id = r.user_id
       LEFT JOIN LATERAL (SELECT c.id FROM clubs c
                          WHERE c.name = r.team
                            AND EXISTS (SELECT 1 FROM fixtures f WHERE f.season_id = $1 AND (f.home_club_id = c.id OR f.away_club_id = c.id))) t ON true
       CROSS JOIN (SELECT min(kickoff_at) AS first_kickoff FROM fixtures WHERE season_id = $1) s
       WHERE u.created_at < s.first_kickoff AND (r.team IS NULL OR t.id IS NOT NULL)
       ORDER BY u.id, r.question
       RETURNING 1
     )
     SELECT count(*)::int AS count FROM added`,
    [seasonId, rows.userIds, rows.questions, rows.teamNames, rows.playerNames],
  );
  return count;
}
