import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Derived ranks (issue 12 §1): the season tables stop storing a rank per member.
 * - league_standings keeps each member's table key (points, exact, correct) and loses `rank`;
 *   no index covers the key, so a goal's writes stay HOT.
 * - league_key_counts: per league, how many members hold each key. A member's rank is 1 + the
 *   members of better keys (a range of this table's primary key: ~70k distinct keys at 1M
 *   members), kept by the standings recompute from the rows it changed, not rewritten per rank.
 *   Buckets that fall to zero are deleted.
 * - previous_rank becomes the rank at the end of the previous gameweek (written once when a
 *   league's recent gameweek moves on), not the rank before the last goal.
 * Backfill: exact and correct from the season totals of each league's summary season, the
 * histogram from the stored rows (so rows and histogram agree; the next recompute moves both).
 */
export class DerivedRanks1765100000000 implements MigrationInterface {
  name = 'DerivedRanks1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE league_standings ADD COLUMN exact int NOT NULL DEFAULT 0, ADD COLUMN correct int NOT NULL DEFAULT 0`);
    await q.query(`
      UPDATE league_standings s SET exact = t.exact, correct = t.correct
      FROM league_standings_summary sm JOIN user_season_totals t ON t.season_id = sm.season_id
      WHERE sm.league_id = s.league_id AND t.user_id = s.user_id AND (t.exact <> 0 OR t.correct <> 0)`);
    await q.query(`ALTER TABLE league_standings DROP COLUMN rank`);
    await q.query(`
      CREATE TABLE league_key_counts (
        league_id int NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
        points int NOT NULL,
        exact int NOT NULL,
        correct int NOT NULL,
        n int NOT NULL,
        PRIMARY KEY (league_id, points, exact, correct)
      )`);
    await q.query(`
      INSERT INTO league_key_counts (league_id, points, exact, correct, n)
      SELECT league_id, total_points, exact, correct, count(*)::int FROM league_standings GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE league_standings ADD COLUMN rank int`);
    await q.query(`
      UPDATE league_standings s SET rank = r.rank FROM (
        SELECT league_id, user_id, rank() OVER (PARTITION BY league_id ORDER BY total_points DESC, exact DESC, correct DESC)::int AS rank
        FROM league_standings) r
      WHERE r.league_id = s.league_id AND r.user_id = s.user_id`);
    await q.query(`ALTER TABLE league_standings ALTER COLUMN rank SET NOT NULL`);
    await q.query(`DROP TABLE league_key_counts`);
    await q.query(`ALTER TABLE league_standings DROP COLUMN exact, DROP COLUMN correct`);
  }
}
