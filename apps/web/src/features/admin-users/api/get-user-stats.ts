import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserStats } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/users/stats (staff only): the four cards on top of user management. */
export function getUserStats(signal?: AbortSignal) {
  return api<UserStats>('/api/admin/users/stats', { signal });
}

export function useUserStats() {
  return useQuery(queryOptions({ queryKey: queryKeys.admin.userStats, queryFn: ({ signal }) => getUserStats(signal) }));
}
