import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';

/** Client errors (4xx) are answers, not accidents: they are never retried. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
