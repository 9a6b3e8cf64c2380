import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useRef, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { JoinRequest, LeaderboardResponse } from '@scoreline/contracts/api/leagues';
import type { LeaderboardUpdatedPayload } from '@scoreline/contracts/live';
import { useToast } from '@/components/ui/toast';
import { useLiveEvent } from '@/lib/live';
import { leaguesOverviewQueryPrefix } from '../api/get-leagues-overview';
import { leagueDetailQueryKey, leagueQueryKey } from '../api/get-league';
import { joinRequestsQueryKey } from '../api/get-join-requests';
import { movedRowKey, movedRowsAtom, type RowMovement } from '../atoms/moved-rows.atom';
import { applyLeaderboardUpdate } from '../utils/live-leaderboard';
import { useLater } from '@/hooks/use-later';
import { useScoreMoves } from '@/hooks/use-score-moves';

/** How long a row that moved stays highlighted. */
export const MOVE_HIGHLIGHT_MS = 2500;

const sub = (leagueId: number, part: string) => ({ queryKey: [...leagueQueryKey(leagueId), part] });

/** Patches every cached page of the league's table; pages that cannot be patched are refetched. */
export function patchLeaderboards(queryClient: QueryClient, leagueId: number, payload: LeaderboardUpdatedPayload): void {
  const stale: (readonly unknown[])[] = [];
  for (const [key, data] of queryClient.getQueriesData<LeaderboardResponse | null>(sub(leagueId, 'leaderboard'))) {
    if (!data) {
      stale.push(key);
      continue;
    }
    const next = applyLeaderboardUpdate(data, payload);
    if (next === 'refetch') stale.push(key);
    else queryClient.setQueryData(key, next);
  }
  for (const key of stale) void queryClient.invalidateQueries({ queryKey: key, exact: true });
}

/**
 * Live updates of one league's page: the table re-ranks in place (rows that moved flash), the
 * activity feed refetches, the owner's pending requests gain new ones, a new member refreshes
 * the lists.
 */
export function useLeagueLive(leagueId: number) {
  const queryClient = useQueryClient();
  const setMoved = useSetAtom(movedRowsAtom);
  const later = useLater();

  // A goal is in the server's ranks at once (the table, the members list, a member's card): what
  // is shown refetches, before a small league's table push.
  const refetchSoon = useScoreMoves(() => {
    for (const part of ['leaderboard', 'members', 'member', 'member-stats', 'stats']) void queryClient.invalidateQueries(sub(leagueId, part));
  });

  useLiveEvent('leaderboard.updated', (payload) => {
    if (payload.leagueId !== leagueId) return;
    // Too many rows moved to send: a big league's goal, or a new member. Refetched with the goal's own refetch.
    if (payload.truncated) {
      refetchSoon();
      return;
    }
    patchLeaderboards(queryClient, leagueId, payload);
    void queryClient.invalidateQueries(sub(leagueId, 'members'));
    void queryClient.invalidateQueries(sub(leagueId, 'member-stats'));
    void queryClient.invalidateQueries(sub(leagueId, 'stats'));

    const moved: Record<string, RowMovement> = {};
    for (const change of payload.changed) {
      if (change.previousRank !== null && change.previousRank !== change.rank) {
        moved[movedRowKey(leagueId, change.userId)] = change.rank < change.previousRank ? 'up' : 'down';
      }
    }
    const keys = Object.keys(moved);
    if (keys.length === 0) return;
    setMoved((current) => ({ ...current, ...moved }));
    later(() => {
      setMoved((current) => {
        const next = { ...current };
        for (const key of keys) if (next[key] === moved[key]) delete next[key];
        return next;
      });
    }, MOVE_HIGHLIGHT_MS);
  });

  useLiveEvent('activity.created', (payload) => {
    if (payload.leagueId !== leagueId) return;
    void queryClient.invalidateQueries(sub(leagueId, 'activity'));
    void queryClient.invalidateQueries(sub(leagueId, 'activity-stats'));
  });

  useLiveEvent('request.created', (payload) => {
    if (payload.leagueId !== leagueId) return;
    const request: JoinRequest = {
      id: payload.requestId,
      user: payload.userId,
      username: payload.username,
      user_full_name: payload.fullName,
      message: payload.message,
      created_at: payload.createdAt,
      status: 'pending',
    };
    queryClient.setQueryData<JoinRequest[]>(joinRequestsQueryKey(leagueId), (list) =>
      list && !list.some((r) => r.id === request.id || r.user === request.user) ? [request, ...list] : list,
    );
  });

  useLiveEvent('member.joined', (payload) => {
    if (payload.leagueId !== leagueId) return;
    void queryClient.invalidateQueries({ queryKey: leagueDetailQueryKey(leagueId) });
    for (const part of ['members', 'member-stats', 'stats', 'leaderboard']) void queryClient.invalidateQueries(sub(leagueId, part));
  });
}

/**
 * Toasts about join requests, on every signed-in screen (mounted in the app layout): an owner hears of a
 * new request at once, a requester of the owner's decision.
 */
export function useLeagueRequestToasts() {
  // Not suspending: the layout (and the first screen) must not wait for texts that only a later
  // live event shows; they arrive right after mount, long before the socket can deliver one.
  const { t } = useTranslation('leagues', { useSuspense: false });
  const queryClient = useQueryClient();
  const toast = useToast();

  useLiveEvent('request.created', (payload) => {
    const who = payload.fullName.trim() || payload.username;
    toast.show(t('live.requestCreated', { who, league: payload.leagueName }), 'info');
    void queryClient.invalidateQueries({ queryKey: joinRequestsQueryKey(payload.leagueId) });
  });

  useLiveEvent('request.decided', (payload) => {
    if (payload.decision === 'approved') toast.show(t('live.requestApproved', { league: payload.leagueName }), 'success');
    else toast.show(t('live.requestDeclined', { league: payload.leagueName }), 'info');
    void queryClient.invalidateQueries({ queryKey: leaguesOverviewQueryPrefix });
    void queryClient.invalidateQueries({ queryKey: leagueQueryKey(payload.leagueId) });
  });
}

/** Live table changes reach the hub's ranks in one refetch per burst. */
export const OVERVIEW_REFRESH_DELAY_MS = 3000;

/** The hub's ranks follow the live tables: a burst of goals or updates becomes one overview refetch. */
export function useOverviewLive() {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const refreshSoon = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: leaguesOverviewQueryPrefix });
    }, OVERVIEW_REFRESH_DELAY_MS);
  };

  useLiveEvent('leaderboard.updated', refreshSoon);
  useLiveEvent('member.joined', refreshSoon);
  // A goal is in the server's ranks at once (live tables): the hub need not wait for the table's push.
  useScoreMoves(refreshSoon);
}
