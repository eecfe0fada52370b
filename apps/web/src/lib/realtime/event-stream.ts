import {
  EVENTS_PATH,
  FORUM_EVENT_TYPES,
  type EventPayloads,
  type ForumEvent,
  type ForumEventType,
  type RefetchScope,
} from '@fenestra/shared';

export interface LiveHandlers {
  /** A forum event (ids only): refetch what it touches. */
  onEvent: (event: ForumEvent) => void;
  /**
   * Events may have been missed (a reconnect, or the server lost its feed): refetch everything shown; 'content': all
   * but who is signed in and the site's settings (events passed since a page was drawn by the server, none of them
   * about the member's own profile, role or session).
   */
  onResync: (scope?: RefetchScope) => void;
}

export interface LiveConnection {
  /** The posts on screen (at most 20): the stream carries reply and post events for these only. */
  watch: (postIds: string[]) => void;
  /** Reconnect now: who is signed in changed, so the stream must be opened with the new cookie. */
  restart: () => void;
  stop: () => void;
}

const RETRY_MS = { first: 1_000, max: 30_000 };

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * One Server-Sent Events connection to GET /api/events. The first message names the stream; the set
 * of watched posts is then kept on the server with PUT /api/events/:streamId/posts. After every
 * reconnect (the browser's own retry or ours) the handlers hear `onResync`, since nothing is replayed.
 * `resyncOnFirstOpen` is for a tab taking over from another: events may have passed in between.
 * `since` is for a page drawn by the server from data read then: events may have passed before the server holds the
 * posts this tab shows. It goes with the set until the server has held the set the tab says it shows (a non-empty
 * one); the server sends `stream.refetch` if one of those events changes what the tab shows.
 */
export function openEventStream(
  handlers: LiveHandlers,
  { resyncOnFirstOpen = false, since }: { resyncOnFirstOpen?: boolean; since?: string } = {},
): LiveConnection {
  let source: EventSource | null = null;
  let streamId: string | null = null;
  let watched: string[] = [];
  let sent: string[] | null = null;
  let opened = 0;
  let retryMs = RETRY_MS.first;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  // The set the server is known to hold for this stream, and whether the tab has said what it shows.
  let held: string[] | null = null;
  let told = false;
  let sincePending = since;

  // An empty set is what a page says before its posts are on screen (hydration runs in slices): not yet held.
  const setHeld = () => told && watched.length > 0 && held !== null && sameIds(held, watched);
  const doneIfHeld = () => {
    if (sincePending !== undefined && setHeld()) sincePending = undefined;
  };
  // `since`: the server's stamp of the refetch. While the tab's posts are not all watched, what passes between the
  // refetch and the set reaches no stream: the next PUT carries the stamp so the server judges it.
  const resync = (scope?: RefetchScope, since?: string) => {
    sincePending = since !== undefined && !setHeld() ? since : undefined;
    handlers.onResync(scope);
  };

  // The stream whose PUT is on its way: one at a time, the latest set after it. Sets sent side by side could be
  // applied by the server out of order (leaving it an older set than the tab's), and ten tabs changing pages at once
  // would hold the browser's six connections to the site with PUTs while the pages' own requests wait.
  let putting: string | null = null;
  const sendWatched = () => {
    if (!streamId || putting === streamId || (sent && sameIds(sent, watched))) return;
    const forStream = streamId;
    const ids = watched;
    sent = ids;
    putting = forStream;
    const answered = () => {
      if (putting === forStream) putting = null;
    };
    void fetch(`${EVENTS_PATH}/${encodeURIComponent(forStream)}/posts`, {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ postIds: ids, since: sincePending }),
    })
      .then((response) => {
        answered();
        // A stream the server no longer holds is replaced at the next reconnect, which sends the set again.
        if (streamId !== forStream) return sendWatched();
        if (!response.ok) sent = null;
        else {
          held = ids;
          doneIfHeld();
          // What the tab said while this one was on its way.
          sendWatched();
        }
      })
      .catch(() => {
        answered();
        if (streamId === forStream) sent = null;
        else sendWatched();
      });
  };

  const connect = () => {
    if (stopped) return;
    const initial = watched;
    const params = new URLSearchParams();
    if (initial.length > 0) params.set('posts', initial.join(','));
    if (sincePending !== undefined && opened === 0) params.set('since', sincePending);
    const query = params.toString() ? `?${params}` : '';
    const next = new EventSource(`${EVENTS_PATH}${query}`, { withCredentials: true });
    source = next;
    next.addEventListener('stream.ready', (message) => {
      streamId = (JSON.parse((message as MessageEvent<string>).data) as { streamId: string }).streamId;
      sent = initial;
      held = initial;
      retryMs = RETRY_MS.first;
      opened += 1;
      sendWatched();
      if (opened > 1 || resyncOnFirstOpen) resync();
      else doneIfHeld();
    });
    next.addEventListener('stream.refetch', (message) => {
      const data = (message as MessageEvent<string>).data;
      const payload: EventPayloads['stream.refetch'] = data ? JSON.parse(data) : {};
      resync(payload.scope, payload.since);
    });
    for (const type of FORUM_EVENT_TYPES) {
      next.addEventListener(type, (message) => {
        const data = (message as MessageEvent<string>).data;
        const payload = data ? (JSON.parse(data) as object) : {};
        handlers.onEvent({ ...payload, type: type as ForumEventType } as ForumEvent);
      });
    }
    next.addEventListener('error', () => {
      streamId = null;
      held = null;
      // CONNECTING: the browser retries by itself. CLOSED (an error status): we retry, backing off.
      if (next.readyState !== EventSource.CLOSED || stopped || source !== next) return;
      clearTimeout(retryTimer);
      retryTimer = setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MS.max);
    });
  };

  connect();

  return {
    watch(postIds) {
      told = true;
      if (sameIds(postIds, watched)) return doneIfHeld();
      watched = postIds;
      sendWatched();
    },
    restart() {
      if (stopped) return;
      clearTimeout(retryTimer);
      source?.close();
      streamId = null;
      connect();
    },
    stop() {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
      source = null;
    },
  };
}
