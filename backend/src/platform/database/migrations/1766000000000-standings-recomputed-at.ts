import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a league's standings were last recomputed, beside `computed_at` (the table's version, which a
 * big league's join or leave ranked in place also moves): a kept whole table (a period table, a
 * live table's base) that only misses a membership change can answer while a fresh one loads,
 * while one behind a recompute cannot.
 */
export class StandingsRecomputedAt1766000000000 implements MigrationInterface {
  name = 'StandingsRecomputedAt1766000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE league_standings_summary ADD COLUMN recomputed_at timestamptz`);
    await q.query(`UPDATE league_standings_summary SET recomputed_at = computed_at`);
    await q.query(`ALTER TABLE league_standings_summary ALTER COLUMN recomputed_at SET NOT NULL, ALTER COLUMN recomputed_at SET DEFAULT now()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE league_standings_summary DROP COLUMN recomputed_at`);
  }
}
