import { useEffect, useRef } from 'react';
import { matchMutation, useQueryClient } from '@tanstack/react-query';
import { SINCE_PATTERN } from '@fenestra/shared';
import { sessionRenewalKey, useMe } from '../session';
import type { LiveConnection } from './event-stream';
import { invalidateForEvent, invalidateLive } from './invalidate-on-event';
import { announceForumEvent } from './forum-event-listeners';
import { connectLiveUpdates } from './shared-stream';
import { watchedPostIds } from './watched-posts';
import { queryKeys } from '../query-keys';

/** A refetch of the content leaves who is signed in and the site's settings alone. */
const keptOnContentRefetch = new Set<unknown>([queryKeys.me[0], queryKeys.config[0]]);

/** When the data of a page drawn by the server was read (as the server says it); '0' if it does not say (then all is refetched). */
function serverDataReadAt(): string | undefined {
  if (!document.getElementById('fenestra-data')) return undefined;
  // Near the page's end, apart from its data: a kept page is compressed once up to it (decision 046).
  const readAt = document.getElementById('fenestra-read-at')?.dataset.readAt ?? '';
  return SINCE_PATTERN.test(readAt) ? readAt : '0';
}

// Query cache changes come in bursts (a page load starts several queries): tell the stream once.
const WATCH_SETTLE_MS = 50;

/**
 * Keeps this tab live: listens to the browser's one event stream, refetches what each event touches
 * (everything after a reconnect), tells the stream which posts the tab shows, and reopens it when
 * who is signed in changes. Renders nothing.
 */
export function LiveUpdates() {
  const client = useQueryClient();
  const { me, isLoading } = useMe();
  const connection = useRef<LiveConnection | null>(null);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const live = connectLiveUpdates(
      {
        onEvent: (event) => {
          invalidateForEvent(client, event);
          announceForumEvent(event);
        },
        onResync: (scope) =>
          invalidateLive(
            client,
            scope === 'content' ? { predicate: (query) => !keptOnContentRefetch.has(query.queryKey[0]) } : {},
          ),
      },
      // A page drawn by the server may have missed events between its drawing and this stream: the server tells.
      { since: serverDataReadAt() },
    );
    connection.current = live;
    // A new session (a password change): the stream reopens with it, as the old one's end closed it.
    const renewed = client.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (matchMutation({ mutationKey: sessionRenewalKey }, event.mutation)) live.restart();
    });
    const cache = client.getQueryCache();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const updateWatched = () => {
      clearTimeout(timer);
      timer = setTimeout(() => live.watch(watchedPostIds(cache)), WATCH_SETTLE_MS);
    };
    updateWatched();
    const unsubscribe = cache.subscribe(updateWatched);
    return () => {
      clearTimeout(timer);
      unsubscribe();
      renewed();
      live.stop();
      connection.current = null;
    };
  }, [client]);

  // undefined while /api/me has not answered; then the member's id, or null for a visitor.
  const identity = isLoading ? undefined : (me?.id ?? null);
  const lastIdentity = useRef(identity);
  useEffect(() => {
    if (identity === undefined) return;
    if (lastIdentity.current !== undefined && lastIdentity.current !== identity) connection.current?.restart();
    lastIdentity.current = identity;
  }, [identity]);

  return null;
}
