import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Leagues: join requests, standings computed by the workers (plus a per-league summary the
 * leaderboard reads in O(1)), and the activity feed written by the workers.
 */
export class Leagues1763900000000 implements MigrationInterface {
  name = 'Leagues1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE league_requests (
        id serial PRIMARY KEY,
        league_id int NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
        user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        message varchar(200) NOT NULL DEFAULT '',
        status varchar(16) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
        created_at timestamptz NOT NULL DEFAULT now(),
        decided_at timestamptz,
        decided_by int REFERENCES users(id) ON DELETE SET NULL
      )`);
    // One pending request per user and league; decided ones stay as history.
    await q.query(`CREATE UNIQUE INDEX league_requests_one_pending ON league_requests (league_id, user_id) WHERE status = 'pending'`);
    await q.query(`CREATE INDEX league_requests_user_idx ON league_requests (user_id)`);

    // Derived by the standings worker. A scored fixture moves nearly every rank of a big league,
    // so a recompute rewrites most rows: no index but the primary key covers the changing
    // columns and pages keep free space, so those updates are HOT (measured on 100k members:
    // about 0.5 s, against 1.5 s with an index on rank and 2.3 s through ON CONFLICT). The
    // leaderboard's first pages come from the summary's `top`; deeper pages sort the league's
    // rows. No user foreign key either: former members' rows are deleted by the worker.
    await q.query(`
      CREATE TABLE league_standings (
        league_id int NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
        user_id int NOT NULL,
        rank int NOT NULL,
        previous_rank int,
        total_points int NOT NULL DEFAULT 0,
        recent_points int NOT NULL DEFAULT 0,
        provisional boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (league_id, user_id)
      ) WITH (fillfactor = 45)`);
    await q.query(`
      CREATE TABLE league_standings_summary (
        league_id int PRIMARY KEY REFERENCES leagues(id) ON DELETE CASCADE,
        season_id int,
        recent_gameweek_id int,
        recent_gameweek_number int,
        member_count int NOT NULL DEFAULT 0,
        leading_score int NOT NULL DEFAULT 0,
        -- The leading rows in rank order (at most 100), for the leaderboard's first pages.
        top jsonb NOT NULL DEFAULT '[]',
        computed_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE league_activities (
        id bigserial PRIMARY KEY,
        league_id int NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
        actor_user_id int REFERENCES users(id) ON DELETE SET NULL,
        target_user_id int REFERENCES users(id) ON DELETE SET NULL,
        kind varchar(32) NOT NULL,
        category varchar(16) NOT NULL CHECK (category IN ('membership', 'performance', 'ranking')),
        importance varchar(8) NOT NULL CHECK (importance IN ('low', 'medium', 'high')),
        message varchar(300) NOT NULL,
        description varchar(500) NOT NULL DEFAULT '',
        icon varchar(32) NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}',
        dedupe_key varchar(120) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A replayed event finds its entry already there.
    await q.query(`CREATE UNIQUE INDEX league_activities_dedupe ON league_activities (league_id, dedupe_key)`);
    await q.query(`CREATE INDEX league_activities_feed_idx ON league_activities (league_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['league_activities', 'league_standings_summary', 'league_standings', 'league_requests']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
