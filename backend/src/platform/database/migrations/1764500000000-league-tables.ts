import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * League tables (issue 11 section 3). Gameweek and month winners are activity entries
 * (kinds gameweek_won / month_won), the entries being the stored record of who won: settling a
 * period rewrites its entries across every league by dedupe-key prefix, and the league page
 * reads its winners. Both want the few winner entries without walking the whole feed.
 */
export class LeagueTables1764500000000 implements MigrationInterface {
  name = 'LeagueTables1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX league_activities_winners_key_idx ON league_activities (kind, dedupe_key text_pattern_ops)
       WHERE kind IN ('gameweek_won', 'month_won')`,
    );
    await q.query(`CREATE INDEX league_activities_winners_league_idx ON league_activities (league_id) WHERE kind IN ('gameweek_won', 'month_won')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS league_activities_winners_league_idx`);
    await q.query(`DROP INDEX IF EXISTS league_activities_winners_key_idx`);
  }
}
