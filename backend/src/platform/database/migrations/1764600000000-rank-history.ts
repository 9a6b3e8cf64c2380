import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rank over time (issue 11 §4): each member's rank in each league at the end of every completed
 * gameweek, written by the standings worker when the gameweek completes (rewritten by a
 * correction), never recomputed on read.
 *
 * league_rank_snapshots: one row per league and gameweek with a stored history (how many members
 * it ranked, when), so "which completed gameweeks have none" is a small anti-join.
 *
 * league_rank_history: the ranks, in buckets of members by user id (user_id / 1024): one row per
 * league, bucket and gameweek holding the bucket's user ids and, at the same positions, each one's rank and
 * season points in parallel arrays. A row per member and gameweek would cost the 100k global
 * league 100,000 heap and index insertions at every completion (measured: more than the ranking
 * itself, against a goal of 2× it); buckets make it about a hundred rows. A read is one user's
 * history: one bucket per league, one array lookup per gameweek. Ids of deleted accounts stay
 * in old buckets as bare numbers (no name, never shown: reads go through membership).
 */
export class RankHistory1764600000000 implements MigrationInterface {
  name = 'RankHistory1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE league_rank_snapshots (
        league_id int NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
        gameweek_id int NOT NULL REFERENCES gameweeks(id) ON DELETE CASCADE,
        members int NOT NULL,
        written_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (league_id, gameweek_id)
      )`);
    await q.query(`CREATE INDEX league_rank_snapshots_gameweek_idx ON league_rank_snapshots (gameweek_id)`);
    await q.query(`
      CREATE TABLE league_rank_history (
        league_id int NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
        user_bucket int NOT NULL,
        gameweek_id int NOT NULL REFERENCES gameweeks(id) ON DELETE CASCADE,
        user_ids int[] NOT NULL,
        ranks int[] NOT NULL,
        points int[] NOT NULL,
        PRIMARY KEY (league_id, user_bucket, gameweek_id),
        CHECK (cardinality(user_ids) = cardinality(ranks) AND cardinality(user_ids) = cardinality(points))
      )`);
    await q.query(`CREATE INDEX league_rank_history_gameweek_idx ON league_rank_history (gameweek_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS league_rank_history`);
    await q.query(`DROP TABLE IF EXISTS league_rank_snapshots`);
  }
}
