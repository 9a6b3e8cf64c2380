import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Competition } from '@scoreline/contracts/api/competitions';
import type { UserPreferences } from '@scoreline/contracts/api/preferences';
import { competitionsQueryKey, useCompetitions } from '@/lib/api/get-competitions';
import { getPreferences, preferencesQueryKey, updatePreferences } from '@/lib/api/preferences';
import { getStoredToken, tokenSubject, useAuthSubject } from '@/lib/auth-token';
import { competitionChoiceAtom } from './competition-choice.atom';
import { competitionCode, competitionParam, offersSeveral, reconcileCompetitionChoice, withServerCompetition } from './competition-choice';

export interface ChosenCompetition {
  /** The competition the screens show, the last element of every per-competition query key; null: the server's default. */
  code: string | null;
  /** What requests send as `?competition=` (competitionParam). */
  param: string | undefined;
}

/** The competition the fan's screens show, for their query keys and requests. */
export function useCompetition(): ChosenCompetition {
  const state = useAtomValue(competitionChoiceAtom);
  const param = competitionParam(state);
  return useMemo(() => ({ code: state.chosen, param }), [state.chosen, param]);
}

/**
 * Switches the screens to a competition at once and saves it as the fan's current competition
 * (PUT /auth/preferences/, under the settings' mutation key, so their sync waits for it). A save
 * the server refuses (a competition the fan only looks at) leaves the choice on this device: the
 * requests name it until the fan switches back. `save: false` only switches.
 */
export function useChooseCompetition(): (code: string | null, options?: { save?: boolean }) => void {
  const store = useStore();
  const queryClient = useQueryClient();
  const { mutate } = useMutation<UserPreferences, Error, string | null>({
    mutationKey: preferencesQueryKey,
    mutationFn: (code) => updatePreferences({ current_competition: code }),
    onMutate: () => void queryClient.cancelQueries({ queryKey: preferencesQueryKey }),
    onSuccess: (answer) => {
      const token = getStoredToken();
      if (token) queryClient.setQueryData([...preferencesQueryKey, tokenSubject(token)], answer);
      store.set(competitionChoiceAtom, (state) => withServerCompetition(state, answer.current_competition ?? null));
    },
  });
  return useCallback(
    (code, { save = true } = {}) => {
      const before = store.get(competitionChoiceAtom);
      if (before.chosen !== code || before.auto) store.set(competitionChoiceAtom, { ...before, chosen: code, auto: false });
      if (save && code !== before.saved && getStoredToken()) mutate(code);
    },
    [store, mutate],
  );
}

/**
 * A link that names a competition (`?competition=<code>` on any signed-in screen) switches to it,
 * as the fan would; the parameter then leaves the address, so the switcher alone says what shows.
 */
export function useCompetitionFromUrl(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const choose = useChooseCompetition();
  const params = new URLSearchParams(location.search);
  const named = params.has('competition') ? (params.get('competition') ?? '') : null;
  useEffect(() => {
    if (named === null) return;
    const code = competitionCode(named);
    if (code) choose(code);
    const rest = new URLSearchParams(location.search);
    rest.delete('competition');
    const search = rest.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true, state: location.state });
    // Once per address that names one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [named, location.key]);
}

/**
 * The fan's saved current competition as the server last answered it (GET /auth/preferences/,
 * loaded by the settings' sync, usePreferencesSync): null when none is saved (or signed out, or
 * the answer failed), undefined while it is on its way.
 */
function useSavedCompetition(): string | null | undefined {
  const subject = useAuthSubject();
  // The sync's own query (same key), only observed here: it asks, this reads.
  const preferences = useQuery({ queryKey: [...preferencesQueryKey, subject], queryFn: getPreferences, enabled: false });
  if (!subject) return null;
  if (preferences.data) return preferences.data.current_competition ?? null;
  return preferences.isError ? null : undefined;
}

/**
 * GET /competitions/ for the switcher, keeping the choice in step with it (reconcileCompetitionChoice):
 * a competition that ended is dropped, and with several on offer one is always named. With
 * nothing chosen on this device yet (a fresh one), the fan's saved choice names it: until the
 * preferences answer, nothing is named, so the first screens stay on the server's default (which
 * is that saved choice) instead of showing the first competition listed and then switching back.
 */
export function useCompetitionOptions() {
  const store = useStore();
  const state = useAtomValue(competitionChoiceAtom);
  const competitions = useCompetitions();
  const saved = useSavedCompetition();
  useEffect(() => {
    const list = competitions.data;
    if (!list) return;
    // From the choice as it is now, not as this render saw it: the sync may have just set it.
    store.set(competitionChoiceAtom, (current) => {
      if (current.chosen !== null) return reconcileCompetitionChoice(current, list);
      if (saved === undefined) return current;
      return reconcileCompetitionChoice(withServerCompetition(current, saved), list);
    });
  }, [competitions.data, saved, state, store]);
  return { competitions, choice: state };
}

/**
 * A screen about one competition's thing (a league) sets the switcher to that competition, so the
 * screens the fan opens from it show the same one. Saved as their current competition when they
 * play it (the list, if known, says so); looked at only otherwise. Nothing happens while there is
 * one competition to show: no switcher, no choice, the requests as before.
 */
export function useFollowCompetition(code: string | null | undefined): void {
  const choose = useChooseCompetition();
  const queryClient = useQueryClient();
  const state = useAtomValue(competitionChoiceAtom);
  useEffect(() => {
    if (!code || code === state.chosen) return;
    const list = queryClient.getQueryData<Competition[]>(competitionsQueryKey);
    if (!(list ? offersSeveral(list) : state.several)) return;
    choose(code, { save: list?.find((c) => c.code === code)?.playing ?? false });
    // Only when the thing's competition changes: a later switch by the fan is theirs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code]);
}
