import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The results feed (issue 35): what the provider's teams and matches are in our data, what could
 * not be matched, and how each competition's polling stands.
 * - `feed_team_links`: a provider team is one club (or national team), matched by name or mapped by
 *   an operator; a stored link always wins over matching again.
 * - `feed_match_links`: a provider match is one fixture, and a fixture is at most one provider's match.
 * - `feed_unmatched`: a team or match that matched nothing (or several), for an operator to map;
 *   resolved once mapped. One row per team or match and competition, its last sighting kept.
 * - `feed_competition_state`: per competition, when it was last polled and last polled well, the
 *   provider's budget as it last said, and the next poll planned: the console and /metrics read
 *   staleness from here, whichever process polls.
 * - `feed_problems`: every failed call and refused match, for the console; the feed prunes rows
 *   older than a week.
 */
export class ResultsFeed1767000000000 implements MigrationInterface {
  name = 'ResultsFeed1767000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE feed_team_links (
        provider varchar(40) NOT NULL,
        provider_team_id int NOT NULL CHECK (provider_team_id > 0),
        club_id int NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
        linked_by varchar(10) NOT NULL CHECK (linked_by IN ('feed', 'operator')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (provider, provider_team_id)
      )`);
    await q.query(`CREATE INDEX feed_team_links_club_idx ON feed_team_links (club_id)`);
    await q.query(`
      CREATE TABLE feed_match_links (
        provider varchar(40) NOT NULL,
        provider_match_id int NOT NULL CHECK (provider_match_id > 0),
        fixture_id int NOT NULL UNIQUE REFERENCES fixtures(id) ON DELETE CASCADE,
        linked_by varchar(10) NOT NULL CHECK (linked_by IN ('feed', 'operator')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (provider, provider_match_id)
      )`);
    await q.query(`
      CREATE TABLE feed_unmatched (
        id serial PRIMARY KEY,
        kind varchar(5) NOT NULL CHECK (kind IN ('team', 'match')),
        provider varchar(40) NOT NULL,
        provider_id int NOT NULL CHECK (provider_id > 0),
        competition varchar(16) NOT NULL,
        description varchar(300) NOT NULL,
        reason varchar(300) NOT NULL,
        first_seen_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        resolved_at timestamptz,
        UNIQUE (kind, provider, provider_id, competition)
      )`);
    await q.query(`CREATE INDEX feed_unmatched_open_idx ON feed_unmatched (last_seen_at DESC) WHERE resolved_at IS NULL`);
    await q.query(`
      CREATE TABLE feed_competition_state (
        competition varchar(16) PRIMARY KEY,
        provider varchar(40) NOT NULL,
        provider_code varchar(10) NOT NULL,
        last_poll_at timestamptz,
        last_outcome varchar(20),
        last_good_poll_at timestamptz,
        requests_left int CHECK (requests_left >= 0),
        next_poll_at timestamptz,
        consecutive_failures int NOT NULL DEFAULT 0 CHECK (consecutive_failures >= 0),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE feed_problems (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        competition varchar(16) NOT NULL,
        kind varchar(40) NOT NULL,
        message varchar(500) NOT NULL,
        provider_match_id int
      )`);
    await q.query(`CREATE INDEX feed_problems_competition_idx ON feed_problems (competition, at DESC)`);
    await q.query(`CREATE INDEX feed_problems_at_idx ON feed_problems (at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['feed_problems', 'feed_competition_state', 'feed_unmatched', 'feed_match_links', 'feed_team_links']) {
      await q.query(`DROP TABLE ${table}`);
    }
  }
}
