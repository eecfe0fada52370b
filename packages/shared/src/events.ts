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
// from data read at that time (that instance's clock; the page carries it as `data-read-at` of its
// `<template id="fenestra-read-at">`, just before `</body>`, passed on as it is). The instance holding the stream
// keeps the events it heard in the last few minutes and, once the set is in place, sends `stream.refetch` only
// when one that passed since then is one this stream would have been given (`{scope: 'content'}` unless its row's
// `catchUp` says 'all' for this stream); when it cannot tell (too long ago), `stream.refetch {}`.
// Every `stream.refetch` it sends when judging carries `since` too, a stamp of that moment: a tab whose posts are not
// all watched yet sends it with its next PUT, so what passes between its refetch and its set is judged as well.
//
// What each forum event means (who receives it, what it drops from the server's public-read cache, what the
// client refetches, how catch-up counts it) is declared ONCE, in FORUM_EVENTS below; the server
// (cache/public-cache.ts, realtime/streams.ts) and the web app (lib/realtime/invalidate-on-event.ts) only read it.
// Database triggers (and the few publishers in code) emit just the type and ids. To add an event: add its
// payload to ForumEventPayloads, and typecheck then asks for its row in FORUM_EVENTS (docs/decisions/023).
// stream.refetch (the stream's own message) reaches everyone after the server lost its event feed for a moment,
// and a stream opened for a page drawn by the server (see `since`).
// A comment line (`: heartbeat`) comes every 25 seconds so proxies keep idle streams open.

export const EVENTS_PATH = '/api/events';
export const MAX_WATCHED_POSTS = 20;
export const HEARTBEAT_MS = 25_000;
/** A `since`: the time in milliseconds, and the instance whose clock it is (either may be all it says). */
export const SINCE_PATTERN = /^\d{1,15}(\.[0-9a-f]{1,16})?$/;

/** What a flag is raised on. */
export type FlagTargetType = 'post' | 'reply';

/** Each forum event and the payload a stream sends with it (ids only). */
export interface ForumEventPayloads {
  'reply.created': { postId: string; replyId: string };
  'reply.updated': { postId: string; replyId: string };
  'reply.deleted': { postId: string; replyId: string };
  /** Any change to a post, its counts, images, tags or status, and its deletion. */
  'post.changed': { postId: string };
  /** A question became public (approved, or public at once): the home list offers it (issue 25). */
  'post.published': { postId: string };
  'notification.created': Record<string, never>;
  /** A pending post was added, decided or deleted. */
  'pending.changed': Record<string, never>;
  'profile.changed': { userId: string };
  'session.revoked': Record<string, never>;
  'role.changed': Record<string, never>;
  /** A flag on a post or reply was raised or decided (wave 3: the staff's flag queue). */
  'flag.changed': { targetType: FlagTargetType; targetId: string };
  /** The site's settings changed (wave 3): every client refetches the public config. */
  'settings.changed': Record<string, never>;
  /** Staff named a part or merged two part numbers (issue 27): its part pages and feeds change. */
  'part.changed': { partKey: string };
  /** The similar-questions job stored new lists (issue 28): every post's similar questions may have changed. */
  'similar.changed': Record<string, never>;
}
export type ForumEventType = keyof ForumEventPayloads;
/** Every field any forum event's payload has (ids, and a flag's target type). */
export type ForumEventField = {
  [K in ForumEventType]: string extends keyof ForumEventPayloads[K] ? never : keyof ForumEventPayloads[K] & string;
}[ForumEventType];

/**
 * Who hears an event on a stream (a stream hears it when it is any of these):
 * - `watchers`: streams watching the event's post (`postId`; a stream never watches a post its holder may not see)
 * - `member`: the streams of the member the event names (on the bus `to`, else `userId`)
 * - `staff`: streams of staff (admin, moderator), only while staff
 * - `visitors`: streams of no member (a page drawn for a member whose session has just ended may be one)
 * - `everyone`: every stream
 */
export type EventAudience = 'watchers' | 'member' | 'staff' | 'visitors' | 'everyone';

/**
 * The server's public-read cache tags (apps/server/src/cache/public-cache.ts TAGS): `post` is the event's post's
 * (`post:<postId>`), `member` the member's it names (`member:<id>`), `pages` every answer made of many posts' text and
 * replies (sitemaps, feeds, part pages: decision 034), `similar` every answer showing a post's stored similar
 * questions (decision 040). A tag whose id the event lacks drops everything.
 */
export type CacheTagKind = 'lists' | 'profiles' | 'search' | 'post' | 'member' | 'pages' | 'similar';

/**
 * The web app's query families (apps/web/src/lib/query-keys.ts gives each its key): `post` and `replies` are the
 * event's post's (all of them when it names none); the others are every query under that name.
 */
export type ClientQuery =
  'me' | 'config' | 'settings' | 'post' | 'replies' | 'posts' | 'bookmarks' | 'members' | 'notifications' | 'admin';

/** What a stream refetches: 'content' all but /api/me and /api/config, 'all' everything. */
export type CatchUpScope = 'content' | 'all';

/** A field of K's payload; for a row read without its type (`eventRow`), any name. */
type PayloadField<K extends ForumEventType> = ForumEventType extends K ? string : keyof ForumEventPayloads[K] & string;

