import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { InjectThrottlerStorage, ThrottlerStorage } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { INVITE_REPLACED, INVITE_REPLACED_MESSAGE, type InviteLinkState, type InviteLinkTarget, type InvitePreview } from '@scoreline/contracts/api/invites';
import { INVITE_CODE_LENGTH } from '@scoreline/contracts/api/leagues';
import { USER_AND_ADDRESS_LIMITS } from '../platform/request-auth/rate-limit-buckets';
import { countRequest } from '../platform/request-auth/user-and-address-rate-limit.guard';
import { ApiError } from '../platform/common/api-error';
import { APP_ENV } from '../platform/config/config.module';
import type { AppEnv } from '../platform/config/env';
import { normalizeInviteCode } from './invite-code';
import { type InvitePreviewRow, isRetiredInviteCode, selectPrivateLeagueByCode, selectPublicLeague } from './invite-links.queries';

const NO_SUCH_CODE = 'No private league has that invite code.';
const NO_SUCH_PUBLIC_LEAGUE = 'No public league has that ID.';

/** Only what a link may reveal: a private league keeps its id and description to its members. */
export function toInvitePreview(row: InvitePreviewRow): InvitePreview {
  const isPublic = row.type === 'public';
  return {
    kind: row.type,
    name: row.name,
    member_count: row.member_count,
    league_id: isPublic ? row.id : null,
    description: isPublic && row.description ? row.description : null,
  };
}

/** The 410 a replaced code answers, everywhere a code is used (preview and join). */
export function inviteReplacedError(): ApiError {
  return new ApiError(HttpStatus.GONE, INVITE_REPLACED_MESSAGE, { detail: INVITE_REPLACED });
}

/** A code as typed or taken from a link, or null when it cannot be one (then no lookup is made). */
function validCode(raw: string): string | null {
  const code = normalizeInviteCode(raw);
  return code.length >= 1 && code.length <= INVITE_CODE_LENGTH && /^[A-Z0-9]+$/.test(code) ? code : null;
}

/**
 * Invite links (issue 13 §3): what `/join/{code}` and `/leagues/{id}/join` show before anyone
 * signs in, to the app and to the chat apps that unfurl the link.
 */
@Injectable()
export class InviteLinksService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    @Inject(APP_ENV) private readonly env: AppEnv,
  ) {}

  async state(target: InviteLinkTarget): Promise<InviteLinkState> {
    if (target.kind === 'league') {
      const row = await selectPublicLeague(this.db, target.leagueId);
      return row ? { state: 'active', preview: toInvitePreview(row) } : { state: 'unknown' };
    }
    const code = validCode(target.code);
    if (!code) return { state: 'unknown' };
    const row = await selectPrivateLeagueByCode(this.db, code);
    if (row) return { state: 'active', preview: toInvitePreview(row) };
    return (await isRetiredInviteCode(this.db, code)) ? { state: 'replaced' } : { state: 'unknown' };
  }

  /** The API's answer: the preview, 404 for no such league, 410 for a replaced code. */
  async preview(target: InviteLinkTarget): Promise<InvitePreview> {
    const link = await this.state(target);
    if (link.state === 'active') return link.preview;
    if (link.state === 'replaced') throw inviteReplacedError();
    throw ApiError.notFound(target.kind === 'code' ? NO_SUCH_CODE : NO_SUCH_PUBLIC_LEAGUE);
  }

  /**
   * For the link pages: counted against the preview limit like the API; over the limit, or while
   * the limit cannot be counted (Redis away), the page still opens, with the generic card (so a
   * code cannot be guessed through the pages either).
   */
  async stateForPage(target: InviteLinkTarget, req: Request, res: Response): Promise<InviteLinkState> {
    try {
      await countRequest(this.storage, this.env, USER_AND_ADDRESS_LIMITS.invitePreview, req, res, null);
    } catch (error) {
      if (error instanceof ApiError) {
        res.removeHeader('Retry-After');
        return { state: 'unknown' };
      }
      throw error;
    }
    return this.state(target);
  }
}
