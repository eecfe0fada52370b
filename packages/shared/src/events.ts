
// Live updates (SPEC section 7 'Realtime'; DESIGN.md 'Contracts the features share').
//
// GET /api/events opens a Server-Sent Events stream (text/event-stream), for visitors and members alike.
// Every message is `event: <type>` + `data: <JSON payload>`; payloads carry ids only, never text: on an
// event the client refetches through the normal API, which checks visibility again. There are no event ids
// and no replay: after any (re)connect the client refetches what it shows.
//
// The first message of every stream is `stream.ready {streamId}`. The tab holding the stream tells it which
// posts are on screen (in all tabs it serves, at most 20) by replacing the whole set:
//   PUT /api/events/:streamId/posts  body WatchPostsInput  -> 204 (on any instance: it is passed on to the one
//                                                              holding the stream). 400 past 20 ids.
// `GET /api/events?posts=id1,id2` sets the first set in the same request (optional).
// `since=<ms>.<instance>` (on the GET, or `since` in the PUT's body): the tab shows a page drawn by the server
// from data read at that time (that instance's clock; the page's inlined data carries it as `data-read-at`,
// passed on as it is). The instance holding the stream
// keeps the events it heard in the last few minutes and, once the set is in place, sends `stream.refetch` only
// when one that passed since then is one this stream would have been given (`{scope: 'content'}` unless it
// concerns the member's own profile, role or session); when it cannot tell (too long ago), `stream.refetch {}`.
// Every `stream.refetch` it sends when judging carries `since` too, a stamp of that moment: a tab whose posts are not
// all watched yet sends it with its next PUT, so what passes between its refetch and its set is judged as well.
//
// Who receives what:
//   reply.created|updated|deleted, post.changed   everyone, only for the posts their stream watches (posts the
//                                                  holder may not see are dropped from the set when it is set)
//   notification.created                           the member it is for
//   pending.changed                                staff (admin, moderator), only while staff
//   profile.changed                                staff, and the member whose profile it is
//   session.revoked                                that member (ban, account deletion): the stream then closes;
//                                                  reconnect as a visitor
//   role.changed                                   that member: refetch /api/me; the stream narrows or widens at once
//   stream.refetch                                 everyone, after the server lost its event feed for a moment;
//                                                  a stream opened for a page drawn by the server (see `since`)
// A comment line (`: heartbeat`) comes every 25 seconds so proxies keep idle streams open.

export const EVENTS_PATH = '/api/events';
export const MAX_WATCHED_POSTS = 20;
export const HEARTBEAT_MS = 25_000;
/** A `since`: the time in milliseconds, and the instance whose clock it is (either may be all it says). */
export const SINCE_PATTERN = /^\d{1,15}(\.[0-9a-f]{1,16})?$/;

export interface ForumEventPayloads {
  'reply.created': { postId: string; replyId: string };
  'reply.updated': { postId: string; replyId: string };
  'reply.deleted': { postId: string; replyId: string };
  /** Any change to a post, its counts, images, tags or status, and its deletion. */
  'post.changed': { postId: string };
  'notification.created': Record<string, never>;
  /** A pending post was added, decided or deleted. */
  'pending.changed': Record<string, never>;
  'profile.changed': { userId: string };
  'session.revoked': Record<string, never>;
  'role.changed': Record<string, never>;
}
export type ForumEventType = keyof ForumEventPayloads;
export const FORUM_EVENT_TYPES = [
  'reply.created', 'reply.updated', 'reply.deleted', 'post.changed', 'notification.created',
  'pending.changed', 'profile.changed', 'session.revoked', 'role.changed',
] as const satisfies readonly ForumEventType[];

/** The stream's own messages, not about the forum's state. */
export interface StreamEventPayloads {
  'stream.ready': { streamId: string };
  /** Events may have been missed: refetch everything shown ('content': all but /api/me and /api/config). */
  'stream.refetch': { scope?: RefetchScope; since?: string };
}
export type StreamEventType = keyof StreamEventPayloads;
/** What a refetch covers: everything shown, or all but who is signed in and the site's settings. */
export type RefetchScope = 'content';

export type EventType = ForumEventType | StreamEventType;
export type EventPayloads = ForumEventPayloads & StreamEventPayloads;
/** One message as the client reads it: `{ type, ...payload }`. */
export type ForumEvent = { [K in ForumEventType]: { type: K } & ForumEventPayloads[K] }[ForumEventType];

