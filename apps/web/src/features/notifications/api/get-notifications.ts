import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationList } from '@fenestra/shared';
import { api } from '../../../lib/api-client';

export const notificationsQueryKey = ['notifications'] as const;

/** GET /api/notifications: the latest 20, newest first, and how many of all are unread (members only). */
export const notificationsQueryOptions = queryOptions({
  queryKey: notificationsQueryKey,
  queryFn: ({ signal }) => api<NotificationList>('/api/notifications', { signal }),
});

export function useNotifications(enabled: boolean) {
  return useQuery({ ...notificationsQueryOptions, enabled });
}
