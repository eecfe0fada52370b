import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Settings } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/settings: the signed-in member's own profile, email and email preferences. */
export function getSettings(signal?: AbortSignal) {
  return api<Settings>('/api/settings', { signal });
}

export const settingsQueryOptions = queryOptions({
  queryKey: queryKeys.settings,
  queryFn: ({ signal }) => getSettings(signal),
  // The form is filled once; a background refetch must not look like someone else's edit.
  refetchOnWindowFocus: false,
});

export function useSettings() {
  return useQuery(settingsQueryOptions);
}
