import type { DataSource, EntityManager } from 'typeorm';

/** The calendar domain's data door: `calendar_feeds`, one secret feed token per user. */
type Queryable = DataSource | EntityManager;

export interface CalendarFeedRow {
  user_id: number;
  token: string;
  include_club_kickoffs: boolean;
}

const COLUMNS = 'user_id, token, include_club_kickoffs';

/** The user's feed, made on first use; two first uses at once make one row (the other's token is dropped). */
export async function ensureCalendarFeed(q: Queryable, userId: number, freshToken: string): Promise<CalendarFeedRow> {
  await q.query(`INSERT INTO calendar_feeds (user_id, token) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`, [userId, freshToken]);
  const [row]: CalendarFeedRow[] = await q.query(`SELECT ${COLUMNS} FROM calendar_feeds WHERE user_id = $1`, [userId]);
  return row;
}

export async function selectCalendarFeedByToken(q: Queryable, token: string): Promise<CalendarFeedRow | null> {
  const [row]: CalendarFeedRow[] = await q.query(`SELECT ${COLUMNS} FROM calendar_feeds WHERE token = $1`, [token]);
  return row ?? null;
}

export async function updateIncludeClubKickoffs(q: Queryable, userId: number, include: boolean): Promise<void> {
  await q.query(`UPDATE calendar_feeds SET include_club_kickoffs = $2 WHERE user_id = $1`, [userId, include]);
}

/**
 * Gives the feed a new token, only while it still has `replaces` (when given). Two rotations at
 * once: the second waits for the first's row lock, finds the token changed and rotates nothing.
 */
export async function rotateCalendarToken(q: Queryable, userId: number, freshToken: string, replaces: string | null): Promise<boolean> {
  const [, affected]: [unknown[], number] = await q.query(
    `UPDATE calendar_feeds SET token = $2, rotated_at = now() WHERE user_id = $1 AND ($3::text IS NULL OR token = $3) RETURNING user_id`,
    [userId, freshToken, replaces],
  );
  return affected > 0;
}
