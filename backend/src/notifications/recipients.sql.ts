import type { DataSource } from 'typeorm';
import { tableRank, totalsOf } from '../standings/table-ranking.shared-sql';

/**
 * SQL shared by the claim queries of both channels. Each notification kind has ONE rule of who
 * gets it (its *.queries.ts: deadlineRecipients, resultsRecipients, joinRequestRecipients,
 * decidedRecipients), written against an Audience: the email walks users (one candidate per
 * verified user), the push walks devices (one candidate per subscription of the user). Every
 * claim writes its channel's delivery rows with INSERT … ON CONFLICT DO NOTHING RETURNING
 * (notification_deliveries per user, push_deliveries per device; key: kind and subject too): a
 * row this statement inserted is a message to send, one that was there already (an earlier or
 * concurrent run) is not.
 */

/**
 * What a channel's claim walks: `from` is the table (with its alias) joined to a rule's
 * recipients, `user` the column holding their user id. A rule joins it and applies its
 * conditions to that user; the claim adds its channel's columns, cursor and delivery check.
 */
export interface Audience {
  from: string;
  user: string;
}

/** The email's audience: users (`u`), keyset by user id. */
export const EMAIL_AUDIENCE: Audience = { from: 'users u', user: 'u.id' };

/** The push's audience: devices (`ps`: push_subscriptions), keyset by subscription id. */
export const PUSH_AUDIENCE: Audience = { from: 'push_subscriptions ps', user: 'ps.user_id' };

/** The reader's language and time zone for the email (needs `up`: their user_preferences row, if any). */
export const READER_COLUMNS = `coalesce(up.language, 'en') AS language, coalesce(up.timezone, 'local') AS timezone`;

/** Only users whose address is verified get notification emails. */
export const VERIFIED = `u.email_verified_at IS NOT NULL`;

/**
 * The claim step, appended to a `candidates` CTE ordered by `key` (at most one row per key):
 * inserts their delivery rows into `table` and answers every candidate with `claimed`.
 * Parameter `kindParam` is the delivery kind.
 */
const claimInto = (table: string, key: string) => (kindParam: string): string => `,
claimed AS (
  INSERT INTO ${table} (${key}, kind, subject_key)
  SELECT c.${key}, ${kindParam}::varchar, c.subject_key FROM candidates c ORDER BY c.${key}
  ON CONFLICT DO NOTHING
  RETURNING ${key}
)
SELECT c.*, (cl.${key} IS NOT NULL) AS claimed
FROM candidates c LEFT JOIN claimed cl ON cl.${key} = c.${key}
ORDER BY c.${key}`;

/** Email: one delivery per user (candidates carry `user_id`). */
export const claimCandidates = claimInto('notification_deliveries', 'user_id');

/** Push: one delivery per device (candidates carry `subscription_id`). */
export const claimDevices = claimInto('push_deliveries', 'subscription_id');

/** Not yet emailed (keeps repeated runs from re-claiming; ON CONFLICT still settles races). */
export const notDelivered = (kindParam: string, subjectKey: string): string =>
  `NOT EXISTS (SELECT 1 FROM notification_deliveries d WHERE d.user_id = u.id AND d.kind = ${kindParam} AND d.subject_key = ${subjectKey})`;

/** The candidate columns of every push claim (needs `ps` and `up`: the device and its user's preferences). */
export const DEVICE_COLUMNS = `ps.id AS subscription_id, ps.user_id, ps.endpoint, ps.p256dh, ps.auth, coalesce(up.language, 'en') AS language`;

/** Not yet pushed to this device (the push form of notDelivered). */
export const notPushed = (kindParam: string, subjectKey: string): string =>
  `NOT EXISTS (SELECT 1 FROM push_deliveries d WHERE d.subscription_id = ps.id AND d.kind = ${kindParam} AND d.subject_key = ${subjectKey})`;

/**
 * Rank in the global league of season $1's competition as the standings worker computes it (the
 * table rule over season totals of the league's members, see standings/table-ranking.shared-sql.ts).
 * Computed here rather than read from league_standings: the recompute runs beside this job and
 * may not have caught up yet. Once per job (a window over every member), not once per batch of
 * recipients.
 */
export const GLOBAL_RANKS_SQL = `
  SELECT m.user_id, ${tableRank(totalsOf('t'))} AS rank
  FROM leagues l
  JOIN league_members m ON m.league_id = l.id
  LEFT JOIN user_season_totals t ON t.user_id = m.user_id AND t.season_id = $1
  WHERE l.type = 'global' AND l.competition_code = (SELECT s.league_code FROM seasons s WHERE s.id = $1)`;

/** user id → rank in the global league of the season's competition. */
export async function globalRanks(db: DataSource, seasonId: number): Promise<Map<number, number>> {
  const rows: { user_id: number; rank: number }[] = await db.query(GLOBAL_RANKS_SQL, [seasonId]);
  return new Map(rows.map((r) => [r.user_id, r.rank]));
}
