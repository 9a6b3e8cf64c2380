import { ACTIVE_COMPETITION_CODE_SQL } from '../seasons/seasons.shared-sql';

/**
 * SQL shared by the claim queries of both channels. Each notification kind has ONE rule of who
 * gets it (below: deadlineRecipients, resultsRecipients, joinRequestRecipients,
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

// ---- the rules of who gets each kind ----------------------------------------------------

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
 * Short of picks: whoever has reminders on and has not predicted every match of the open
 * gameweek `og` (postponed ones are void and not counted). The join gives `up` (their
 * preferences) and `pr.predicted`; the condition goes in WHERE. `userId` names the user column,
 * `switchDefault` the parameter of the switch's default. Parts of deadlineRecipients.
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

/**
 * THE rule of who gets a deadline reminder, by email and by push alike (FROM … WHERE, over the
 * channel's audience): for the open gameweek `og` (an `open_gameweek` CTE of openGameweekSql),
 * every user who plays its competition, with deadline reminders on, who has not predicted each
 * of its matches. Gives `og`, `up` (preferences) and `pr.predicted`; a claim appends its own
 * conditions with AND (cursor, delivery check; the email's verified address).
 */
export const deadlineRecipients = (a: Audience, switchDefault: string): string => `
  FROM open_gameweek og
  CROSS JOIN ${a.from}
  ${shortOfPicksJoin(a.user)}
  WHERE ${playsOpenGameweek(a.user)}
    AND ${shortOfPicks(switchDefault)}`;

/**
 * THE rule of who hears of a join request, by email and by push alike (FROM … WHERE over the
 * channel's audience): the owner of the private league, while the request is still pending (once
 * decided, there is nothing to ask), with league updates on. Gives `r` (the request), `l` (the
 * league), `ru` (the requester) and `up`.
 */
export const joinRequestRecipients = (a: Audience, request: string, switchDefault: string): string => `
  FROM league_requests r
  JOIN leagues l ON l.id = r.league_id AND l.type = 'private'
  JOIN ${a.from} ON ${a.user} = l.owner_id
  JOIN users ru ON ru.id = r.user_id
  LEFT JOIN user_preferences up ON up.user_id = l.owner_id
  WHERE r.id = ${request}::int AND r.status = 'pending'
    AND coalesce(up.notify_league_updates, ${switchDefault}::boolean)`;

/**
 * THE rule of who hears of a decided join request, by email and by push alike: its requester,
 * with league updates on, once the request is one of `statuses` (a SQL list: the push tells both
 * decisions, the email only an approval, as there is no rejection email). Gives `r`, `l`, `up`.
 */
export const decidedRecipients = (a: Audience, request: string, switchDefault: string, statuses: string): string => `
  FROM league_requests r
  JOIN leagues l ON l.id = r.league_id
  JOIN ${a.from} ON ${a.user} = r.user_id
  LEFT JOIN user_preferences up ON up.user_id = r.user_id
  WHERE r.id = ${request}::int AND r.status IN (${statuses})
    AND coalesce(up.notify_league_updates, ${switchDefault}::boolean)`;

/** The subject of both: "<league id>:<requester id>" (the push of a decision adds the decision). */
export const REQUEST_SUBJECT = `r.league_id || ':' || r.user_id`;

/**
 * THE rule of who hears that gameweek `gameweek` of the active season is over, by email and by
 * push alike (FROM … WHERE over the channel's audience): whoever predicted in it, with match
 * results on. Gives `g` (the gameweek), `t` (their user_gameweek_totals row) and `up`.
 */
export const resultsRecipients = (a: Audience, gameweek: string, switchDefault: string): string => `
  FROM gameweeks g
  JOIN seasons s ON s.id = g.season_id AND s.is_active
  JOIN user_gameweek_totals t ON t.gameweek_id = g.id AND t.predictions > 0
  JOIN ${a.from} ON ${a.user} = t.user_id
  LEFT JOIN user_preferences up ON up.user_id = t.user_id
  WHERE g.id = ${gameweek}::int
    AND coalesce(up.notify_match_results, ${switchDefault}::boolean)`;

