import { MAX_WATCHED_POSTS, type ForumEvent, type RefetchScope } from '@fenestra/shared';
import { openEventStream, type LiveConnection, type LiveHandlers } from './event-stream';

const LOCK_NAME = 'fenestra-live-stream';
const CHANNEL_NAME = 'fenestra-live';

/** What the tabs of one browser say to each other. */
type TabMessage =
  | { kind: 'event'; event: ForumEvent }
  | { kind: 'resync'; scope?: RefetchScope }
  /** A tab's posts on screen, for the tab holding the stream. */
  | { kind: 'watch'; tabId: string; postIds: string[] }
  | { kind: 'closed'; tabId: string }
  /** From a new holder: every tab, say again what you show. */
  | { kind: 'hello' }
  /** Who is signed in changed: the holder reopens the stream with the new cookie. */
  | { kind: 'restart' };

export const canShareStream = () =>
  typeof BroadcastChannel === 'function' &&
  typeof navigator !== 'undefined' &&
  typeof navigator.locks?.request === 'function';

/**
 * One event stream per browser, not per tab (Chromium allows six HTTP/1.1 connections per host, so
 * ten tabs each holding a stream would starve the pages' own requests). The tab holding a Web Lock
 * opens the stream and passes every event to the others over a BroadcastChannel; the others tell it
 * which posts they show. When it closes, the lock passes to another tab, which opens a new stream and
 * has every tab refetch. Without Web Locks or BroadcastChannel, each tab opens its own stream.
 */
export function connectLiveUpdates(handlers: LiveHandlers, { since }: { since?: string } = {}): LiveConnection {
  if (!canShareStream()) return openEventStream(handlers, { since });

  const tabId = crypto.randomUUID();
  const channel = new BroadcastChannel(CHANNEL_NAME);
  // Held by the stream-holding tab: each tab's posts, this tab's first, in the order they last changed.
  const tabsWatching = new Map<string, string[]>();
  let ownPosts: string[] = [];
  let stream: LiveConnection | null = null;
  let releaseLock: (() => void) | undefined;
  let stopped = false;
  // A page drawn by the server: the stream this tab opens asks the server whether to refetch (see openEventStream);
  // when another tab holds the stream, this tab refetches once its posts reach that tab (no ring to ask for them).
  let ownTold = false;
  let resyncPending = since !== undefined;
  let anotherTabHolds = false;
  const resyncIfAnotherHolds = () => {
    if (!resyncPending || ownPosts.length === 0 || !anotherTabHolds) return;
    resyncPending = false;
    handlers.onResync();
  };

  const post = (message: TabMessage) => channel.postMessage(message);

  const combinedPosts = () => {
    const ids = new Set(ownPosts);
    for (const [otherTab, postIds] of [...tabsWatching].reverse()) {
      if (otherTab === tabId) continue;
      for (const id of postIds) ids.add(id);
    }
    return [...ids].slice(0, MAX_WATCHED_POSTS);
  };

  const becomeHolder = (tookOver: boolean) => {
    stream = openEventStream(
      {
        onEvent: (event) => {
          handlers.onEvent(event);
          post({ kind: 'event', event });
        },
        onResync: (scope) => {
          handlers.onResync(scope);
          post({ kind: 'resync', scope });
        },
      },
      { resyncOnFirstOpen: tookOver, since: resyncPending ? since : undefined },
    );
    resyncPending = false;
    // Until this tab says what it shows, an empty set would count as what it shows.
    if (ownTold || tabsWatching.size > 0) stream.watch(combinedPosts());
    post({ kind: 'hello' });
  };

  channel.onmessage = ({ data }: MessageEvent<TabMessage>) => {
    switch (data.kind) {
      case 'event':
        return handlers.onEvent(data.event);
      case 'resync':
        return handlers.onResync(data.scope);
      case 'hello':
        return post({ kind: 'watch', tabId, postIds: ownPosts });
      case 'watch':
        tabsWatching.delete(data.tabId);
        tabsWatching.set(data.tabId, data.postIds);
        return stream?.watch(combinedPosts());
      case 'closed':
        tabsWatching.delete(data.tabId);
        return stream?.watch(combinedPosts());
      case 'restart':
        return stream?.restart();
    }
  };

  const holdUntilReleased = () =>
    new Promise<void>((resolve) => {
      releaseLock = resolve;
    });

  // First try without waiting: a tab that has to wait is taking over from another later on.
  void navigator.locks
    .request(LOCK_NAME, { ifAvailable: true }, (lock) => {
      if (!lock || stopped) return null;
      becomeHolder(false);
      return holdUntilReleased();
    })
    .then((held) => {
      if (held !== null || stopped) return;
      anotherTabHolds = true;
      resyncIfAnotherHolds();
      return navigator.locks.request(LOCK_NAME, () => {
        if (stopped) return;
        anotherTabHolds = false;
        becomeHolder(true);
        return holdUntilReleased();
      });
    });

  const onPageHide = () => post({ kind: 'closed', tabId });
  window.addEventListener('pagehide', onPageHide);

  return {
    watch(postIds) {
      ownPosts = postIds;
      ownTold = true;
      if (stream) return stream.watch(combinedPosts());
      post({ kind: 'watch', tabId, postIds });
      // Another tab holds the stream: from here on its events reach this tab.
      resyncIfAnotherHolds();
    },
    restart() {
      if (stream) stream.restart();
      else post({ kind: 'restart' });
    },
    stop() {
      stopped = true;
      window.removeEventListener('pagehide', onPageHide);
      post({ kind: 'closed', tabId });
      stream?.stop();
      stream = null;
      releaseLock?.();
      channel.close();
    },
  };
}