/** One row of the event table: everything an event type means. */
export interface EventRow<K extends ForumEventType = ForumEventType> {
  /** The fields of its payload, in the order a stream sends them (the bus may carry more: `to`, `sessionId`). */
  payload: readonly PayloadField<K>[];
  /** The public-read cache tags it drops on every instance; 'all' empties the cache. */
  drops: readonly CacheTagKind[] | 'all';
  /** Who hears it on a stream. */
  to: readonly EventAudience[];
  /**
   * What the stream does besides sending it: 'close' ends each stream it reaches after sending it (only the
   * streams of the session it names, when it names one); 'reread' re-reads the member's role and ban first: the
   * stream narrows or widens at once, and a member who may no longer hold one gets `session.revoked` and is closed.
   */
  onStream?: 'close' | 'reread';
  /** The client's queries it makes stale (those on screen refetch at once). */
  invalidates: readonly ClientQuery[];
  /** Also stale when the `userId` it names is the signed-in member. */
  invalidatesOwn?: readonly ClientQuery[];
  /**
   * Catch-up (a stream opened for a page drawn by the server, `since`): an event heard in between counts for the
   * streams named here, and they refetch this much ('all' wins). Empty: it never makes a page refetch.
   */
  catchUp: Readonly<Partial<Record<EventAudience, CatchUpScope>>>;
}

const replyRow = {
  payload: ['postId', 'replyId'],
  drops: ['post', 'profiles', 'search', 'pages'],
  to: ['watchers'],
  invalidates: ['replies', 'post'],
  catchUp: { watchers: 'content' },
} as const;

/**
 * THE EVENT TABLE: one row per forum event type (typecheck fails on a type without a row, or a row without a type).
 * DESIGN.md 'Contracts the features share' and 'Added for the community features' name the events.
 */
export const FORUM_EVENTS = {
  'reply.created': replyRow,
  'reply.updated': replyRow,
  'reply.deleted': replyRow,
  // A post's change may move or add a row in any list, change reply and helpful counts on profiles, and results.
  'post.changed': {
    payload: ['postId'],
    drops: ['lists', 'profiles', 'search', 'post', 'pages'],
    to: ['watchers'],
    invalidates: ['post', 'replies', 'posts', 'bookmarks'],
    catchUp: { watchers: 'content' },
  },
  // Everyone hears it, and nothing refetches: the home list shows a 'N new questions' bar and inserts them when asked.
  // Its post.changed (same transaction) already drops the lists from the cache.
  'post.published': {
    payload: ['postId'],
    drops: [],
    to: ['everyone'],
    invalidates: [],
    catchUp: {},
  },
  'notification.created': {
    payload: [],
    drops: [],
    to: ['member'],
    invalidates: ['notifications'],
    catchUp: { member: 'content' },
  },
  'pending.changed': {
    payload: [],
    drops: [],
    to: ['staff'],
    invalidates: ['admin'],
    catchUp: { staff: 'content' },
  },
  // Staff list members; the member's own /api/me and settings show their profile too.
  'profile.changed': {
    payload: ['userId'],
    drops: ['member'],
    to: ['staff', 'member'],
    invalidates: ['members', 'admin'],
    invalidatesOwn: ['me', 'settings'],
    catchUp: { member: 'all', staff: 'content' },
  },
  // A ban, account deletion or sign-out: /api/me answers a visitor, and the app says the session has ended.
  'session.revoked': {
    payload: [],
    drops: ['member'],
    to: ['member'],
    onStream: 'close',
    invalidates: ['me', 'admin'],
    catchUp: { member: 'all', visitors: 'all' },
  },
  'role.changed': {
    payload: [],
    drops: ['member'],
    to: ['member'],
    onStream: 'reread',
    invalidates: ['me', 'admin'],
    catchUp: { member: 'all', visitors: 'all' },
  },
  // Hiding or deleting flagged content changes the post or reply itself: their own events carry that.
  'flag.changed': {
    payload: ['targetType', 'targetId'],
    drops: [],
    to: ['staff'],
    invalidates: ['admin'],
    catchUp: { staff: 'content' },
  },
  // Settings may change what any page shows: the cache is emptied, and every client refetches the public config.
  'settings.changed': {
    payload: [],
    drops: 'all',
    to: ['everyone'],
    invalidates: ['config'],
    catchUp: { everyone: 'all' },
  },
  // A part's name or merge shows on its page, its feeds and the sitemap; no stream watches a part.
  'part.changed': {
    payload: ['partKey'],
    drops: ['pages'],
    to: [],
    invalidates: ['posts'],
    catchUp: {},
  },
  // The job that keeps similar questions stored a batch of lists (one event a batch, naming no post: decision 040).
  // A listed post's own change drops them through its post.changed (their entries carry its `post:<id>`).
  'similar.changed': {
    payload: [],
    drops: ['similar'],
    to: [],
    invalidates: [],
    catchUp: {},
  },
} as const satisfies { [K in ForumEventType]: EventRow<K> };

/** A payload field its row does not list (none may be: a stream sends only the fields listed). */
type UnlistedField = {
  [K in ForumEventType]: string extends keyof ForumEventPayloads[K]
    ? never
    : Exclude<keyof ForumEventPayloads[K] & string, (typeof FORUM_EVENTS)[K]['payload'][number]>;
}[ForumEventType];
/** Fails typecheck while a row leaves out a field of its payload. */
export type EveryPayloadFieldListed = NoneOf<UnlistedField>;
type NoneOf<T extends never> = T;

export const FORUM_EVENT_TYPES = Object.keys(FORUM_EVENTS) as ForumEventType[];

/** Whether a type (read from the bus or a stream) is a forum event this build knows. */
export const isForumEventType = (type: string): type is ForumEventType => Object.hasOwn(FORUM_EVENTS, type);

/** An event type's row, typed for code that handles every type alike. */
export const eventRow = (type: ForumEventType): EventRow => FORUM_EVENTS[type] as EventRow;

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
export type ForumEvent = {
  [K in ForumEventType]: { type: K } & (string extends keyof ForumEventPayloads[K] ? unknown : ForumEventPayloads[K]);
}[ForumEventType];
