import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/stats (staff only): the four numbers on top of the dashboard. */
export function getAdminStats(signal?: AbortSignal) {
  return api<AdminStats>('/api/admin/stats', { signal });
}

export const adminStatsQueryOptions = queryOptions({
  queryKey: queryKeys.admin.stats,
  queryFn: ({ signal }) => getAdminStats(signal),
});

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions);
}
