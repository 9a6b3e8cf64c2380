import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@scoreline/contracts/api/preferences';

export type { NotificationSettings } from '@scoreline/contracts/api/preferences';

export const NOTIFICATIONS_STORAGE_KEY = 'scoreline.notifications';

/** Only true/false survive, defaults for the rest: the cache may hold anything. */
export function cleanNotificationSettings(raw: unknown): NotificationSettings {
  const value = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const flag = (key: keyof NotificationSettings) => (typeof value[key] === 'boolean' ? (value[key] as boolean) : DEFAULT_NOTIFICATION_SETTINGS[key]);
  return {
    gameweekDeadlines: flag('gameweekDeadlines'),
    leagueUpdates: flag('leagueUpdates'),
    matchResults: flag('matchResults'),
    weeklyDigest: flag('weeklyDigest'),
  };
}

/** This browser's copy of the server's switches (see features/settings/hooks/use-preferences.ts), shown before it answers. */
const storedNotificationSettingsAtom = atomWithStorage<Partial<NotificationSettings>>(
  NOTIFICATIONS_STORAGE_KEY,
  DEFAULT_NOTIFICATION_SETTINGS,
  createJSONStorage<Partial<NotificationSettings>>(() => localStorage),
  { getOnInit: true },
);

/** The switches in effect; writing merges a change into the cache (saving is useSavePreferences). */
export const notificationSettingsAtom = atom(
  (get) => cleanNotificationSettings(get(storedNotificationSettingsAtom)),
  (get, set, change: Partial<NotificationSettings>) =>
    set(storedNotificationSettingsAtom, cleanNotificationSettings({ ...get(storedNotificationSettingsAtom), ...change })),
);
