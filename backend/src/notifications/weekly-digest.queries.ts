import type { DataSource } from 'typeorm';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@scoreline/contracts/api/preferences';
import type { Candidate } from './deliver';
import { KIND } from './notification-jobs';
import { claimCandidates, notDelivered, READER_COLUMNS, VERIFIED } from './recipients.sql';

export interface DigestRow extends Candidate {
  email: string;
  first_name: string;
  season_name: string;
  season_points: number;
  last_gameweek_number: number | null;
  last_gameweek_points: number | null;
  next_gameweek_number: number | null;
  next_deadline: Date | null;
}

/**
 * The weekly digest's recipients: players of the active season (a digest of nothing helps no
 * one), verified, with the switch on. Figures: season points, points in the latest completed
 * gameweek (null: did not play it), and the next deadline after `now` of a
 * gameweek not yet started. Subject: the ISO week.
 *
 * $1 now, $2 after user id, $3 limit, $4 switch default, $5 kind, $6 ISO week.
 */
export const WEEKLY_DIGEST_SQL = `
WITH season AS (SELECT id, name FROM seasons WHERE is_active),
last_gameweek AS (
  SELECT g.id, g.number FROM gameweeks g JOIN season s ON s.id = g.season_id
  WHERE EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status = 'finished')
    AND NOT EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status NOT IN ('finished', 'postponed'))
  ORDER BY g.number DESC LIMIT 1
),
next_deadline AS (
  SELECT g.number, g.starts_at FROM gameweeks g JOIN season s ON s.id = g.season_id
  WHERE g.starts_at > $1::timestamptz
    AND NOT EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status IN ('live', 'finished'))
  ORDER BY g.starts_at, g.number LIMIT 1
),
candidates AS (
  SELECT u.id AS user_id, $6::text AS subject_key, u.email, u.first_name, ${READER_COLUMNS},
         s.name AS season_name, st.points AS season_points,
         lg.number AS last_gameweek_number, lgt.points AS last_gameweek_points,
         nd.number AS next_gameweek_number, nd.starts_at AS next_deadline
  FROM season s
  JOIN user_season_totals st ON st.season_id = s.id AND st.predictions > 0
  JOIN users u ON u.id = st.user_id
  LEFT JOIN user_preferences up ON up.user_id = u.id
  LEFT JOIN last_gameweek lg ON true
  LEFT JOIN user_gameweek_totals lgt ON lgt.gameweek_id = lg.id AND lgt.user_id = u.id AND lgt.predictions > 0
  LEFT JOIN next_deadline nd ON true
  WHERE u.id > $2 AND ${VERIFIED}
    AND coalesce(up.notify_weekly_digest, $4::boolean)
    AND ${notDelivered('$5', '$6::text')}
  ORDER BY u.id
  LIMIT $3
)${claimCandidates('$5')}`;

export function claimWeeklyDigests(db: DataSource, now: Date, week: string, afterUserId: number, limit: number): Promise<DigestRow[]> {
  return db.query(WEEKLY_DIGEST_SQL, [now.toISOString(), afterUserId, limit, DEFAULT_NOTIFICATION_SETTINGS.weeklyDigest, KIND.digest, week]);
}
