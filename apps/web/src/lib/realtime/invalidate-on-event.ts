import type { QueryClient } from '@tanstack/react-query';
import { eventRow, isForumEventType, type ClientQuery, type ForumEvent, type Me } from '@fenestra/shared';
import { queryKeys } from '../query-keys';

/**
 * The key each query family of the event table stands for, for one event (the event's post where it names one). Here,
 * with the live updates, not in the first load's query-keys.ts.
 */
export const eventQueryKeys: { [Q in ClientQuery]: (event: ForumEvent) => readonly unknown[] } = {
  me: () => queryKeys.me,
  config: () => queryKeys.config,
  settings: () => queryKeys.settings,
  post: (event) => ('postId' in event ? queryKeys.post.one(event.postId) : queryKeys.post.all),
  replies: (event) => ('postId' in event ? queryKeys.replies.of(event.postId) : queryKeys.replies.all),
  posts: () => queryKeys.posts.all,
  bookmarks: () => queryKeys.bookmarks.all,
  members: () => queryKeys.members.all,
  notifications: () => queryKeys.notifications,
  admin: () => queryKeys.admin.all,
};

/**
 * What each live event makes stale, as its row of the event table says (FORUM_EVENTS in packages/shared:
 * `invalidates`, and `invalidatesOwn` when the `userId` it names is the signed-in member). Events carry ids only;
 * the API is asked again and checks visibility. Only queries on screen refetch at once; the rest when next shown.
 */
export function invalidateForEvent(client: QueryClient, event: ForumEvent): void {
  // A tab of an older build may hear a newer type from another tab's stream: it has no row here.
  if (!isForumEventType(event.type)) return;
  const row = eventRow(event.type);
  const own = 'userId' in event && client.getQueryData<Me | null>(queryKeys.me)?.id === event.userId;
  for (const query of [...row.invalidates, ...(own ? (row.invalidatesOwn ?? []) : [])])
    void client.invalidateQueries({ queryKey: eventQueryKeys[query](event) });
}
