import { useQueryClient } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_NOTIFICATION_SETTINGS, DEFAULT_PREFERENCE_SETTINGS } from '@scoreline/contracts/api/preferences';
import { competitionChoiceAtom } from '@/lib/competition/competition-choice.atom';
import { NO_COMPETITION_CHOICE } from '@/lib/competition/competition-choice';
import { notificationSettingsAtom } from '@/lib/settings/notification-settings.atom';
import { preferenceSettingsAtom } from '@/lib/settings/preference-settings.atom';
import { apiClient } from '@/lib/api-client';
import { clearStoredToken } from '@/lib/auth-token';

/**
 * Ends the session on the server (the refresh cookie stops working; not waited for: signing out
 * must work offline too), removes the stored token, forgets cached server data and the user's settings and
 * competition (the next person on this device starts from the defaults), and goes to /home.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const store = useStore();
  return useCallback(() => {
    void apiClient.post('/auth/logout/', undefined, { token: null }).catch(() => undefined);
    clearStoredToken();
    queryClient.clear();
    store.set(preferenceSettingsAtom, DEFAULT_PREFERENCE_SETTINGS);
    store.set(notificationSettingsAtom, DEFAULT_NOTIFICATION_SETTINGS);
    store.set(competitionChoiceAtom, NO_COMPETITION_CHOICE);
    navigate('/home', { replace: true });
  }, [navigate, queryClient, store]);
}
