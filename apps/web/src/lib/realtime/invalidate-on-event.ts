import type { QueryClient } from '@tanstack/react-query';
import type { ForumEvent, Me } from '@fenestra/shared';
import { meQueryKey } from '../session';

/**
 * What each live event makes stale (events carry ids only; the API is asked again and checks
 * visibility). Only queries on screen refetch at once; the rest refetch when next shown.
 */
export function invalidateForEvent(client: QueryClient, event: ForumEvent): void {
  const stale = (queryKey: readonly unknown[]) => void client.invalidateQueries({ queryKey });
  switch (event.type) {
    case 'reply.created':
    case 'reply.updated':
    case 'reply.deleted':
      stale(['replies', event.postId]);
      stale(['post', event.postId]);
      return;
    case 'post.changed':
      stale(['post', event.postId]);
      stale(['replies', event.postId]);
      stale(['posts']);
      stale(['bookmarks']);
      return;
    case 'notification.created':
      stale(['notifications']);
      return;
    case 'pending.changed':
      stale(['admin']);
      return;
    case 'profile.changed':
      stale(['members']);
      stale(['admin']);
      if (client.getQueryData<Me | null>(meQueryKey)?.id === event.userId) {
        stale(meQueryKey);
        stale(['settings']);
      }
      return;
    // A ban or account deletion: /api/me answers a visitor, and the app says the session has ended.
    case 'session.revoked':
    case 'role.changed':
      stale(meQueryKey);
      stale(['admin']);
      return;
  }
}
