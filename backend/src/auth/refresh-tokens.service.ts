import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import {
  insertRefreshToken,
  markRefreshTokenUsed,
  revokeRefreshFamily,
  revokeRefreshFamilyOfToken,
  revokeRefreshTokensOfUser,
  selectRefreshTokenForUpdate,
} from './auth.queries';
import { hashRefreshToken, isWellFormedRefreshToken, newRefreshToken, REFRESH_REUSE_GRACE_MS, REFRESH_TTL_MS } from './refresh-token';

/** What presenting a refresh token leads to. */
export type Renewal =
  /** A fresh access token is due; `next` is the successor refresh token (absent within the two-tab grace). */
  | { ok: true; userId: number; next?: string }
  | { ok: false };

/** The refresh_tokens table: issue, rotate (with reuse detection) and revoke. */
@Injectable()
export class RefreshTokensService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** A new family (a sign-in); answers the token to put in the cookie. */
  async issue(userId: number, tx: EntityManager = this.db.manager): Promise<string> {
    return this.insert(tx, userId, randomUUID());
  }

  private async insert(tx: EntityManager, userId: number, familyId: string): Promise<string> {
    const token = newRefreshToken();
    await insertRefreshToken(tx, userId, familyId, hashRefreshToken(token), new Date(Date.now() + REFRESH_TTL_MS));
    return token;
  }

  /**
   * Rotate: the presented token is used up and its successor (30 days again) answered. A token
   * used earlier (outside the grace) means two parties hold the family: all of it is revoked.
   */
  async rotate(presented: unknown): Promise<Renewal> {
    if (!isWellFormedRefreshToken(presented)) return { ok: false };
    const outcome = await this.db.transaction(async (tx): Promise<Renewal | { reused: string }> => {
      const row = await selectRefreshTokenForUpdate(tx, hashRefreshToken(presented));
      if (!row || row.revoked_at || new Date(row.expires_at).getTime() <= Date.now()) return { ok: false };
      if (row.used_at) {
        const sinceUse = Date.now() - new Date(row.used_at).getTime();
        if (sinceUse <= REFRESH_REUSE_GRACE_MS) return { ok: true, userId: row.user_id };
        return { reused: row.family_id };
      }
      await markRefreshTokenUsed(tx, row.id);
      return { ok: true, userId: row.user_id, next: await this.insert(tx, row.user_id, row.family_id) };
    });
    if ('reused' in outcome) {
      // Committed on its own: the refusal must not roll the revocation back.
      await revokeRefreshFamily(this.db, outcome.reused);
      return { ok: false };
    }
    return outcome;
  }

  /** Sign-out: the presented token's family ends (an unknown token changes nothing). */
  async revokeFamilyOf(presented: unknown): Promise<void> {
    if (!isWellFormedRefreshToken(presented)) return;
    await revokeRefreshFamilyOfToken(this.db, hashRefreshToken(presented));
  }

  /** Password change or reset: every session of the user ends. */
  async revokeAllOf(userId: number, tx: EntityManager = this.db.manager): Promise<void> {
    await revokeRefreshTokensOfUser(tx, userId);
  }
}
