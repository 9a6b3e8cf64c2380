import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { isUnavailableStatus } from './server-status';

/** Reads retried while the server is out of reach (network error, 502/503/504), with growing waits. */
export const UNAVAILABLE_RETRIES = 5;

/** How often a failed read is tried again: client errors (4xx) never, an unreachable server several times, other server errors once. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  if (error instanceof ApiError && isUnavailableStatus(error.status)) return failureCount < UNAVAILABLE_RETRIES;
  return failureCount < 1;
}

/** 1 s, 2 s, 4 s, … up to 30 s. */
export function queryRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
      },
      mutations: { retry: false },
    },
  });
}
