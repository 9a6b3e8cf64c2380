import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * fixture_scorings (the scoring domain's own): the score each fixture's predictions were last
 * scored at. A goal that moves nobody's points (2-0 → 3-0 when nobody picked 2-0 or 3-0) still
 * raises `scores.updated`, so the goal push and the live screens hear of it; a replay of the same
 * score raises nothing. Backfilled from the fixtures already scored, so deploying it announces
 * nothing again.
 */
export class FixtureScorings1765400000000 implements MigrationInterface {
  name = 'FixtureScorings1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE fixture_scorings (
        fixture_id int PRIMARY KEY REFERENCES fixtures(id) ON DELETE CASCADE,
        home_score smallint,
        away_score smallint,
        scored_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      INSERT INTO fixture_scorings (fixture_id, home_score, away_score)
      SELECT id, home_score, away_score FROM fixtures WHERE home_score IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE fixture_scorings`);
  }
}
