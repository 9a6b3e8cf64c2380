import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A fixture's exact-score and banker entries found by their key's prefix (`exact:<fixture>:`,
 * `banker:<fixture>:`), so a correction checks the entries that exist instead of building every
 * predictor's key in every league they belong to (at a million predictors in a million-member
 * league beside the automatic ones, that list was millions of keys: past 90 s).
 */
export class ActivityHitsKey1766100000000 implements MigrationInterface {
  name = 'ActivityHitsKey1766100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX league_activities_hits_key_idx ON league_activities (kind, dedupe_key text_pattern_ops)
       WHERE kind IN ('exact_score', 'banker_hit')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS league_activities_hits_key_idx`);
  }
}
