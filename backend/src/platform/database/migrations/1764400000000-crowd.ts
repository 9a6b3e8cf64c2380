import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The crowd: per gameweek, and per league or for everyone (league_id NULL), how many
 * predictions named each score of each fixture and how many banked it. Written once when the
 * gameweek locks (predictions cannot change after), keyed by the deadline it was computed for,
 * so a deadline moved by a reschedule makes the row stale instead of wrong.
 */
export class Crowd1764400000000 implements MigrationInterface {
  name = 'Crowd1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE crowd_figures (
        gameweek_id int NOT NULL REFERENCES gameweeks(id) ON DELETE CASCADE,
        league_id int REFERENCES leagues(id) ON DELETE CASCADE,
        deadline_at timestamptz NOT NULL,
        -- [{fixture_id, predictions, bankers, scores: [[home, away, count], ...]}, ...]
        fixtures jsonb NOT NULL,
        computed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX crowd_figures_scope ON crowd_figures (gameweek_id, league_id) NULLS NOT DISTINCT`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS crowd_figures`);
  }
}
