import type { DataSource, EntityManager } from 'typeorm';
import { DEFAULT_NOTIFICATION_SETTINGS, type LanguageSetting } from '@scoreline/contracts/api/preferences';
import { PUSH_KIND } from '../notifications/notification-jobs';
import {
  claimDevices as claim,
  deadlineRecipients,
  decidedRecipients,
  DEVICE_COLUMNS,
  joinRequestRecipients,
  notPushed,
  openGameweekSql,
  PUSH_AUDIENCE,
  REMINDER_WINDOW_HOURS,
  REQUEST_SUBJECT,
  resultsRecipients,
} from '../notifications/recipient-rules.shared-sql';

/**
 * The push domain's SQL: push_subscriptions (one row per browser subscription) and
 * push_deliveries (one row per subscription, kind and subject), plus the push channel's claim
 * statements. A claim applies the notification's one recipients rule (the email's too:
 * notifications/*.queries.ts) to the devices of its recipients (PUSH_AUDIENCE), one candidate per
 * device, and INSERT … ON CONFLICT DO NOTHING RETURNING, so a replayed event, a retried job or a
 * second worker never pushes twice to a device.
 */

type Q = DataSource | EntityManager;

// ---- subscriptions ----------------------------------------------------------------------

export interface SubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string;
}

/**
 * Stores this device's subscription for the user. An endpoint is one browser profile: if it was
 * another user's (someone else signed in on this device), that row goes first, with its
 * delivery history, so nothing of theirs reaches the new user and their subjects don't mute
 * the new user's pushes. Two identical requests at once meet in ON CONFLICT.
 */
export async function upsertSubscription(tx: EntityManager, userId: number, s: SubscriptionInput): Promise<void> {
  await tx.query(`DELETE FROM push_subscriptions WHERE endpoint = $1 AND user_id <> $2`, [s.endpoint, userId]);
  await tx.query(
    `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, device) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (endpoint) DO UPDATE SET p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, device = EXCLUDED.device
     WHERE push_subscriptions.user_id = EXCLUDED.user_id`,
    [userId, s.endpoint, s.p256dh, s.auth, s.device],
  );
}

/** Forgets a device of the user; answers whether there was one. */
export async function deleteSubscriptionOfUser(q: Q, userId: number, endpoint: string): Promise<boolean> {
  const rows: unknown[] = await q.query(`DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2 RETURNING id`, [userId, endpoint]);
  return rows.length > 0;
}

/** The push service said 404/410: the subscription is gone for good. */
export async function deleteSubscription(q: Q, id: number): Promise<void> {
  await q.query(`DELETE FROM push_subscriptions WHERE id = $1`, [id]);
}

export async function markSent(q: Q, ids: number[]): Promise<void> {
  if (ids.length > 0) await q.query(`UPDATE push_subscriptions SET last_sent_at = now() WHERE id = ANY($1::int[])`, [ids]);
}

export interface ExportSubscriptionRow {
  device: string;
  endpoint: string;
  created_at: Date | string;
  last_sent_at: Date | string | null;
}

/** The privacy export: the user's devices (endpoint origin only: the rest is a capability, not data about them). */
export function selectExportSubscriptions(tx: EntityManager, userId: number): Promise<ExportSubscriptionRow[]> {
  return tx.query(`SELECT device, endpoint, created_at, last_sent_at FROM push_subscriptions WHERE user_id = $1 ORDER BY id`, [userId]);
}

// ---- deliveries ------------------------------------------------------------------------

/** Releases the claims whose push did not go out (the job's retry pushes exactly those). */
export async function releasePushClaims(q: Q, kind: string, unsent: { subscription_id: number; subject_key: string }[]): Promise<void> {
  if (unsent.length === 0) return;
  await q.query(
    `DELETE FROM push_deliveries d
     USING unnest($2::int[], $3::text[]) AS u(subscription_id, subject_key)
     WHERE d.kind = $1 AND d.subscription_id = u.subscription_id AND d.subject_key = u.subject_key`,
    [kind, unsent.map((r) => r.subscription_id), unsent.map((r) => r.subject_key)],
  );
}

