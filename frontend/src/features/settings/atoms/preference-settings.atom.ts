import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';

export type ThemeSetting = 'dark' | 'light' | 'auto';
export type LanguageSetting = 'en' | 'es' | 'fr' | 'de';
export type TimezoneSetting = 'UTC' | 'EST' | 'PST' | 'GMT';

/** Display preferences: kept in this browser only (spec section 3). */
export interface PreferenceSettings {
  theme: ThemeSetting;
  language: LanguageSetting;
  timezone: TimezoneSetting;
}

export const DEFAULT_PREFERENCE_SETTINGS: PreferenceSettings = { theme: 'dark', language: 'en', timezone: 'UTC' };

/** index.html reads this key before the first paint to apply the theme without a flash. */
export const PREFERENCES_STORAGE_KEY = 'scoreline.preferences';

const storedPreferenceSettingsAtom = atomWithStorage<Partial<PreferenceSettings>>(
  PREFERENCES_STORAGE_KEY,
  DEFAULT_PREFERENCE_SETTINGS,
  createJSONStorage<Partial<PreferenceSettings>>(() => localStorage),
  { getOnInit: true },
);

export const preferenceSettingsAtom = atom(
  (get) => ({ ...DEFAULT_PREFERENCE_SETTINGS, ...get(storedPreferenceSettingsAtom) }),
  (get, set, change: Partial<PreferenceSettings>) =>
    set(storedPreferenceSettingsAtom, { ...DEFAULT_PREFERENCE_SETTINGS, ...get(storedPreferenceSettingsAtom), ...change }),
);
