import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';

/** Notification toggles: kept in this browser only, never sent to the server (spec section 3). */
export interface NotificationSettings {
  gameweekDeadlines: boolean;
  leagueUpdates: boolean;
  matchResults: boolean;
  weeklyDigest: boolean;
}

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  gameweekDeadlines: true,
  leagueUpdates: true,
  matchResults: false,
  weeklyDigest: true,
};

const storedNotificationSettingsAtom = atomWithStorage<Partial<NotificationSettings>>(
  'scoreline.notifications',
  DEFAULT_NOTIFICATION_SETTINGS,
  createJSONStorage<Partial<NotificationSettings>>(() => localStorage),
  { getOnInit: true },
);

/** The settings with defaults for anything not stored yet; writing merges a change in. */
export const notificationSettingsAtom = atom(
  (get) => ({ ...DEFAULT_NOTIFICATION_SETTINGS, ...get(storedNotificationSettingsAtom) }),
  (get, set, change: Partial<NotificationSettings>) =>
    set(storedNotificationSettingsAtom, { ...DEFAULT_NOTIFICATION_SETTINGS, ...get(storedNotificationSettingsAtom), ...change }),
);
