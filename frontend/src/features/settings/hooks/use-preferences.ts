import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSetAtom, useStore } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationSettings, PreferenceSettings, UpdateUserPreferencesRequest, UserPreferences } from '@scoreline/contracts/api/preferences';
import { useToast } from '@/components/ui/toast';
import { getServerMessage } from '@/lib/api-error';
import { getStoredToken, tokenSubject, useAuthSubject } from '@/lib/auth-token';
import { getPreferences, preferencesQueryKey, updatePreferences } from '@/lib/api/preferences';
import { competitionChoiceAtom } from '@/lib/competition/competition-choice.atom';
import { withServerCompetition } from '@/lib/competition/competition-choice';
import { notificationSettingsAtom } from '@/lib/settings/notification-settings.atom';
import { preferenceSettingsAtom } from '@/lib/settings/preference-settings.atom';

/**
 * Mounted once for the whole app: while signed in, loads the user's settings from the server
 * into the atoms (and so into the localStorage cache), the current competition included (the
 * switcher's choice, lib/competition). Held back while a save is on its way, so
 * an answer to an earlier save cannot undo a later optimistic change; once saves settle, the
 * server's last word wins (which also undoes a failed save).
 */
export function usePreferencesSync(): void {
  const subject = useAuthSubject();
  const query = useQuery({
    queryKey: [...preferencesQueryKey, subject],
    queryFn: getPreferences,
    enabled: Boolean(subject),
  });
  const saving = useIsMutating({ mutationKey: preferencesQueryKey });
  const setPreferences = useSetAtom(preferenceSettingsAtom);
  const setNotifications = useSetAtom(notificationSettingsAtom);
  const setCompetition = useSetAtom(competitionChoiceAtom);

  useEffect(() => {
    if (!query.data || saving > 0) return;
    setPreferences(query.data.preferences);
    setNotifications(query.data.notifications);
    const current = query.data.current_competition ?? null;
    setCompetition((state) => withServerCompetition(state, current));
  }, [query.data, saving, setPreferences, setNotifications, setCompetition]);
}

interface Snapshot {
  preferences: PreferenceSettings;
  notifications: NotificationSettings;
}

/** The fields of `change` whose current value is still the one `change` set. */
function stillOurs<T extends object>(current: T, change: Partial<T> | undefined): (keyof T)[] {
  if (!change) return [];
  return (Object.keys(change) as (keyof T)[]).filter((key) => current[key] === change[key]);
}

/**
 * Changes settings at once on screen (optimistic) and saves the change to the server. A failed
 * save puts back the fields it changed (unless changed again since) and says why. Signed out,
 * the change only stays in this browser.
 */
export function useSavePreferences(): (change: UpdateUserPreferencesRequest) => void {
  const store = useStore();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { t } = useTranslation('settings');
  const mutation = useMutation<UserPreferences | null, Error, UpdateUserPreferencesRequest, Snapshot>({
    mutationKey: preferencesQueryKey,
    mutationFn: (change) => (getStoredToken() ? updatePreferences(change) : Promise.resolve(null)),
    onMutate: (change) => {
      // A load already on its way holds the old values: it must not land after this save's
      // answer. The cancel takes effect at once; the change still shows in this same tick.
      void queryClient.cancelQueries({ queryKey: preferencesQueryKey });
      const before = { preferences: store.get(preferenceSettingsAtom), notifications: store.get(notificationSettingsAtom) };
      if (change.preferences) store.set(preferenceSettingsAtom, change.preferences);
      if (change.notifications) store.set(notificationSettingsAtom, change.notifications);
      return before;
    },
    onSuccess: (answer) => {
      const token = getStoredToken();
      if (answer && token) queryClient.setQueryData([...preferencesQueryKey, tokenSubject(token)], answer);
    },
    onError: (error, change, before) => {
      if (before) {
        const preferences = store.get(preferenceSettingsAtom);
        const notifications = store.get(notificationSettingsAtom);
        const undoPreferences = stillOurs(preferences, change.preferences);
        const undoNotifications = stillOurs(notifications, change.notifications);
        if (undoPreferences.length > 0) {
          store.set(preferenceSettingsAtom, Object.fromEntries(undoPreferences.map((key) => [key, before.preferences[key]])));
        }
        if (undoNotifications.length > 0) {
          store.set(notificationSettingsAtom, Object.fromEntries(undoNotifications.map((key) => [key, before.notifications[key]])));
        }
      }
      toast.show(getServerMessage(error) ?? t('preferences.saveFailed'), 'error');
      void queryClient.invalidateQueries({ queryKey: preferencesQueryKey });
    },
  });
  return mutation.mutate;
}
