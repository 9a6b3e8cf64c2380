import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { DEFAULT_PREFERENCE_SETTINGS, type PreferenceSettings } from '@scoreline/contracts/api/preferences';
import { cleanPreferenceSettings, PREFERENCES_STORAGE_KEY } from './preference-cache';

export type { LanguageSetting, PreferenceSettings, ThemeSetting, TimezoneSetting } from '@scoreline/contracts/api/preferences';

export { cleanPreferenceSettings, PREFERENCES_STORAGE_KEY };

/**
 * This browser's copy of the server's settings (GET/PUT /auth/preferences/, see
 * features/settings/hooks/use-preferences.ts): shown at once on the next visit, before the server answers.
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
    set(storedPreferenceSettingsAtom, cleanPreferenceSettings({ ...get(storedPreferenceSettingsAtom), ...change })),
);
