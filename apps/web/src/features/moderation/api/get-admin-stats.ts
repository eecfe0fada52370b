import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@fenestra/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/stats (staff only): the four numbers on top of the dashboard. */
export function getAdminStats(signal?: AbortSignal) {
  return api<AdminStats>('/api/admin/stats', { signal });
}

export const adminStatsQueryKey = ['admin', 'stats'] as const;

export const adminStatsQueryOptions = queryOptions({
  queryKey: adminStatsQueryKey,
  queryFn: ({ signal }) => getAdminStats(signal),
});

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions);
}
