import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Demo fans: the accounts the first start creates so a newcomer sees a busy world. Marked in
 * the data, so they can be told apart (and left out of anything that writes to a person); they
 * have no usable password and an address at a reserved domain that never receives mail.
 */
export class DemoFans1764700000000 implements MigrationInterface {
  name = 'DemoFans1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN is_demo boolean NOT NULL DEFAULT false`);
    // The demo fans are a few hundred among up to millions: "is there a demo world?" reads this small index.
    await q.query(`CREATE INDEX users_demo_idx ON users (id) WHERE is_demo`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS users_demo_idx`);
    await q.query(`ALTER TABLE users DROP COLUMN is_demo`);
  }
}
