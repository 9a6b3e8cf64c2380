import type { DataSource } from 'typeorm';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@scoreline/contracts/api/preferences';
import type { Candidate } from './deliver';
import { ACTIVE_COMPETITION_CODE_SQL } from '../seasons/seasons.shared-sql';
import { KIND } from './notification-jobs';
import { claimCandidates, notDelivered, READER_COLUMNS, VERIFIED } from './recipient-rules.shared-sql';
import { globalSeasonPoints } from './global-table.shared-sql';

/** A section's season points: as the global table counts them (with the settled bonus points). */
const seasonPoints = globalSeasonPoints('st', 'r.id', 's.id');

/** One competition's figures in the digest (a season the fan played: at least one prediction). */
export interface DigestSectionRow {
  season_id: number;
  season_name: string;
  season_points: number;
  last_gameweek_number: number | null;
  /** The round's stored name (a tournament's); null for a league's matchday or no round. */
  last_gameweek_name: string | null;
  last_gameweek_points: number | null;
  next_gameweek_number: number | null;
  next_gameweek_name: string | null;
  /** JSON: an ISO timestamp. */
  next_deadline: string | null;
}

export interface DigestRow extends Candidate {
  email: string;
  first_name: string;
  /** The home competition's first (ACTIVE_COMPETITION_CODE_SQL), then by season id. */
  sections: DigestSectionRow[];
}

/**
 * The weekly digest's recipients: players of an active season (a digest of nothing helps no
 * one), verified, with the switch on; one digest per fan with a section per active season they
 * played (one per competition). Figures of a section: season points (the global table's, bonus
 * points included), points in the season's latest completed gameweek (null: did not play it), and
 * its next deadline after `now` of a gameweek not yet started. Subject: the ISO week.
 *
 * $1 now, $2 after user id, $3 limit, $4 switch default, $5 kind, $6 ISO week.
 */
export const WEEKLY_DIGEST_SQL = `
WITH season AS (SELECT id, name, league_code FROM seasons WHERE is_active),
last_gameweek AS (
  SELECT DISTINCT ON (g.season_id) g.season_id, g.id, g.number, g.name FROM gameweeks g JOIN season s ON s.id = g.season_id
  WHERE EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status = 'finished')
    AND NOT EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status NOT IN ('finished', 'postponed'))
  ORDER BY g.season_id, g.number DESC
),
next_deadline AS (
  SELECT DISTINCT ON (g.season_id) g.season_id, g.number, g.name, g.starts_at FROM gameweeks g JOIN season s ON s.id = g.season_id
  WHERE g.starts_at > $1::timestamptz
    AND NOT EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status IN ('live', 'finished'))
  ORDER BY g.season_id, g.starts_at, g.number
),
recipients AS (
  SELECT u.id, u.email, u.first_name, ${READER_COLUMNS}
  FROM users u
  LEFT JOIN user_preferences up ON up.user_id = u.id
  WHERE u.id > $2 AND ${VERIFIED}
    AND EXISTS (SELECT 1 FROM season s JOIN user_season_totals st ON st.season_id = s.id AND st.user_id = u.id AND st.predictions > 0)
    AND coalesce(up.notify_weekly_digest, $4::boolean)
    AND ${notDelivered('$5', '$6::text')}
  ORDER BY u.id
  LIMIT $3
),
candidates AS (
  SELECT r.id AS user_id, $6::text AS subject_key, r.email, r.first_name, r.language, r.timezone, sections.sections
  FROM recipients r
  CROSS JOIN LATERAL (
    SELECT jsonb_agg(jsonb_build_object(
             'season_id', s.id, 'season_name', s.name, 'season_points', ${seasonPoints.points},
             'last_gameweek_number', lg.number, 'last_gameweek_name', lg.name, 'last_gameweek_points', lgt.points,
             'next_gameweek_number', nd.number, 'next_gameweek_name', nd.name, 'next_deadline', nd.starts_at)
           ORDER BY s.league_code <> ${ACTIVE_COMPETITION_CODE_SQL}, s.id) AS sections
    FROM season s
    JOIN user_season_totals st ON st.season_id = s.id AND st.user_id = r.id AND st.predictions > 0
    ${seasonPoints.joins}
    LEFT JOIN last_gameweek lg ON lg.season_id = s.id
    LEFT JOIN user_gameweek_totals lgt ON lgt.gameweek_id = lg.id AND lgt.user_id = r.id AND lgt.predictions > 0
    LEFT JOIN next_deadline nd ON nd.season_id = s.id
  ) sections
  ORDER BY r.id
)${claimCandidates('$5')}`;

export function claimWeeklyDigests(db: DataSource, now: Date, week: string, afterUserId: number, limit: number): Promise<DigestRow[]> {
  return db.query(WEEKLY_DIGEST_SQL, [now.toISOString(), afterUserId, limit, DEFAULT_NOTIFICATION_SETTINGS.weeklyDigest, KIND.digest, week]);
}
