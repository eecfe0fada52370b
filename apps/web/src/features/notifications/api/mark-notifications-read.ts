import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationList, UnreadCount } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { notificationsQueryKey } from './get-notifications';

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
      await client.cancelQueries({ queryKey: notificationsQueryKey });
      const before = client.getQueryData<NotificationList>(notificationsQueryKey);
      if (before) {
        const notifications = before.notifications.map((n) => (id === null || n.id === id ? { ...n, read: true } : n));
        const newlyRead = before.notifications.filter((n) => !n.read && (id === null || n.id === id)).length;
        client.setQueryData<NotificationList>(notificationsQueryKey, {
          notifications,
          unreadCount: id === null ? 0 : Math.max(0, before.unreadCount - newlyRead),
        });
      }
      return { before };
    },
    onSuccess: ({ unreadCount }) => {
      client.setQueryData<NotificationList>(notificationsQueryKey, (list) => (list ? { ...list, unreadCount } : list));
    },
    onError: (_error, _id, context) => {
      if (context?.before) client.setQueryData(notificationsQueryKey, context.before);
    },
  });
}