// ---- claims ----------------------------------------------------------------------------

/** One device to push to, as every claim answers it. */
export interface PushCandidate {
  subscription_id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  subject_key: string;
  language: LanguageSetting;
  /** Whether THIS statement claimed it (false: an earlier or concurrent run has it). */
  claimed: boolean;
}

export interface JoinRequestPush extends PushCandidate {
  league_id: number;
  league_name: string;
  requester_id: number;
  requester_name: string;
  message: string;
}

/**
 * The devices of the recipient of joinRequestRecipients (the owner, while the request is pending,
 * with league updates on). Subject "<league>:<requester>", as the email: asking again after a
 * rejection buzzes nobody twice.
 * $1 request id, $2 switch default, $3 kind.
 */
export const JOIN_REQUEST_PUSH_SQL = `
WITH candidates AS (
  SELECT ${DEVICE_COLUMNS}, ${REQUEST_SUBJECT} AS subject_key,
         l.id AS league_id, l.name AS league_name, r.user_id AS requester_id,
         ru.first_name || ' ' || ru.last_name AS requester_name, coalesce(r.message, '') AS message
  ${joinRequestRecipients(PUSH_AUDIENCE, '$1', '$2')}
    AND ${notPushed('$3', REQUEST_SUBJECT)}
  ORDER BY ps.id
)${claim('$3')}`;

export function claimJoinRequestPushes(db: DataSource, requestId: number): Promise<JoinRequestPush[]> {
  return db.query(JOIN_REQUEST_PUSH_SQL, [requestId, DEFAULT_NOTIFICATION_SETTINGS.leagueUpdates, PUSH_KIND.joinRequest]);
}

export interface DecisionPush extends PushCandidate {
  league_id: number;
  league_name: string;
  status: 'approved' | 'rejected';
}

/**
 * The devices of the recipient of decidedRecipients (the requester, once the owner approved or
 * rejected, with league updates on). Subject "<league>:<requester>:<decision>".
 * $1 request id, $2 switch default, $3 kind.
 */
export const DECISION_PUSH_SQL = `
WITH candidates AS (
  SELECT ${DEVICE_COLUMNS}, ${REQUEST_SUBJECT} || ':' || r.status AS subject_key,
         l.id AS league_id, l.name AS league_name, r.status
  ${decidedRecipients(PUSH_AUDIENCE, '$1', '$2', "'approved', 'rejected'")}
    AND ${notPushed('$3', `${REQUEST_SUBJECT} || ':' || r.status`)}
  ORDER BY ps.id
)${claim('$3')}`;

export function claimDecisionPushes(db: DataSource, requestId: number): Promise<DecisionPush[]> {
  return db.query(DECISION_PUSH_SQL, [requestId, DEFAULT_NOTIFICATION_SETTINGS.leagueUpdates, PUSH_KIND.decided]);
}

export interface DeadlinePush extends PushCandidate {
  gameweek_number: number;
  /** The round's stored name (a tournament's), null for a league's matchday: the title names it (contracts' roundName). */
  gameweek_name: string | null;
  deadline: Date;
  predicted: number;
  total: number;
}

/**
 * The devices of the recipients of deadlineRecipients (the email's rule) for open gameweek $7,
 * closing within the reminder window (one sweep per open gameweek, so the subscription-id cursor
 * walks one row per device). Subject: the gameweek id.
 * $1 now, $2 after subscription id, $3 limit, $4 switch default, $5 kind, $6 window hours, $7 gameweek id.
 */
export const DEADLINE_PUSH_SQL = `
WITH open_gameweek AS (${openGameweekSql('$1', '$6', '$7')}),
candidates AS (
  SELECT ${DEVICE_COLUMNS}, og.id::text AS subject_key, og.number AS gameweek_number, og.name AS gameweek_name, og.starts_at AS deadline, og.total, pr.predicted
  ${deadlineRecipients(PUSH_AUDIENCE, '$4')}
    AND ps.id > $2
    AND ${notPushed('$5', 'og.id::text')}
  ORDER BY ps.id
  LIMIT $3
)${claim('$5')}`;

