import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserStats } from '@fenestra/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/users/stats (staff only): the four cards on top of user management. */
export function getUserStats(signal?: AbortSignal) {
  return api<UserStats>('/api/admin/users/stats', { signal });
}

export const userStatsQueryKey = ['admin', 'user-stats'] as const;

export function useUserStats() {
  return useQuery(queryOptions({ queryKey: userStatsQueryKey, queryFn: ({ signal }) => getUserStats(signal) }));
}
