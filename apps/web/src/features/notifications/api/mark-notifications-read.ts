import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationList, UnreadCount } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/notifications/:id/read, or /read-all when no id is given. */
export function markNotificationsRead(id: string | null): Promise<UnreadCount> {
  const path = id ? `/api/notifications/${encodeURIComponent(id)}/read` : '/api/notifications/read-all';
  return api<UnreadCount>(path, { method: 'POST' });
}

/**
 * Marks one notification (or all) read at once on screen; the server's unread count then replaces the
 * guess, and a failure puts the list back as it was.
 */
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: async (id) => {
      await client.cancelQueries({ queryKey: queryKeys.notifications });
      const before = client.getQueryData<NotificationList>(queryKeys.notifications);
      if (before) {
        const notifications = before.notifications.map((n) => (id === null || n.id === id ? { ...n, read: true } : n));
        const newlyRead = before.notifications.filter((n) => !n.read && (id === null || n.id === id)).length;
        client.setQueryData<NotificationList>(queryKeys.notifications, {
          notifications,
          unreadCount: id === null ? 0 : Math.max(0, before.unreadCount - newlyRead),
        });
      }
      return { before };
    },
    onSuccess: ({ unreadCount }) => {
      client.setQueryData<NotificationList>(queryKeys.notifications, (list) =>
        list ? { ...list, unreadCount } : list,
      );
    },
    onError: (_error, _id, context) => {
      if (context?.before) client.setQueryData(queryKeys.notifications, context.before);
    },
  });
}
