import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { LeaguePlayerProfile } from '@scoreline/contracts/api/leagues';
import { apiClient } from '@/lib/api-client';

export const playerProfileQueryKey = (leagueId: string, player: string) => ['player-profile', leagueId, player] as const;

/** GET /leagues/{id}/players/{player}/ — {player} is a user id or a username. */
export async function getPlayerProfile(leagueId: string, player: string): Promise<LeaguePlayerProfile> {
  const answer = await apiClient.get<ApiEnvelope<LeaguePlayerProfile> | null>(
    `/leagues/${encodeURIComponent(leagueId)}/players/${encodeURIComponent(player)}/`,
  );
  if (!answer?.data?.player) throw new Error('Player not found');
  return answer.data;
}

export function usePlayerProfile(leagueId: string | undefined, player: string | undefined) {
  return useQuery({
    queryKey: playerProfileQueryKey(leagueId ?? '', player ?? ''),
    queryFn: () => getPlayerProfile(leagueId!, player!),
    enabled: Boolean(leagueId && player),
  });
}
