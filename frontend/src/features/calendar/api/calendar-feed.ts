import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedSettings } from '@scoreline/contracts/api/calendar';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import { apiClient } from '@/lib/api-client';

export const calendarFeedQueryKey = ['calendar-feed'] as const;

/** GET /calendar/feed/: the fan's secret feed URL (made on first use). */
export async function getCalendarFeed(): Promise<CalendarFeedSettings> {
  return (await apiClient.get<ApiEnvelope<CalendarFeedSettings>>('/calendar/feed/')).data;
}

export function useCalendarFeed() {
  return useQuery({ queryKey: calendarFeedQueryKey, queryFn: getCalendarFeed });
}

/** PUT /calendar/feed/ {include_club_kickoffs}. */
export function useUpdateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (include: boolean) => (await apiClient.put<ApiEnvelope<CalendarFeedSettings>>('/calendar/feed/', { include_club_kickoffs: include })).data,
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQueryKey, feed),
  });
}

/** POST /calendar/feed/rotate/ {replaces}: a new URL; a double click still makes only one. */
export function useRotateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (replaces: string) => (await apiClient.post<ApiEnvelope<CalendarFeedSettings>>('/calendar/feed/rotate/', { replaces })).data,
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQueryKey, feed),
  });
}
