/**
 * TanStack Query defaults (platform-shell.md §9): cache lifetime 5 minutes, 3 retries with exponential
 * backoff from 1 s capped at 30 s. Client errors (4xx) are answers, not outages, so they are not retried.
 */
import { QueryClient } from '@tanstack/react-query';
import {
  QUERY_CACHE_LIFETIME_MS,
  QUERY_RETRY_BASE_MS,
  QUERY_RETRY_COUNT,
  QUERY_RETRY_MAX_MS,
} from '@larmor/contracts/constants';
import { ApiError } from './api-error.ts';

/** Backoff before retry number `attempt` (0-based) [ms]: 1 s, 2 s, 4 s, … capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(QUERY_RETRY_BASE_MS * 2 ** attempt, QUERY_RETRY_MAX_MS);
}

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_RETRY_COUNT;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_CACHE_LIFETIME_MS,
        gcTime: QUERY_CACHE_LIFETIME_MS,
        retry: shouldRetry,
        retryDelay,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's query client; logout clears it (platform-shell.md §2 "Logout clears the caches"). */
export const queryClient = createQueryClient();
