import type { DataSource } from 'typeorm';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@scoreline/contracts/api/preferences';
import type { Candidate } from './deliver';
import { KIND } from './notification-jobs';
import { claimCandidates, deadlineRecipients, EMAIL_AUDIENCE, notDelivered, openGameweekSql, READER_COLUMNS, REMINDER_WINDOW_HOURS, VERIFIED } from './recipient-rules.shared-sql';

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

export interface OpenGameweek {
  id: number;
  competition_code: string;
}

/** The gameweeks to remind of at `now` (openGameweekSql), one per competition: each gets its own sweep. */
export function selectOpenGameweeks(db: DataSource, now: Date): Promise<OpenGameweek[]> {
  return db.query(`SELECT og.id, og.competition_code FROM (${openGameweekSql('$1', '$2')}) og ORDER BY og.id`, [now.toISOString(), REMINDER_WINDOW_HOURS]);
}

/**
 * The reminder emails of open gameweek $7's deadline (one sweep per open gameweek, so the
 * user-id cursor walks one row per user): while it is its season's current gameweek (the earliest
 * not completed — the only one that takes predictions), its deadline is within the window and
 * still ahead and no match of it has started (a recorded score closes it at once); to each
 * recipient of deadlineRecipients whose address is verified. Subject: the gameweek id.
 *
 * $1 now, $2 after user id, $3 limit, $4 switch default, $5 kind, $6 window hours, $7 gameweek id.
 */
export const DEADLINE_REMINDERS_SQL = `
WITH open_gameweek AS (${openGameweekSql('$1', '$6', '$7')}),
candidates AS (
  SELECT u.id AS user_id, og.id::text AS subject_key, u.email, u.first_name, ${READER_COLUMNS},
         og.number AS gameweek_number, og.name AS gameweek_name, og.starts_at AS deadline, og.total, pr.predicted
  ${deadlineRecipients(EMAIL_AUDIENCE, '$4')}
    AND u.id > $2 AND ${VERIFIED}
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
