import { useInfiniteQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import {
  ACTIVITY_DEFAULT_PAGE_SIZE,
  type ActivityCategory,
  type ActivityDays,
  type ActivityFeed,
  type ActivityFeedResponse,
  type ActivityImportance,
} from '@scoreline/contracts/api/leagues';
import { apiClient } from '@/lib/api-client';
import { leagueQueryKey } from './get-league';

export interface ActivityFilters {
  category?: ActivityCategory;
  importance?: ActivityImportance;
  days: ActivityDays;
}

export const activityFeedQueryKey = (leagueId: number, filters?: ActivityFilters) =>
  filters ? ([...leagueQueryKey(leagueId), 'activity', filters] as const) : ([...leagueQueryKey(leagueId), 'activity'] as const);

const EMPTY_FEED = (page: number): ActivityFeed => ({
  activities: [],
  total_count: 0,
  has_next: false,
  has_previous: page > 1,
  page,
  page_size: ACTIVITY_DEFAULT_PAGE_SIZE,
});

/** GET /leagues/{id}/activity/?category=&importance=&days=&page=&page_size=10 → data.feed. */
export async function getActivityFeed(leagueId: number, filters: ActivityFilters, page: number): Promise<ActivityFeed> {
  const answer = await apiClient.get<ApiEnvelope<ActivityFeedResponse> | null>(`/leagues/${leagueId}/activity/`, {
    query: {
      category: filters.category,
      importance: filters.importance,
      days: filters.days,
      page,
      page_size: ACTIVITY_DEFAULT_PAGE_SIZE,
    },
  });
  const feed = answer?.data?.feed;
  return feed && Array.isArray(feed.activities) ? feed : EMPTY_FEED(page);
}

/**
 * The feed as pages: new filters make a new key, so a filter change starts again at page 1;
 * fetchNextPage loads the next page while has_next is true.
 */
export function useActivityFeed(leagueId: number, filters: ActivityFilters, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: activityFeedQueryKey(leagueId, filters),
    queryFn: ({ pageParam }) => getActivityFeed(leagueId, filters, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_next ? (last.page ?? 1) + 1 : undefined),
    enabled,
  });
}
