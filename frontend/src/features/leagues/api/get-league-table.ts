import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { LeagueTableQuery, LeagueTableResponse } from '@scoreline/contracts/api/tables';
import { apiClient } from '@/lib/api-client';
import { leagueQueryKey } from './get-league';

/** Every period's table of a league sits under this key (a live push refetches them all). */
export const leagueTablesQueryKey = (leagueId: number) => [...leagueQueryKey(leagueId), 'table'] as const;
export const leagueTableQueryKey = (leagueId: number, query: LeagueTableQuery) => [...leagueTablesQueryKey(leagueId), query] as const;

/** GET /leagues/{id}/table/?period=&gameweek=&month=&page=&page_size= → data. */
export async function getLeagueTable(leagueId: number, query: LeagueTableQuery): Promise<LeagueTableResponse | null> {
  const answer = await apiClient.get<ApiEnvelope<LeagueTableResponse> | null>(`/leagues/${leagueId}/table/`, {
    query: { period: query.period, gameweek: query.gameweek, month: query.month, page: query.page, page_size: query.page_size },
  });
  return answer?.data ?? null;
}

/** The previous period's rows stay on screen while the next one loads (no flash when stepping gameweeks). */
export function useLeagueTable(leagueId: number, query: LeagueTableQuery) {
  return useQuery({ queryKey: leagueTableQueryKey(leagueId, query), queryFn: () => getLeagueTable(leagueId, query), placeholderData: keepPreviousData });
}
