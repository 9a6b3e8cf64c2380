import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One counter that moves whenever a fixture, fixture scoring, gameweek or season row changes, so an
 * API process can keep what it worked out from them (which matches are open, the season's
 * gameweeks: the live tables' context) and know exactly when that is out of date, at the cost of
 * reading one row.
 *
 * The bump is a deferred constraint trigger: it runs at commit, once per transaction, so its row
 * lock is the last lock a writer takes (no deadlock between two writers of several fixtures) and
 * versions commit in order (a reader that sees version v sees every write counted before it).
 */
export class FixtureStatesVersion1765900000000 implements MigrationInterface {
  name = 'FixtureStatesVersion1765900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE fixture_states_version (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      version bigint NOT NULL DEFAULT 0
    )`);
    await q.query(`INSERT INTO fixture_states_version DEFAULT VALUES`);
    await q.query(`CREATE FUNCTION bump_fixture_states_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- Every changed row queues this trigger; the first one of the transaction bumps.
        IF current_setting('scoreline.fixture_states_bumped', true) = 'on' THEN RETURN NULL; END IF;
        PERFORM set_config('scoreline.fixture_states_bumped', 'on', true);
        UPDATE fixture_states_version SET version = version + 1;
        RETURN NULL;
      END $$`);
    for (const table of TABLES) {
      await q.query(`CREATE CONSTRAINT TRIGGER ${table}_states_version AFTER INSERT OR UPDATE OR DELETE ON ${table}
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_fixture_states_version()`);
      await q.query(`CREATE TRIGGER ${table}_states_version_truncate AFTER TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION bump_fixture_states_version()`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await q.query(`DROP TRIGGER ${table}_states_version ON ${table}`);
      await q.query(`DROP TRIGGER ${table}_states_version_truncate ON ${table}`);
    }
    await q.query(`DROP FUNCTION bump_fixture_states_version()`);
    await q.query(`DROP TABLE fixture_states_version`);
  }
}

/** What the live tables' context is made of: the fixtures, what the scorer last scored them at, the gameweeks, the seasons. */
const TABLES = ['fixtures', 'fixture_scorings', 'gameweeks', 'seasons'];
