import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A fixture's exact-score and banker entries found by their key's prefix (`exact:<fixture>:`,
 * `banker:<fixture>:`), so a correction checks the entries that exist instead of building every
 * predictor's key in every league they belong to (at a million predictors in a million-member
 * league beside the automatic ones, that list was millions of keys: past 90 s).
 *
 * Built CONCURRENTLY, outside the migration's transaction: league_activities is the busiest table
 * of a match day, and a plain CREATE INDEX would hold its writes for the whole build. A build
 * that failed half-way leaves an invalid index of the same name, dropped first so a rerun builds it.
 */
export class ActivityHitsKey1766100000000 implements MigrationInterface {
  name = 'ActivityHitsKey1766100000000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    const invalid: unknown[] = await q.query(
      `SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
       WHERE c.relname = 'league_activities_hits_key_idx' AND c.relnamespace = current_schema()::regnamespace AND NOT i.indisvalid`,
    );
    if (invalid.length > 0) await q.query(`DROP INDEX CONCURRENTLY league_activities_hits_key_idx`);
    await q.query(
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS league_activities_hits_key_idx ON league_activities (kind, dedupe_key text_pattern_ops)
       WHERE kind IN ('exact_score', 'banker_hit')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS league_activities_hits_key_idx`);
  }
}
