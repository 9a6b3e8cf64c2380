import {
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_PREFERENCE_SETTINGS,
  type UpdateUserPreferencesRequest,
  type UserPreferences,
} from '@scoreline/contracts/api/preferences';

/** One row of user_preferences, as selected by PREFERENCE_COLUMNS (auth.queries.ts). */
export interface PreferencesRow {
  theme: UserPreferences['preferences']['theme'];
  language: UserPreferences['preferences']['language'];
  timezone: UserPreferences['preferences']['timezone'];
  notify_gameweek_deadlines: boolean;
  notify_league_updates: boolean;
  notify_match_results: boolean;
  notify_weekly_digest: boolean;
  current_competition: string | null;
}

/** A user without a row has never saved anything: every default (and no current competition). */
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
    // Only once chosen: a fan who never chose one gets the answer of before.
    ...(row.current_competition === null ? {} : { current_competition: row.current_competition }),
  };
}

/** The parameters of UPSERT_PREFERENCES_SQL (auth.queries.ts) for one user's (validated) change. */
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
    change.current_competition !== undefined,
    change.current_competition ?? null,
  ];
}

/** True when the change sets at least one field (an empty PUT writes nothing). */
export function changesSomething(change: UpdateUserPreferencesRequest): boolean {
  return (
    change.current_competition !== undefined ||
    Object.values(change.preferences ?? {}).some((v) => v !== undefined) ||
    Object.values(change.notifications ?? {}).some((v) => v !== undefined)
  );
}
