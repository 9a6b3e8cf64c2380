import type { DataSource } from 'typeorm';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@scoreline/contracts/api/preferences';
import type { Candidate } from './deliver';
import { ACTIVE_COMPETITION_CODE_SQL } from '../seasons/seasons.shared-sql';
import { KIND } from './notification-jobs';
import { claimCandidates, notDelivered, READER_COLUMNS, VERIFIED } from './recipients.sql';

export interface DeadlineRow extends Candidate {
  email: string;
  first_name: string;
  gameweek_number: number;
  /** The round's stored name (a tournament's), null for a league's matchday: the email names it (contracts' roundName). */
  gameweek_name: string | null;
  deadline: Date;
  predicted: number;
  total: number;
}

/** How long before a deadline the reminder goes out. */
export const REMINDER_WINDOW_HOURS = 24;

/**
 * The open gameweeks whose deadline falls within the window, one per active season: its current
 * gameweek (the earliest not completed — the only one that takes predictions) when its deadline is
 * within the window and still ahead and no match of it has started; with its count of matches
 * that are not void, its competition, and whether that is the one fans with no user_competitions
 * row play (ACTIVE_COMPETITION_CODE_SQL). Shared by the reminder email and the reminder push.
 * `now`/`hours` name the parameters; `gameweek`, when given, the one gameweek to check (a sweep's).
 */
export const openGameweekSql = (now: string, hours: string, gameweek?: string): string => `
  SELECT g.id, g.number, g.name, g.starts_at,
         (SELECT count(*) FROM fixtures f WHERE f.gameweek_id = g.id AND f.status <> 'postponed')::int AS total,
         s.league_code AS competition_code, s.league_code = ${ACTIVE_COMPETITION_CODE_SQL} AS home
  FROM seasons s JOIN gameweeks g ON g.season_id = s.id
  WHERE s.is_active${gameweek === undefined ? '' : ` AND g.id = ${gameweek}::int`}
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
 * The fan plays the open gameweek `og`'s competition: a user_competitions row says so, or they
 * have none at all (verified before a league or a prediction recorded what they play) and it is
 * the home competition (og.home): nobody who got a reminder with one season active loses it.
 * `userId` names the user column.
 */
export const playsOpenGameweek = (userId: string): string => `
  (EXISTS (SELECT 1 FROM user_competitions uc WHERE uc.user_id = ${userId} AND uc.competition_code = og.competition_code)
   OR (og.home AND NOT EXISTS (SELECT 1 FROM user_competitions uc WHERE uc.user_id = ${userId})))`;

export interface OpenGameweek {
  id: number;
  competition_code: string;
}

/** The gameweeks to remind of at `now` (openGameweekSql), one per competition: each gets its own sweep. */
export function selectOpenGameweeks(db: DataSource, now: Date): Promise<OpenGameweek[]> {
  return db.query(`SELECT og.id, og.competition_code FROM (${openGameweekSql('$1', '$2')}) og ORDER BY og.id`, [now.toISOString(), REMINDER_WINDOW_HOURS]);
}

/**
 * Users to remind of open gameweek $7's deadline (one sweep per open gameweek, so the user-id
 * cursor walks one row per user): while it is its season's current gameweek (the earliest not
 * completed — the only one that takes predictions), its deadline is within the window and still
 * ahead and no match of it has started (a recorded score closes it at once); every verified user
 * who plays its competition, with the switch on, who has not predicted each of its matches
 * (postponed ones are void and not counted). Subject: the gameweek id.
 *
 * $1 now, $2 after user id, $3 limit, $4 switch default, $5 kind, $6 window hours, $7 gameweek id.
 */
export const DEADLINE_REMINDERS_SQL = `
WITH open_gameweek AS (${openGameweekSql('$1', '$6', '$7')}),
candidates AS (
  SELECT u.id AS user_id, og.id::text AS subject_key, u.email, u.first_name, ${READER_COLUMNS},
         og.number AS gameweek_number, og.name AS gameweek_name, og.starts_at AS deadline, og.total, pr.predicted
  FROM open_gameweek og
  CROSS JOIN users u
  ${shortOfPicksJoin('u.id')}
  WHERE u.id > $2 AND ${VERIFIED}
    AND ${playsOpenGameweek('u.id')}
    AND ${shortOfPicks('$4')}
    AND ${notDelivered('$5', 'og.id::text')}
  ORDER BY u.id
  LIMIT $3
)${claimCandidates('$5')}`;

export function claimDeadlineReminders(db: DataSource, now: Date, gameweekId: number, afterUserId: number, limit: number): Promise<DeadlineRow[]> {
  return db.query(DEADLINE_REMINDERS_SQL, [
    now.toISOString(),
    afterUserId,
    limit,
    DEFAULT_NOTIFICATION_SETTINGS.gameweekDeadlines,
    KIND.deadline,
    REMINDER_WINDOW_HOURS,
    gameweekId,
  ]);
}
