import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Settings } from '@fenestra/shared';
import { api } from '../../../lib/api-client';

/** GET /api/settings: the signed-in member's own profile, email and email preferences. */
export function getSettings(signal?: AbortSignal) {
  return api<Settings>('/api/settings', { signal });
}

/** Written (not refetched) by every settings change: the form's saved values live here. */
export const settingsQueryKey = ['settings'] as const;

export const settingsQueryOptions = queryOptions({
  queryKey: settingsQueryKey,
  queryFn: ({ signal }) => getSettings(signal),
  // The form is filled once; a background refetch must not look like someone else's edit.
  refetchOnWindowFocus: false,
});

export function useSettings() {
  return useQuery(settingsQueryOptions);
}
