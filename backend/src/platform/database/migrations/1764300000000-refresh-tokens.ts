import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refresh tokens: the long-lived half of a session (access tokens last 15 minutes). Only a
 * SHA-256 of each token is stored. Every renewal marks the presented token used and inserts its
 * successor in the same family; a used token presented again (after a short grace for two tabs
 * racing) revokes the whole family. Password change/reset and sign-out revoke; deleting the
 * account deletes them.
 */
export class RefreshTokens1764300000000 implements MigrationInterface {
  name = 'RefreshTokens1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE refresh_tokens (
        id bigserial PRIMARY KEY,
        user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        family_id uuid NOT NULL,
        token_hash char(64) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        revoked_at timestamptz
      )`);
    await q.query(`CREATE INDEX refresh_tokens_user_live ON refresh_tokens (user_id) WHERE revoked_at IS NULL`);
    await q.query(`CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE refresh_tokens`);
  }
}
