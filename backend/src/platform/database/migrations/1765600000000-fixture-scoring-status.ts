import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * fixture_scorings also remembers the status a fixture was last scored at. A big fixture is scored
 * in parts, each committed on its own, and `scores.updated` is raised with the last of them: when
 * a try fails after some parts committed, the retry finds those parts unchanged, and it is the
 * remembered state (written only with the event) that still says the news was not told.
 * Backfilled with each fixture's current status, so deploying it announces nothing again.
 */
export class FixtureScoringStatus1765600000000 implements MigrationInterface {
  name = 'FixtureScoringStatus1765600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE fixture_scorings ADD COLUMN status varchar(16)`);
    await q.query(`UPDATE fixture_scorings s SET status = f.status FROM fixtures f WHERE f.id = s.fixture_id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE fixture_scorings DROP COLUMN status`);
  }
}
