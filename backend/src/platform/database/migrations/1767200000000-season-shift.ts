import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How far a season's kick-offs were moved from its file's (`shift_days` keeps whole days for the
 * league import's report; the demo World Cup moves by whole hours). The results feed's local
 * stand-in replays the same file moved by the same amount, so that its matches are the stored ones.
 */
export class SeasonShift1767200000000 implements MigrationInterface {
  name = 'SeasonShift1767200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE seasons ADD COLUMN shift_ms bigint NOT NULL DEFAULT 0`);
    await q.query(`UPDATE seasons SET shift_ms = shift_days::bigint * 86400000 WHERE shift_days <> 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE seasons DROP COLUMN shift_ms`);
  }
}
