import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which door an audited change came through: the console or admin API (an operator named by
 * actor_user_id), the results feed (via_detail: the provider) or the ops CLI (via_detail: the
 * machine's user, as the CLI has no signed-in operator).
 */
export class AuditVia1767500000000 implements MigrationInterface {
  name = 'AuditVia1767500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE operator_audit
        ADD COLUMN via varchar(8) NOT NULL DEFAULT 'console' CHECK (via IN ('console', 'feed', 'cli')),
        ADD COLUMN via_detail varchar(200)`);
    // Rows written before: no operator named on a fixture change was the feed's.
    await q.query(`UPDATE operator_audit SET via = 'feed' WHERE actor_user_id IS NULL AND action LIKE 'fixture.%'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE operator_audit DROP COLUMN via_detail, DROP COLUMN via`);
  }
}
