import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import {
  DEFAULT_PREFERENCE_SETTINGS,
  LANGUAGES,
  THEMES,
  TIMEZONES,
  type PreferenceSettings,
} from '@contracts/api/preferences';

export type { LanguageSetting, PreferenceSettings, ThemeSetting, TimezoneSetting } from '@contracts/api/preferences';

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

/**
 * This browser's copy of the server's settings (GET/PUT /auth/preferences/, see
 * use-preferences.ts): shown at once on the next visit, before the server answers.
 */
const storedPreferenceSettingsAtom = atomWithStorage<Partial<PreferenceSettings>>(
  PREFERENCES_STORAGE_KEY,
  DEFAULT_PREFERENCE_SETTINGS,
  createJSONStorage<Partial<PreferenceSettings>>(() => localStorage),
  { getOnInit: true },
);

/** The settings in effect; writing merges a change into the cache (saving is useSavePreferences). */
export const preferenceSettingsAtom = atom(
  (get) => cleanPreferenceSettings(get(storedPreferenceSettingsAtom)),
  (get, set, change: Partial<PreferenceSettings>) =>
    set(storedPreferenceSettingsAtom, cleanPreferenceSettings({ ...cleanPreferenceSettings(get(storedPreferenceSettingsAtom)), ...change })),
);
