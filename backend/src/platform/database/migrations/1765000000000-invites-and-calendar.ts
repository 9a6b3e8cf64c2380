import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invite links and the calendar feed (issue 13 §3, §4).
 * - `league_retired_codes`: a private league's replaced invite codes, so an old link can say it
 *   was replaced instead of "no such league".
 * - `calendar_feeds`: each fan's secret feed token (256 random bits; rotating replaces it).
 * - Schedule versions on fixtures and gameweeks, kept by triggers so that every path that moves a
 *   kick-off or a deadline (admin, ops, import, replay) raises the calendar event's SEQUENCE and
 *   LAST-MODIFIED, and calendar apps replace their copy.
 */
export class InvitesAndCalendar1765000000000 implements MigrationInterface {
  name = 'InvitesAndCalendar1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE league_retired_codes (
        code varchar(8) PRIMARY KEY,
        league_id int NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
        retired_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX league_retired_codes_league_idx ON league_retired_codes (league_id)`);

    await q.query(`
      CREATE TABLE calendar_feeds (
        user_id int PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        token varchar(64) NOT NULL UNIQUE,
        include_club_kickoffs boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        rotated_at timestamptz
      )`);

    await q.query(`ALTER TABLE fixtures ADD COLUMN schedule_version int NOT NULL DEFAULT 0, ADD COLUMN schedule_changed_at timestamptz`);
    await q.query(`UPDATE fixtures SET schedule_changed_at = updated_at`);
    await q.query(`ALTER TABLE fixtures ALTER COLUMN schedule_changed_at SET DEFAULT now(), ALTER COLUMN schedule_changed_at SET NOT NULL`);
    await q.query(`ALTER TABLE gameweeks ADD COLUMN deadline_version int NOT NULL DEFAULT 0, ADD COLUMN deadline_changed_at timestamptz NOT NULL DEFAULT now()`);

    await q.query(`
      CREATE FUNCTION fixtures_bump_schedule_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.schedule_version := OLD.schedule_version + 1;
        NEW.schedule_changed_at := now();
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER fixtures_schedule_changed BEFORE UPDATE ON fixtures FOR EACH ROW
      WHEN (OLD.kickoff_at IS DISTINCT FROM NEW.kickoff_at
         OR OLD.kickoff_confirmed IS DISTINCT FROM NEW.kickoff_confirmed
         OR OLD.gameweek_id IS DISTINCT FROM NEW.gameweek_id
         OR (OLD.status = 'postponed') IS DISTINCT FROM (NEW.status = 'postponed'))
      EXECUTE FUNCTION fixtures_bump_schedule_version()`);
    await q.query(`
      CREATE FUNCTION gameweeks_bump_deadline_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.deadline_version := OLD.deadline_version + 1;
        NEW.deadline_changed_at := now();
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER gameweeks_deadline_changed BEFORE UPDATE ON gameweeks FOR EACH ROW
      WHEN (OLD.starts_at IS DISTINCT FROM NEW.starts_at)
      EXECUTE FUNCTION gameweeks_bump_deadline_version()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS gameweeks_deadline_changed ON gameweeks`);
    await q.query(`DROP FUNCTION IF EXISTS gameweeks_bump_deadline_version()`);
    await q.query(`DROP TRIGGER IF EXISTS fixtures_schedule_changed ON fixtures`);
    await q.query(`DROP FUNCTION IF EXISTS fixtures_bump_schedule_version()`);
    await q.query(`ALTER TABLE gameweeks DROP COLUMN deadline_version, DROP COLUMN deadline_changed_at`);
    await q.query(`ALTER TABLE fixtures DROP COLUMN schedule_version, DROP COLUMN schedule_changed_at`);
    await q.query(`DROP TABLE IF EXISTS calendar_feeds`);
    await q.query(`DROP TABLE IF EXISTS league_retired_codes`);
  }
}
