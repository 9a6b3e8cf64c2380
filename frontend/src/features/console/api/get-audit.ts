import { useInfiniteQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { AuditEntry } from '@scoreline/contracts/api/console';
import { apiClient } from '@/lib/api-client';
import { IncompleteDataError } from '@/lib/api-error';
import { consoleQueryPrefix } from './console-query-key';

export const auditQueryKey = [...consoleQueryPrefix, 'audit'] as const;

/** Entries per page. */
export const AUDIT_PAGE_SIZE = 50;

/** GET /admin/audit/?before=&limit=: operator actions, newest first, older than entry `before` when given. */
export async function getAudit(before: number | null): Promise<AuditEntry[]> {
  const answer = await apiClient.get<ApiEnvelope<AuditEntry[]> | null>('/admin/audit/', { query: { before, limit: AUDIT_PAGE_SIZE } });
  if (!Array.isArray(answer?.data)) throw new IncompleteDataError('No audit data available.');
  return answer.data;
}

/** Pages of the audit list: "older" asks for what comes before the last entry shown; a short page is the end. */
export function useAudit() {
  return useInfiniteQuery({
    queryKey: auditQueryKey,
    queryFn: ({ pageParam }) => getAudit(pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.length < AUDIT_PAGE_SIZE ? undefined : last[last.length - 1].id),
    staleTime: 0,
  });
}
