import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { NotificationFilter, NotificationPage } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/notifications/page: every notification through a filter, newest first, 20 a page. */
export function getNotificationPage(filter: NotificationFilter, cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ filter });
  if (cursor) query.set('cursor', cursor);
  return api<NotificationPage>(`/api/notifications/page?${query}`, { signal });
}

/** Under the bell's key: a new notification (notification.created) and marking read refresh it too. */
export function useNotificationPage(filter: NotificationFilter) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: queryKeys.notificationPage(filter),
      queryFn: ({ pageParam, signal }) => getNotificationPage(filter, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    }),
  );
}
