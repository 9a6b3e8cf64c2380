import type { DataSource } from 'typeorm';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@scoreline/contracts/api/preferences';
import type { Candidate } from './deliver';
import { KIND } from './notification-jobs';
import { claimCandidates, EMAIL_AUDIENCE, notDelivered, READER_COLUMNS, VERIFIED, type Audience } from './recipients.sql';

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
 * THE rule of who hears of a join request, by email and by push alike (FROM … WHERE over the
 * channel's audience): the owner of the private league, while the request is still pending (once
 * decided, there is nothing to ask), with league updates on. Gives `r` (the request), `l` (the
 * league), `ru` (the requester) and `up`.
 */
export const joinRequestRecipients = (a: Audience, request: string, switchDefault: string): string => `
  FROM league_requests r
  JOIN leagues l ON l.id = r.league_id AND l.type = 'private'
  JOIN ${a.from} ON ${a.user} = l.owner_id
  JOIN users ru ON ru.id = r.user_id
  LEFT JOIN user_preferences up ON up.user_id = l.owner_id
  WHERE r.id = ${request}::int AND r.status = 'pending'
    AND coalesce(up.notify_league_updates, ${switchDefault}::boolean)`;

/**
 * THE rule of who hears of a decided join request, by email and by push alike: its requester,
 * with league updates on, once the request is one of `statuses` (a SQL list: the push tells both
 * decisions, the email only an approval, as there is no rejection email). Gives `r`, `l`, `up`.
 */
export const decidedRecipients = (a: Audience, request: string, switchDefault: string, statuses: string): string => `
  FROM league_requests r
  JOIN leagues l ON l.id = r.league_id
  JOIN ${a.from} ON ${a.user} = r.user_id
  LEFT JOIN user_preferences up ON up.user_id = r.user_id
  WHERE r.id = ${request}::int AND r.status IN (${statuses})
    AND coalesce(up.notify_league_updates, ${switchDefault}::boolean)`;

/** The subject of both: "<league id>:<requester id>" (the push of a decision adds the decision). */
export const REQUEST_SUBJECT = `r.league_id || ':' || r.user_id`;

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
