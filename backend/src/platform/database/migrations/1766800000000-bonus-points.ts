import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bonus points in the league tables (issue 34 §3). A competition's questions count in every league
 * of its season, a private league's own questions in that league only; both are written per user
 * whenever a settlement changes (backend/src/bonus/bonus-points.service.ts), so a season table
 * adds one row's points per member instead of scoring answers while it ranks:
 * - `bonus_points`: a fan's points from a season's competition questions (a row once a settled
 *   question concerned their answers; 0 when taken back, its `updated_at` telling when);
 * - `bonus_point_bases`: the right answers those points were last written from, so a result that
 *   settles nothing new writes nothing;
 * - `league_questions.season_id`: the season a league's question counts in (its league's season
 *   when it was added), and `league_question_points` per league, season and member;
 * - `league_standings.bonus_points`: the part of a stored row's `total_points` that is bonus, for
 *   the rows the leaderboard answers.
 */
export class BonusPoints1766800000000 implements MigrationInterface {
  name = 'BonusPoints1766800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE bonus_points (
        season_id int NOT NULL REFERENCES seasons(id) ON DELETE CASCADE,
        user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        points int NOT NULL CHECK (points >= 0),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (season_id, user_id)
      )`);
    // Account deletion cascades by user; a table asks whether anyone of the season has points at all.
    await q.query(`CREATE INDEX bonus_points_user_idx ON bonus_points (user_id)`);
    await q.query(`CREATE INDEX bonus_points_counting_idx ON bonus_points (season_id) WHERE points > 0`);
    await q.query(`
      CREATE TABLE bonus_point_bases (
        season_id int PRIMARY KEY REFERENCES seasons(id) ON DELETE CASCADE,
        right_answers jsonb NOT NULL,
        written_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`ALTER TABLE league_questions ADD COLUMN season_id int REFERENCES seasons(id) ON DELETE SET NULL`);
    // Questions asked so far count in their league's season now (the active season of its competition).
    await q.query(`
      UPDATE league_questions lq SET season_id = se.id
      FROM leagues l JOIN seasons se ON se.league_code = l.competition_code AND se.is_active
      WHERE l.id = lq.league_id`);
    await q.query(`
      CREATE TABLE league_question_points (
        league_id int NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
        season_id int NOT NULL REFERENCES seasons(id) ON DELETE CASCADE,
        user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        points int NOT NULL CHECK (points >= 0),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (league_id, season_id, user_id)
      )`);
    await q.query(`CREATE INDEX league_question_points_user_idx ON league_question_points (user_id)`);
    await q.query(`CREATE INDEX league_question_points_counting_idx ON league_question_points (league_id, season_id) WHERE points > 0`);
    // A constant default: no rewrite of the table, and no index covers it (updates stay HOT).
    await q.query(`ALTER TABLE league_standings ADD COLUMN bonus_points int NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    // Stored rows go back to prediction points only, and their leagues' histograms of keys with
    // them (ranks are derived from it); the summaries' leading rows follow at the next recompute
    // (the reconciler finds them).
    await q.query(`
      WITH touched AS (SELECT DISTINCT league_id FROM league_standings WHERE bonus_points <> 0),
      emptied AS (DELETE FROM league_key_counts WHERE league_id IN (SELECT league_id FROM touched))
      UPDATE league_standings SET total_points = total_points - bonus_points, bonus_points = 0 WHERE bonus_points <> 0`);
    // Only the leagues emptied above have rows and no histogram.
    await q.query(`
      INSERT INTO league_key_counts (league_id, points, exact, correct, n)
      SELECT s.league_id, s.total_points, s.exact, s.correct, count(*)::int FROM league_standings s
      WHERE NOT EXISTS (SELECT 1 FROM league_key_counts k WHERE k.league_id = s.league_id)
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`);
    await q.query(`ALTER TABLE league_standings DROP COLUMN bonus_points`);
    await q.query(`DROP TABLE league_question_points`);
    await q.query(`ALTER TABLE league_questions DROP COLUMN season_id`);
    await q.query(`DROP TABLE bonus_point_bases`);
    await q.query(`DROP TABLE bonus_points`);
  }
}
