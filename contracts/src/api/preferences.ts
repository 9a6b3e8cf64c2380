/**
 * A user's settings (Settings → Notifications and Preferences), stored on the server so they
 * follow the user across devices. `GET /api/auth/preferences/` answers them (defaults when the
 * user never saved any); `PUT /api/auth/preferences/` takes any subset and answers the whole.
 */
export const THEMES = ['dark', 'light', 'auto'] as const;
export const LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
/** 'local' follows the device; the others are the spec's fixed choices. */
export const TIMEZONES = ['local', 'UTC', 'GMT', 'EST', 'PST'] as const;

export type ThemeSetting = (typeof THEMES)[number];
export type LanguageSetting = (typeof LANGUAGES)[number];
export type TimezoneSetting = (typeof TIMEZONES)[number];

export interface NotificationSettings {
  gameweekDeadlines: boolean;
  leagueUpdates: boolean;
  matchResults: boolean;
  weeklyDigest: boolean;
}

export interface PreferenceSettings {
  theme: ThemeSetting;
  language: LanguageSetting;
  timezone: TimezoneSetting;
}

export interface UserPreferences {
  preferences: PreferenceSettings;
  notifications: NotificationSettings;
  /**
   * The competition the fan's screens show when a request names none (competitions.ts); sent
   * only once chosen (left out: the server's default).
   */
  current_competition?: string | null;
}

export type UpdateUserPreferencesRequest = {
  preferences?: Partial<PreferenceSettings>;
  notifications?: Partial<NotificationSettings>;
  /** A competition the fan plays that is being played (else 400 on this field); null clears it. */
  current_competition?: string | null;
};

export const DEFAULT_PREFERENCE_SETTINGS: PreferenceSettings = { theme: 'dark', language: 'en', timezone: 'local' };

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  gameweekDeadlines: true,
  leagueUpdates: true,
  matchResults: false,
  weeklyDigest: true,
};

/** The IANA zone each fixed choice means ('local': none, the device's own). */
export const TIMEZONE_IANA: Record<Exclude<TimezoneSetting, 'local'>, string> = {
  UTC: 'UTC',
  GMT: 'Europe/London',
  EST: 'America/New_York',
  PST: 'America/Los_Angeles',
};
