import type { DataSource } from 'typeorm';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@scoreline/contracts/api/preferences';
import type { Candidate } from './deliver';
import { KIND } from './notification-jobs';
import { claimCandidates, decidedRecipients, EMAIL_AUDIENCE, joinRequestRecipients, notDelivered, READER_COLUMNS, REQUEST_SUBJECT, VERIFIED } from './recipient-rules.shared-sql';

export interface JoinRequestRow extends Candidate {
  email: string;
  first_name: string;
  league_id: number;
  league_name: string;
  requester_name: string;
  requester_username: string;
  message: string;
}

export interface ApprovedRow extends Candidate {
  email: string;
  first_name: string;
  league_id: number;
  league_name: string;
}

/**
 * The join request email, to the recipient of joinRequestRecipients when verified. Subject:
 * "<league id>:<requester id>" — one email per requester and league, so asking again after a
 * rejection cannot flood the owner's inbox.
 *
 * $1 request id, $2 switch default, $3 kind.
 */
export const JOIN_REQUEST_SQL = `
WITH candidates AS (
  SELECT u.id AS user_id, ${REQUEST_SUBJECT} AS subject_key, u.email, u.first_name, ${READER_COLUMNS},
         l.id AS league_id, l.name AS league_name, ru.first_name || ' ' || ru.last_name AS requester_name,
         ru.username AS requester_username, r.message
  ${joinRequestRecipients(EMAIL_AUDIENCE, '$1', '$2')}
    AND ${VERIFIED}
    AND ${notDelivered('$3', REQUEST_SUBJECT)}
)${claimCandidates('$3')}`;

/**
 * The approval email, to the recipient of decidedRecipients of an approved request when
 * verified. Subject: "<league id>:<requester id>" (kind tells it from the owner's email).
 *
 * $1 request id, $2 switch default, $3 kind.
 */
export const REQUEST_APPROVED_SQL = `
WITH candidates AS (
  SELECT u.id AS user_id, ${REQUEST_SUBJECT} AS subject_key, u.email, u.first_name, ${READER_COLUMNS},
         l.id AS league_id, l.name AS league_name
  ${decidedRecipients(EMAIL_AUDIENCE, '$1', '$2', "'approved'")}
    AND ${VERIFIED}
    AND ${notDelivered('$3', REQUEST_SUBJECT)}
)${claimCandidates('$3')}`;

export function claimJoinRequestNotice(db: DataSource, requestId: number): Promise<JoinRequestRow[]> {
  return db.query(JOIN_REQUEST_SQL, [requestId, DEFAULT_NOTIFICATION_SETTINGS.leagueUpdates, KIND.joinRequest]);
}

export function claimApprovalNotice(db: DataSource, requestId: number): Promise<ApprovedRow[]> {
  return db.query(REQUEST_APPROVED_SQL, [requestId, DEFAULT_NOTIFICATION_SETTINGS.leagueUpdates, KIND.approved]);
}
