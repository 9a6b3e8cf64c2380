import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The result the source file holds for a fixture. A demo season shifted to now imports future
 * matches as scheduled (their results must not be known yet); the live replay plays them
 * towards this real score.
 */
export class Replay1764000000000 implements MigrationInterface {
  name = 'Replay1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE fixtures ADD COLUMN real_home_score smallint CHECK (real_home_score BETWEEN 0 AND 99)`);
    await q.query(`ALTER TABLE fixtures ADD COLUMN real_away_score smallint CHECK (real_away_score BETWEEN 0 AND 99)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE fixtures DROP COLUMN real_away_score, DROP COLUMN real_home_score`);
  }
}
