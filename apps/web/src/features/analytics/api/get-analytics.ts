import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { periodStart, utcToday, type AnalyticsPeriod, type AnalyticsReport } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/analytics (staff only): every figure of the period, its last day today (UTC). */
export function getAnalytics(period: { from: string; to: string }, signal?: AbortSignal) {
  return api<AnalyticsReport>(`/api/admin/analytics?${new URLSearchParams(period)}`, { signal });
}

export function analyticsQueryOptions(days: AnalyticsPeriod) {
  const to = utcToday();
  const period = { from: periodStart(to, days), to };
  return queryOptions({
    queryKey: queryKeys.admin.analytics(period),
    queryFn: ({ signal }) => getAnalytics(period, signal),
    // Switching the period keeps the old charts on screen until the new numbers arrive.
    placeholderData: keepPreviousData,
  });
}

export function useAnalytics(days: AnalyticsPeriod) {
  return useQuery(analyticsQueryOptions(days));
}
