import { MigrationInterface, QueryRunner } from 'typeorm';

/** Accounts, email codes, countries/clubs, game leagues and the outbox. */
export class Foundation1763700000000 implements MigrationInterface {
  name = 'Foundation1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE countries (
        id serial PRIMARY KEY,
        code varchar(8) NOT NULL UNIQUE,
        name varchar(100) NOT NULL,
        flag varchar(32) NOT NULL
      )`);
    await q.query(`
      CREATE TABLE competitions (
        id serial PRIMARY KEY,
        code varchar(16) NOT NULL UNIQUE,
        name varchar(100) NOT NULL
      )`);
    await q.query(`
      CREATE TABLE clubs (
        id serial PRIMARY KEY,
        name varchar(100) NOT NULL UNIQUE,
        short_name varchar(40) NOT NULL,
        competition_id int REFERENCES competitions(id),
        country_id int REFERENCES countries(id),
        logo varchar(255),
        city varchar(100),
        alternate_names text[] NOT NULL DEFAULT '{}'
      )`);
    await q.query(`CREATE INDEX clubs_country_idx ON clubs (country_id)`);
    await q.query(`
      CREATE TABLE users (
        id serial PRIMARY KEY,
        username varchar(30) NOT NULL,
        email varchar(254) NOT NULL CHECK (email = lower(email)),
        first_name varchar(100) NOT NULL,
        last_name varchar(100) NOT NULL,
        password_hash text NOT NULL,
        role varchar(16) NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
        email_verified_at timestamptz,
        token_version int NOT NULL DEFAULT 0,
        country_id int REFERENCES countries(id),
        club_id int REFERENCES clubs(id),
        onboarding_completed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username))`);
    await q.query(`CREATE UNIQUE INDEX users_email_key ON users (email)`);
    await q.query(`
      CREATE TABLE email_codes (
        id serial PRIMARY KEY,
        user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        purpose varchar(32) NOT NULL CHECK (purpose IN ('email_verification', 'password_reset')),
        code_hash varchar(128) NOT NULL,
        expires_at timestamptz NOT NULL,
        failed_attempts int NOT NULL DEFAULT 0,
        consumed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX email_codes_user_purpose_idx ON email_codes (user_id, purpose, id DESC)`);
    await q.query(`
      CREATE TABLE leagues (
        id serial PRIMARY KEY,
        name varchar(100) NOT NULL,
        description varchar(500) NOT NULL DEFAULT '',
        type varchar(16) NOT NULL CHECK (type IN ('global', 'country', 'club', 'private', 'public')),
        code varchar(8) UNIQUE,
        max_members int CHECK (max_members BETWEEN 2 AND 1000),
        owner_id int REFERENCES users(id) ON DELETE SET NULL,
        country_id int REFERENCES countries(id),
        club_id int REFERENCES clubs(id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One global league, one league per country and per club: created on demand, never twice.
    await q.query(`CREATE UNIQUE INDEX leagues_one_global ON leagues (type) WHERE type = 'global'`);
    await q.query(`CREATE UNIQUE INDEX leagues_one_per_country ON leagues (country_id) WHERE type = 'country'`);
    await q.query(`CREATE UNIQUE INDEX leagues_one_per_club ON leagues (club_id) WHERE type = 'club'`);
    await q.query(`
      CREATE TABLE league_members (
        league_id int NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
        user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role varchar(16) NOT NULL DEFAULT 'member' CHECK (role IN ('owner', 'member')),
        joined_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (league_id, user_id)
      )`);
    await q.query(`CREATE INDEX league_members_user_idx ON league_members (user_id)`);
    await q.query(`
      CREATE TABLE outbox_events (
        id bigserial PRIMARY KEY,
        name varchar(64) NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        dispatched_at timestamptz,
        attempts int NOT NULL DEFAULT 0,
        last_error text
      )`);
    await q.query(`CREATE INDEX outbox_events_pending_idx ON outbox_events (id) WHERE dispatched_at IS NULL`);
    // Idempotency for the mail handler: one row per email actually sent.
    await q.query(`
      CREATE TABLE sent_emails (
        idempotency_key varchar(128) PRIMARY KEY,
        recipient varchar(254) NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['sent_emails', 'outbox_events', 'league_members', 'leagues', 'email_codes', 'users', 'clubs', 'competitions', 'countries']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