export function claimDeadlinePushes(db: DataSource, now: Date, gameweekId: number, afterId: number, limit: number): Promise<DeadlinePush[]> {
  return db.query(DEADLINE_PUSH_SQL, [
    now.toISOString(),
    afterId,
    limit,
    DEFAULT_NOTIFICATION_SETTINGS.gameweekDeadlines,
    PUSH_KIND.deadline,
    REMINDER_WINDOW_HOURS,
    gameweekId,
  ]);
}

export interface GoalPush extends PushCandidate {
  fixture_id: number;
  home_team: string;
  away_team: string;
  home_score: number;
  away_score: number;
  predicted_home: number;
  predicted_away: number;
  points: number;
}

/**
 * A live match's current score, to the devices of everyone who predicted it, with match results
 * on: their prediction and its provisional points as scoring left them. Subject
 * "<fixture>:<home>-<away>", so each score is pushed once per device (a disallowed goal is a new
 * score and says so). Nothing before the first goal or once the match is over (the final
 * points come with the gameweek's push).
 * $1 fixture id, $2 after subscription id, $3 limit, $4 switch default, $5 kind.
 */
export const GOAL_PUSH_SQL = `
WITH fixture AS (
  SELECT f.id, f.home_score, f.away_score, hc.name AS home_team, ac.name AS away_team,
         f.id || ':' || f.home_score || '-' || f.away_score AS subject_key
  FROM fixtures f JOIN clubs hc ON hc.id = f.home_club_id JOIN clubs ac ON ac.id = f.away_club_id
  WHERE f.id = $1 AND f.status = 'live' AND f.home_score + f.away_score > 0
),
candidates AS (
  SELECT ${DEVICE_COLUMNS}, fx.subject_key, fx.id AS fixture_id, fx.home_team, fx.away_team, fx.home_score, fx.away_score,
         p.home_score AS predicted_home, p.away_score AS predicted_away, coalesce(p.points, 0) AS points
  FROM fixture fx
  JOIN predictions p ON p.fixture_id = fx.id
  JOIN push_subscriptions ps ON ps.user_id = p.user_id
  LEFT JOIN user_preferences up ON up.user_id = ps.user_id
  WHERE ps.id > $2
    AND coalesce(up.notify_match_results, $4::boolean)
    AND ${notPushed('$5', 'fx.subject_key')}
  ORDER BY ps.id
  LIMIT $3
)${claim('$5')}`;

export function claimGoalPushes(db: DataSource, fixtureId: number, afterId: number, limit: number): Promise<GoalPush[]> {
  return db.query(GOAL_PUSH_SQL, [fixtureId, afterId, limit, DEFAULT_NOTIFICATION_SETTINGS.matchResults, PUSH_KIND.goal]);
}

export interface GameweekFinalPush extends PushCandidate {
  gameweek_number: number;
  gameweek_name: string | null;
  points: number;
}

/**
 * The devices of the recipients of resultsRecipients (the email's rule: whoever predicted in the
 * gameweek, now over for good as the caller checked, with match results on). Subject: the gameweek id.
 * $1 gameweek id, $2 after subscription id, $3 limit, $4 switch default, $5 kind.
 */
export const GAMEWEEK_FINAL_PUSH_SQL = `
WITH candidates AS (
  SELECT ${DEVICE_COLUMNS}, g.id::text AS subject_key, g.number AS gameweek_number, g.name AS gameweek_name, t.points
  ${resultsRecipients(PUSH_AUDIENCE, '$1', '$4')}
    AND ps.id > $2
    AND ${notPushed('$5', 'g.id::text')}
  ORDER BY ps.id
  LIMIT $3
)${claim('$5')}`;

export function claimGameweekFinalPushes(db: DataSource, gameweekId: number, afterId: number, limit: number): Promise<GameweekFinalPush[]> {
  return db.query(GAMEWEEK_FINAL_PUSH_SQL, [gameweekId, afterId, limit, DEFAULT_NOTIFICATION_SETTINGS.matchResults, PUSH_KIND.gameweekFinal]);
}

