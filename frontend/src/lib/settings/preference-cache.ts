import { DEFAULT_PREFERENCE_SETTINGS, LANGUAGES, THEMES, TIMEZONES, type PreferenceSettings } from '@scoreline/contracts/api/preferences';

/**
 * The browser's cache of the settings, without jotai: the atoms build on it, and so does
 * lib/i18n, which reads the language before the first render (importing the atom there would
 * touch localStorage wherever i18n is loaded).
 */

/** index.html (public/theme-init.js) reads this key before the first paint to apply the theme without a flash. */
export const PREFERENCES_STORAGE_KEY = 'scoreline.preferences';

const pick = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** Only known values survive: the cache may hold anything an older version (or a person) wrote. */
export function cleanPreferenceSettings(raw: unknown): PreferenceSettings {
  const value = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return {
    theme: pick(THEMES, value.theme, DEFAULT_PREFERENCE_SETTINGS.theme),
    language: pick(LANGUAGES, value.language, DEFAULT_PREFERENCE_SETTINGS.language),
    timezone: pick(TIMEZONES, value.timezone, DEFAULT_PREFERENCE_SETTINGS.timezone),
  };
}

