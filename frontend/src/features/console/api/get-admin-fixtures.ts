import { useQuery } from '@tanstack/react-query';
import type { AdminFixture } from '@scoreline/contracts/api/admin';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import { apiClient } from '@/lib/api-client';
import { IncompleteDataError } from '@/lib/api-error';
import { consoleQueryPrefix } from './console-query-key';

/** Every list of fixtures (any competition, any gameweek) sits under this prefix. */
export const adminFixturesQueryPrefix = [...consoleQueryPrefix, 'fixtures'] as const;
export const adminFixturesQueryKey = (competition: string, gameweek: number | null) => [...adminFixturesQueryPrefix, competition, gameweek] as const;

/** GET /admin/fixtures/?competition=&gameweek=: the active season's fixtures (of one gameweek number, or all). */
export async function getAdminFixtures(competition: string, gameweek: number | null): Promise<AdminFixture[]> {
  const answer = await apiClient.get<ApiEnvelope<AdminFixture[]> | null>('/admin/fixtures/', { query: { competition, gameweek } });
  if (!Array.isArray(answer?.data)) throw new IncompleteDataError('No fixtures data available.');
  return answer.data;
}

export function useAdminFixtures(competition: string, gameweek: number | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: adminFixturesQueryKey(competition, gameweek), queryFn: () => getAdminFixtures(competition, gameweek), enabled, staleTime: 0 });
}
