import type { DataSource } from 'typeorm';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@scoreline/contracts/api/preferences';
import type { Candidate } from './deliver';
import { KIND } from './notification-jobs';
import { claimCandidates, notDelivered, READER_COLUMNS, VERIFIED } from './recipients.sql';

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
 * The owner of a private league, told about a join request that is still pending (once
 * decided, the email has nothing to ask), when verified and with league updates on. Subject:
 * "<league id>:<requester id>" — one email per requester and league, so asking again after a
 * rejection cannot flood the owner's inbox.
 *
 * $1 request id, $2 switch default, $3 kind.
 */
export const JOIN_REQUEST_SQL = `
WITH candidates AS (
  SELECT u.id AS user_id, r.league_id || ':' || r.user_id AS subject_key, u.email, u.first_name, ${READER_COLUMNS},
         l.id AS league_id, l.name AS league_name, ru.first_name || ' ' || ru.last_name AS requester_name,
         ru.username AS requester_username, r.message
  FROM league_requests r
  JOIN leagues l ON l.id = r.league_id AND l.type = 'private'
  JOIN users u ON u.id = l.owner_id
  JOIN users ru ON ru.id = r.user_id
  LEFT JOIN user_preferences up ON up.user_id = u.id
  WHERE r.id = $1 AND r.status = 'pending' AND ${VERIFIED}
    AND coalesce(up.notify_league_updates, $2::boolean)
    AND ${notDelivered('$3', "r.league_id || ':' || r.user_id")}
)${claimCandidates('$3')}`;

/**
 * The requester of an approved request, when verified and with league updates on. Subject:
 * "<league id>:<requester id>" (kind tells it from the owner's email).
 *
 * $1 request id, $2 switch default, $3 kind.
 */
export const REQUEST_APPROVED_SQL = `
WITH candidates AS (
  SELECT u.id AS user_id, r.league_id || ':' || r.user_id AS subject_key, u.email, u.first_name, ${READER_COLUMNS},
         l.id AS league_id, l.name AS league_name
  FROM league_requests r
  JOIN leagues l ON l.id = r.league_id
  JOIN users u ON u.id = r.user_id
  LEFT JOIN user_preferences up ON up.user_id = u.id
  WHERE r.id = $1 AND r.status = 'approved' AND ${VERIFIED}
    AND coalesce(up.notify_league_updates, $2::boolean)
    AND ${notDelivered('$3', "r.league_id || ':' || r.user_id")}
)${claimCandidates('$3')}`;

export function claimJoinRequestNotice(db: DataSource, requestId: number): Promise<JoinRequestRow[]> {
  return db.query(JOIN_REQUEST_SQL, [requestId, DEFAULT_NOTIFICATION_SETTINGS.leagueUpdates, KIND.joinRequest]);
}

export function claimApprovalNotice(db: DataSource, requestId: number): Promise<ApprovedRow[]> {
  return db.query(REQUEST_APPROVED_SQL, [requestId, DEFAULT_NOTIFICATION_SETTINGS.leagueUpdates, KIND.approved]);
}
