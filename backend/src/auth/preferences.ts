import {
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_PREFERENCE_SETTINGS,
  type UpdateUserPreferencesRequest,
  type UserPreferences,
} from '../../../contracts/src/api/preferences';

/** One row of user_preferences, as selected by PREFERENCE_COLUMNS. */
export interface PreferencesRow {
  theme: UserPreferences['preferences']['theme'];
  language: UserPreferences['preferences']['language'];
  timezone: UserPreferences['preferences']['timezone'];
  notify_gameweek_deadlines: boolean;
  notify_league_updates: boolean;
  notify_match_results: boolean;
  notify_weekly_digest: boolean;
}

export const PREFERENCE_COLUMNS = `theme, language, timezone, notify_gameweek_deadlines, notify_league_updates,
  notify_match_results, notify_weekly_digest`;

/** A user without a row has never saved anything: every default. */
export function toUserPreferences(row: PreferencesRow | undefined): UserPreferences {
  if (!row) return { preferences: { ...DEFAULT_PREFERENCE_SETTINGS }, notifications: { ...DEFAULT_NOTIFICATION_SETTINGS } };
  return {
    preferences: { theme: row.theme, language: row.language, timezone: row.timezone },
    notifications: {
      gameweekDeadlines: row.notify_gameweek_deadlines,
      leagueUpdates: row.notify_league_updates,
      matchResults: row.notify_match_results,
      weeklyDigest: row.notify_weekly_digest,
    },
  };
}

/**
 * Insert-or-merge in one statement, so two devices saving different fields at once both keep
 * their change. $2–$8 are the sent values (NULL = not sent, keep what is there); $9–$15 the
 * contract's defaults for a first row, passed in so they are written down in one place only.
 */
export const UPSERT_PREFERENCES_SQL = `
  INSERT INTO user_preferences AS p (user_id, theme, language, timezone, notify_gameweek_deadlines,
                                     notify_league_updates, notify_match_results, notify_weekly_digest)
  VALUES ($1, coalesce($2::varchar, $9::varchar), coalesce($3::varchar, $10::varchar), coalesce($4::varchar, $11::varchar),
          coalesce($5::boolean, $12::boolean), coalesce($6::boolean, $13::boolean),
          coalesce($7::boolean, $14::boolean), coalesce($8::boolean, $15::boolean))
  ON CONFLICT (user_id) DO UPDATE SET
    theme = coalesce($2::varchar, p.theme),
    language = coalesce($3::varchar, p.language),
    timezone = coalesce($4::varchar, p.timezone),
    notify_gameweek_deadlines = coalesce($5::boolean, p.notify_gameweek_deadlines),
    notify_league_updates = coalesce($6::boolean, p.notify_league_updates),
    notify_match_results = coalesce($7::boolean, p.notify_match_results),
    notify_weekly_digest = coalesce($8::boolean, p.notify_weekly_digest),
    updated_at = now()
  RETURNING ${PREFERENCE_COLUMNS}`;

/** The parameters of UPSERT_PREFERENCES_SQL for one user's (validated) change. */
export function upsertPreferencesParams(userId: number, change: UpdateUserPreferencesRequest): unknown[] {
  const p = change.preferences ?? {};
  const n = change.notifications ?? {};
  const d = DEFAULT_PREFERENCE_SETTINGS;
  const dn = DEFAULT_NOTIFICATION_SETTINGS;
  return [
    userId,
    p.theme ?? null,
    p.language ?? null,
    p.timezone ?? null,
    n.gameweekDeadlines ?? null,
    n.leagueUpdates ?? null,
    n.matchResults ?? null,
    n.weeklyDigest ?? null,
    d.theme,
    d.language,
    d.timezone,
    dn.gameweekDeadlines,
    dn.leagueUpdates,
    dn.matchResults,
    dn.weeklyDigest,
  ];
}

/** True when the change sets at least one field (an empty PUT writes nothing). */
export function changesSomething(change: UpdateUserPreferencesRequest): boolean {
  return Object.values(change.preferences ?? {}).some((v) => v !== undefined) || Object.values(change.notifications ?? {}).some((v) => v !== undefined);
}
