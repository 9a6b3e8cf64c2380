import type { DataSource } from 'typeorm';
import { tableRank, totalsOf } from '../standings/table-ranking.shared-sql';

/**
 * SQL shared by the claim queries. Every claim writes its delivery rows with
 * INSERT … ON CONFLICT DO NOTHING RETURNING: a row this statement inserted is an email to send,
 * one that was there already (an earlier or concurrent run) is not.
 */

/** The reader's language and time zone for the email (needs `up`: their user_preferences row, if any). */
export const READER_COLUMNS = `coalesce(up.language, 'en') AS language, coalesce(up.timezone, 'local') AS timezone`;

/** Only users whose address is verified get notification emails. */
export const VERIFIED = `u.email_verified_at IS NOT NULL`;

/**
 * The claim step, appended to a `candidates` CTE (ordered by user id, at most one row per
 * user): inserts their delivery rows and answers every candidate with `claimed`.
 * Parameter `kindParam` is the delivery kind.
 */
export const claimCandidates = (kindParam: string): string => `,
claimed AS (
  INSERT INTO notification_deliveries (user_id, kind, subject_key)
  SELECT c.user_id, ${kindParam}::varchar, c.subject_key FROM candidates c ORDER BY c.user_id
  ON CONFLICT DO NOTHING
  RETURNING user_id
)
SELECT c.*, (cl.user_id IS NOT NULL) AS claimed
FROM candidates c LEFT JOIN claimed cl ON cl.user_id = c.user_id
ORDER BY c.user_id`;

/** Not yet delivered (keeps repeated runs from re-claiming; ON CONFLICT still settles races). */
export const notDelivered = (kindParam: string, subjectKey: string): string =>
  `NOT EXISTS (SELECT 1 FROM notification_deliveries d WHERE d.user_id = u.id AND d.kind = ${kindParam} AND d.subject_key = ${subjectKey})`;

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
