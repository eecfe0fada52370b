import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationList } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/notifications: the latest 20, newest first, and how many of all are unread (members only). */
export const notificationsQueryOptions = queryOptions({
  queryKey: queryKeys.notifications,
  queryFn: ({ signal }) => api<NotificationList>('/api/notifications', { signal }),
});

export function useNotifications(enabled: boolean) {
  return useQuery({ ...notificationsQueryOptions, enabled });
}
