import type { DataSource } from 'typeorm';

/**
 * Runs a set-based statement as `parts` statements at once, each over the users with
 * `id % parts = part` (its last two parameters): a bulk insert keeps one Postgres backend on one
 * core, and the bench's data sets are built on every core (the 1M set in well under a minute).
 */
export async function inParts(db: DataSource, sql: string, params: unknown[], parts = SEED_PARTS): Promise<void> {
  await Promise.all(Array.from({ length: parts }, (_, part) => seedQuery(db, sql, [...params, parts, part])));
}

/**
 * A bulk insert of bench rows with foreign-key checks off (its transaction runs as a replica
 * would: no triggers). The rows are made from the referenced rows themselves, so the checks
 * could only pass, and they were three quarters of the cost (1M predictions: 15.6 s → 3.5 s).
 * The schema's only other triggers fire on changes to fixtures, their scorings, gameweeks and
 * seasons (the schedule versions, fixture_states_version), none of which is seeded through here.
 */
export async function seedQuery(db: DataSource, sql: string, params: unknown[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`SET LOCAL session_replication_role = replica`);
    await tx.query(sql, params);
  });
}

/** Statements at once when seeding: one per core of this machine's two (the API and workers are idle meanwhile). */
export const SEED_PARTS = 2;

export interface OneFixture {
  season_id: number;
  gameweek_id: number;
  fixture_id: number;
}

/**
 * The bench users who play a second competition too (the two-competitions bench): half of them,
 * picked set-based by id. Not the even ids: the seeding (inParts), the scorer (SCORING_PARTS) and
 * the raw UPDATE split users by `id % parts`, and every part keeps its half of them this way.
 */
export const playsBoth = (user: string): string => `${user}.id % 4 < 2`;

/** Which bench users a competition has: all of them, or the half who play both (playsBoth). */
export type BenchPlayers = 'all' | 'both';

/**
 * An active season of its own with one gameweek and one fixture (between two clubs of its
 * competition), predicted by every bench user who plays it (random scores, a banker in ten), with
 * each one's gameweek totals row. The times are SQL intervals from now: e.g. kick-off '-1 minute'
 * for a match under way, '1 day' for one to come. The competition: `leagueCode` (default en.1),
 * played by `players` (default all).
 */
export async function seedOneFixtureSeason(
  db: DataSource,
  season: {
    name: string;
    label: string;
    key: string;
    gameweekStarts: string;
    gameweekEnds: string;
    kicksOff: string;
    leagueCode?: string;
    players?: BenchPlayers;
  },
): Promise<OneFixture> {
  const leagueCode = season.leagueCode ?? 'en.1';
  const [fixture]: OneFixture[] = await db.query(
    `WITH s AS (INSERT INTO seasons (name, label, league_code, is_active) VALUES ($1, $2, $7, true) RETURNING id),
          g AS (INSERT INTO gameweeks (season_id, number, starts_at, ends_at)
                SELECT id, 1, now() + $5::interval, now() + $6::interval FROM s RETURNING id, season_id),
          clubs_of AS (SELECT c.id FROM clubs c JOIN competitions k ON k.id = c.competition_id WHERE k.code = $7),
          f AS (INSERT INTO fixtures (season_id, gameweek_id, external_key, home_club_id, away_club_id, kickoff_at)
                SELECT g.season_id, g.id, $3, coalesce((SELECT min(id) FROM clubs_of), (SELECT min(id) FROM clubs)),
                       coalesce((SELECT max(id) FROM clubs_of), (SELECT max(id) FROM clubs)), now() + $4::interval
                FROM g RETURNING id, season_id, gameweek_id)
     SELECT season_id, gameweek_id, id AS fixture_id FROM f`,
    [season.name, season.label, season.key, season.kicksOff, season.gameweekStarts, season.gameweekEnds, leagueCode],
  );
  await inParts(
    db,
    `INSERT INTO predictions (user_id, fixture_id, gameweek_id, season_id, home_score, away_score, is_banker)
     SELECT u.id, $1, $2, $3, (random() * 3)::int, (random() * 3)::int, random() < 0.1
     FROM users u WHERE u.username LIKE 'bench\\_%' AND ${season.players === 'both' ? playsBoth('u') : 'true'} AND u.id % $4 = $5 ORDER BY u.id`,
    [fixture.fixture_id, fixture.gameweek_id, fixture.season_id],
  );
  await inParts(
    db,
    `INSERT INTO user_gameweek_totals (user_id, gameweek_id, season_id, predictions)
     SELECT user_id, gameweek_id, season_id, 1 FROM predictions WHERE fixture_id = $1 AND user_id % $2 = $3 ORDER BY user_id`,
    [fixture.fixture_id],
  );
  return fixture;
}
