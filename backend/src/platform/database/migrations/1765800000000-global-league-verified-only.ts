import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The global league holds verified fans only: a sign-up joins it when its email is verified,
 * not at registration (an abandoned sign-up, or one made with someone else's address, showed its
 * name to every player). Unverified accounts already in it leave; their rows in the league's
 * table go with the reconciler's next pass (a row of a non-member is drift it repairs, histogram
 * and summary included). Demo fans take no mail and count as players.
 */
export class GlobalLeagueVerifiedOnly1765800000000 implements MigrationInterface {
  name = 'GlobalLeagueVerifiedOnly1765800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `DELETE FROM league_members m USING leagues l, users u
       WHERE l.id = m.league_id AND l.type = 'global' AND u.id = m.user_id AND u.email_verified_at IS NULL AND NOT u.is_demo`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `INSERT INTO league_members (league_id, user_id, role, joined_at)
       SELECT l.id, u.id, 'member', u.created_at FROM leagues l CROSS JOIN users u
       WHERE l.type = 'global' AND u.email_verified_at IS NULL AND NOT u.is_demo
       ON CONFLICT DO NOTHING`,
    );
  }
}
