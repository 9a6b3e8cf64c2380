import type { DataSource } from 'typeorm';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@scoreline/contracts/api/preferences';
import type { Candidate } from './deliver';
import { KIND } from './notification-jobs';
import { claimCandidates, notDelivered, READER_COLUMNS, VERIFIED } from './recipients.sql';

export interface DeadlineRow extends Candidate {
  email: string;
  first_name: string;
  gameweek_number: number;
  deadline: Date;
  predicted: number;
  total: number;
}

/** How long before a deadline the reminder goes out. */
export const REMINDER_WINDOW_HOURS = 24;

/**
 * The open gameweek whose deadline falls within the window: the active season's current gameweek
 * (the earliest not completed — the only one that takes predictions) when its deadline is within
 * the window and still ahead and no match of it has started; with its count of matches that are
 * not void. Shared by the reminder email and the reminder push. `now`/`hours` name the parameters.
 */
export const openGameweekSql = (now: string, hours: string): string => `
  SELECT g.id, g.number, g.starts_at,
         (SELECT count(*) FROM fixtures f WHERE f.gameweek_id = g.id AND f.status <> 'postponed')::int AS total
  FROM seasons s JOIN gameweeks g ON g.season_id = s.id
  WHERE s.is_active
    AND g.starts_at > ${now}::timestamptz AND g.starts_at <= ${now}::timestamptz + make_interval(hours => ${hours}::int)
    AND NOT EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status IN ('live', 'finished'))
    AND NOT EXISTS (SELECT 1 FROM gameweeks e JOIN fixtures f ON f.gameweek_id = e.id
                    WHERE e.season_id = g.season_id AND e.number < g.number AND f.status NOT IN ('finished', 'postponed'))
`;

/**
 * Whom the deadline reminder is for (the email's and the push's one rule): whoever has reminders
 * on and has not predicted every match of the open gameweek `og` (postponed ones are void and
 * not counted). The join gives `up` (their preferences) and `pr.predicted`; the condition goes in
 * WHERE. `userId` names the user column, `switchDefault` the parameter of the switch's default.
 */
export const shortOfPicksJoin = (userId: string): string => `
  LEFT JOIN user_preferences up ON up.user_id = ${userId}
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS predicted
    FROM predictions p JOIN fixtures f ON f.id = p.fixture_id AND f.status <> 'postponed'
    WHERE p.user_id = ${userId} AND p.gameweek_id = og.id
  ) pr`;
export const shortOfPicks = (switchDefault: string): string =>
  `og.total > 0 AND coalesce(up.notify_gameweek_deadlines, ${switchDefault}::boolean) AND pr.predicted < og.total`;

/**
 * Users to remind of the open gameweek's deadline: the active season's current gameweek (the
 * earliest not completed — the only one that takes predictions) when its deadline is within
 * the window and still ahead and no match of it has started (a recorded score closes it at
 * once); every verified user with the switch on who has not predicted each of its matches
 * (postponed ones are void and not counted). Subject: the gameweek id.
 *
 * $1 now, $2 after user id, $3 limit, $4 switch default, $5 kind, $6 window hours.
 */
export const DEADLINE_REMINDERS_SQL = `
WITH open_gameweek AS (${openGameweekSql('$1', '$6')}),
candidates AS (
  SELECT u.id AS user_id, og.id::text AS subject_key, u.email, u.first_name, ${READER_COLUMNS},
         og.number AS gameweek_number, og.starts_at AS deadline, og.total, pr.predicted
  FROM open_gameweek og
  CROSS JOIN users u
  ${shortOfPicksJoin('u.id')}
  WHERE u.id > $2 AND ${VERIFIED}
    AND ${shortOfPicks('$4')}
    AND ${notDelivered('$5', 'og.id::text')}
  ORDER BY u.id
  LIMIT $3
)${claimCandidates('$5')}`;

export function claimDeadlineReminders(db: DataSource, now: Date, afterUserId: number, limit: number): Promise<DeadlineRow[]> {
  return db.query(DEADLINE_REMINDERS_SQL, [
    now.toISOString(),
    afterUserId,
    limit,
    DEFAULT_NOTIFICATION_SETTINGS.gameweekDeadlines,
    KIND.deadline,
    REMINDER_WINDOW_HOURS,
  ]);
}
