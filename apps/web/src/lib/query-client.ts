import { QueryClient } from '@tanstack/react-query';
import { ApiError, setUnauthorizedListener } from './api-client';
import { handleUnauthorized } from './session';

/** One client per app (and per test): every 401 from any call goes through `handleUnauthorized`. */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change on retry; a network blip or 5xx might.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
  setUnauthorizedListener(() => handleUnauthorized(client));
  return client;
}
