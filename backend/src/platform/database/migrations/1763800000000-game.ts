import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The game: seasons, gameweeks, fixtures, predictions and the per-user totals the screens and
 * the leagues' standings read. Totals are kept up to date by the scoring worker (moved by the
 * difference between each prediction's new and old points) and by prediction saves.
 */
export class Game1763800000000 implements MigrationInterface {
  name = 'Game1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE seasons (
        id serial PRIMARY KEY,
        name varchar(200) NOT NULL,
        label varchar(20) NOT NULL,
        league_code varchar(16) NOT NULL,
        is_active boolean NOT NULL DEFAULT false,
        shift_days int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (league_code, label)
      )`);
    // The game runs one active season at a time.
    await q.query(`CREATE UNIQUE INDEX seasons_one_active ON seasons (is_active) WHERE is_active`);

    await q.query(`
      CREATE TABLE gameweeks (
        id serial PRIMARY KEY,
        season_id int NOT NULL REFERENCES seasons(id) ON DELETE CASCADE,
        number int NOT NULL CHECK (number >= 1),
        -- First and last kick-off of its fixtures; starts_at is the prediction deadline.
        starts_at timestamptz,
        ends_at timestamptz,
        UNIQUE (season_id, number)
      )`);

    await q.query(`
      CREATE TABLE fixtures (
        id serial PRIMARY KEY,
        season_id int NOT NULL REFERENCES seasons(id) ON DELETE CASCADE,
        gameweek_id int NOT NULL REFERENCES gameweeks(id),
        external_key varchar(240),
        home_club_id int NOT NULL REFERENCES clubs(id),
        away_club_id int NOT NULL REFERENCES clubs(id),
        kickoff_at timestamptz NOT NULL,
        kickoff_confirmed boolean NOT NULL DEFAULT true,
        status varchar(16) NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'live', 'finished', 'postponed')),
        home_score smallint CHECK (home_score BETWEEN 0 AND 99),
        away_score smallint CHECK (away_score BETWEEN 0 AND 99),
        minute smallint CHECK (minute BETWEEN 0 AND 200),
        awarded boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (season_id, external_key),
        CHECK (home_club_id <> away_club_id),
        -- A score exactly when the match has started.
        CHECK ((status IN ('live', 'finished')) = (home_score IS NOT NULL AND away_score IS NOT NULL)),
        CHECK (minute IS NULL OR status = 'live')
      )`);
    await q.query(`CREATE INDEX fixtures_gameweek_idx ON fixtures (gameweek_id, kickoff_at)`);
    await q.query(`CREATE INDEX fixtures_season_kickoff_idx ON fixtures (season_id, kickoff_at)`);
    // Form strings: a club's latest finished matches before a kick-off.
    await q.query(`CREATE INDEX fixtures_home_club_idx ON fixtures (home_club_id, kickoff_at)`);
    await q.query(`CREATE INDEX fixtures_away_club_idx ON fixtures (away_club_id, kickoff_at)`);

    // fillfactor leaves room on each page so that scoring's updates (of unindexed columns) stay HOT.
    await q.query(`
      CREATE TABLE predictions (
        id serial PRIMARY KEY,
        user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        fixture_id int NOT NULL REFERENCES fixtures(id) ON DELETE CASCADE,
        gameweek_id int NOT NULL REFERENCES gameweeks(id) ON DELETE CASCADE,
        season_id int NOT NULL REFERENCES seasons(id) ON DELETE CASCADE,
        home_score smallint NOT NULL CHECK (home_score BETWEEN 0 AND 99),
        away_score smallint NOT NULL CHECK (away_score BETWEEN 0 AND 99),
        is_banker boolean NOT NULL DEFAULT false,
        points int,
        outcome varchar(8) CHECK (outcome IN ('exact', 'correct', 'wrong', 'void')),
        is_final boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, fixture_id)
      ) WITH (fillfactor = 85)`);
    await q.query(`CREATE INDEX predictions_fixture_idx ON predictions (fixture_id)`);
    await q.query(`CREATE INDEX predictions_user_gameweek_idx ON predictions (user_id, gameweek_id)`);
    // One banker per user per gameweek, whatever the client sends.
    await q.query(`CREATE UNIQUE INDEX predictions_one_banker ON predictions (user_id, gameweek_id) WHERE is_banker`);

    // predictions: made; scored: on live or finished, non-void matches; correct: exact included;
    // live_scored: scored predictions on matches still in play (their points are provisional).
    // Scoring a fixture rewrites one row per predicting user in each table, so the tables are
    // kept HOT-updatable: half-empty pages (they are narrow) and no index on the columns that
    // scoring changes (an index on points would turn every update into two index insertions;
    // measured on 100k users: ~2 s instead of ~0.3 s per table). Rankings sort by points.
    for (const [table, key, keyType] of [
      ['user_gameweek_totals', 'gameweek_id', 'REFERENCES gameweeks(id) ON DELETE CASCADE'],
      ['user_season_totals', 'season_id', 'REFERENCES seasons(id) ON DELETE CASCADE'],
    ] as const) {
      await q.query(`
        CREATE TABLE ${table} (
          user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          ${key === 'gameweek_id' ? 'gameweek_id int NOT NULL REFERENCES gameweeks(id) ON DELETE CASCADE,\n          season_id int NOT NULL REFERENCES seasons(id) ON DELETE CASCADE,' : `season_id int NOT NULL ${keyType},`}
          points int NOT NULL DEFAULT 0,
          predictions int NOT NULL DEFAULT 0,
          scored int NOT NULL DEFAULT 0,
          correct int NOT NULL DEFAULT 0,
          exact int NOT NULL DEFAULT 0,
          live_scored int NOT NULL DEFAULT 0,
          provisional boolean GENERATED ALWAYS AS (live_scored > 0) STORED,
          updated_at timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (user_id, ${key})
        ) WITH (fillfactor = 50)`);
    }
    await q.query(`CREATE INDEX user_gameweek_totals_gameweek_idx ON user_gameweek_totals (gameweek_id)`);
    await q.query(`CREATE INDEX user_season_totals_season_idx ON user_season_totals (season_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['user_season_totals', 'user_gameweek_totals', 'predictions', 'fixtures', 'gameweeks', 'seasons']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
