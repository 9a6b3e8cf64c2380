import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the provider last said of a linked match, once applied (feed-changes.ts
 * `providerStateKey`): the feed acts on what the provider changes, so an operator's correction of
 * a fed match stands until the provider says something new of it. NULL: nothing applied yet (a new
 * link, or one an operator just remapped), so the next poll applies what it reads.
 */
export class FeedSeenState1767400000000 implements MigrationInterface {
  name = 'FeedSeenState1767400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE feed_match_links ADD COLUMN seen_state text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE feed_match_links DROP COLUMN seen_state`);
  }
}
