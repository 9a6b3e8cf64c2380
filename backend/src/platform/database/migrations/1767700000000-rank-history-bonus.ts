import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bonus points in rank over time (issue 34 §3): a round's stored history counts the settled bonus
 * points the season table counts, as they stood while the round was the season's latest completed
 * one (backend/src/standings/rank-history.queries.ts). `league_rank_history.bonus` holds each
 * member's part of `points` that is bonus, at the same positions as `user_ids`, so a later rewrite
 * of an earlier round (a corrected result) keeps what that round counted; NULL when every member's
 * is 0 (most of a season: no storage for nothing). Adding a nullable column without a default
 * rewrites nothing.
 */
export class RankHistoryBonus1767700000000 implements MigrationInterface {
  name = 'RankHistoryBonus1767700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE league_rank_history ADD COLUMN bonus int[],
        ADD CONSTRAINT league_rank_history_bonus_check CHECK (bonus IS NULL OR cardinality(bonus) = cardinality(user_ids))`);
  }

  async down(q: QueryRunner): Promise<void> {
    // The stored points and ranks stay as they were written (bonus included) until their round is
    // written again: a history rewritten without the column counts no bonus.
    await q.query(`ALTER TABLE league_rank_history DROP COLUMN bonus`);
  }
}
