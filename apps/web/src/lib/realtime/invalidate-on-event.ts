import { isCancelledError, type InvalidateQueryFilters, type Query, type QueryClient } from '@tanstack/react-query';
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

/** Queries whose fetch was running when an event made them stale: fetched once more when it ends. */
const fetchingAgain = new WeakSet<Query>();

/**
 * Makes stale what `filters` match; those on screen refetch. A fetch already running is kept, not cancelled and
 * started again (TanStack's default): events can come faster than the API answers (a busy forum's staff hear every
 * sign-up and every new question), and each cancelling the one before, the page would never show an answer. That
 * fetch may have read before the change, so the query is fetched once more when it ends, once however many events
 * came meanwhile. A fetch cancelled by the app itself (a mutation about to write the data) only leaves it stale.
 */
export function invalidateLive(client: QueryClient, filters: InvalidateQueryFilters = {}): void {
  const running = client
    .getQueryCache()
    .findAll(filters)
    .filter((query) => query.state.fetchStatus === 'fetching');
  void client.invalidateQueries(filters, { cancelRefetch: false });
  for (const query of running) {
    const fetch = query.promise;
    if (!fetch || fetchingAgain.has(query)) continue;
    fetchingAgain.add(query);
    const again = (cancelled: boolean) => {
      fetchingAgain.delete(query);
      void client.invalidateQueries(
        { queryKey: query.queryKey, exact: true, refetchType: cancelled ? 'none' : 'active' },
        { cancelRefetch: false },
      );
    };
    fetch.then(
      () => again(false),
      (error: unknown) => again(isCancelledError(error)),
    );
  }
}

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
    invalidateLive(client, { queryKey: eventQueryKeys[query](event) });
}
