import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Several competitions active at once (issue 34, docs/competitions.md): one active
 * season per competition (a season's league_code) instead of one in all. The index is also what
 * every "a league's competition → its active season" lookup probes (seasonOfLeagueSql).
 */
export class OneActiveSeasonPerCompetition1766700000000 implements MigrationInterface {
  name = 'OneActiveSeasonPerCompetition1766700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX seasons_one_active`);
    await q.query(`CREATE UNIQUE INDEX seasons_one_active_per_competition ON seasons (league_code) WHERE is_active`);
  }

  async down(q: QueryRunner): Promise<void> {
    // Back to one active season in all: the home competition's stays, else the newest.
    await q.query(`
      UPDATE seasons SET is_active = false, updated_at = now()
      WHERE is_active AND id <> (SELECT id FROM seasons WHERE is_active ORDER BY league_code <> 'en.1', id DESC LIMIT 1)`);
    // The seasons' deferred version trigger (1765900000000) fires now: an index cannot be made on a table with pending trigger events.
    await q.query(`SET CONSTRAINTS ALL IMMEDIATE`);
    await q.query(`DROP INDEX seasons_one_active_per_competition`);
    await q.query(`CREATE UNIQUE INDEX seasons_one_active ON seasons (is_active) WHERE is_active`);
  }
}
