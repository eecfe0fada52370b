/**
 * Every query key of the web app, and nowhere else spelled out. A key is a path: invalidating a prefix (`posts.all`)
 * makes every query under it stale. The live events' `invalidates` (FORUM_EVENTS in packages/shared) name the
 * families below; `eventQueryKeys` (lib/realtime/invalidate-on-event.ts) says which key each stands for.
 */
export const queryKeys = {
  /** Who is signed in: GET /api/me. */
  me: ['me'],
  /** The public configuration: GET /api/config. */
  config: ['config'],
  /** The member's own settings: written (not refetched) by every settings change, the form's saved values live here. */
  settings: ['settings'],
  notifications: ['notifications'],
  /** A page of /notifications: under the bell's key, so a new notification and 'mark all' refresh both. */
  notificationPage: (filter: string) => ['notifications', 'page', filter] as const,
  /** How far the member had read a post when its page opened (kept while the page is open: the 'New' divider). */
  readMark: (postId: string) => ['read-mark', postId] as const,
  /** A photo on the ask form, read before its question is posted: GET /api/uploads/:id/detection. */
  draftDetection: (uploadId: string) => ['draft-detection', uploadId] as const,
  post: {
    /** Every post page's data. */
    all: ['post'],
    one: (id: string) => ['post', id] as const,
    /** Under the post's key: a post.changed event refetches them with it. */
    revisions: (id: string) => ['post', id, 'revisions'] as const,
  },
  replies: {
    all: ['replies'],
    of: (postId: string) => ['replies', postId] as const,
    /** Under the post's replies: reply events refetch them with the replies. */
    revisions: (postId: string, replyId: string) => ['replies', postId, 'revisions', replyId] as const,
    helpfulMarks: (postId: string) => ['replies', postId, 'helpful-marks'] as const,
  },
  /** Every list of posts lives under ['posts', ...]: a like or a new post updates or invalidates them all at once. */
  posts: {
    all: ['posts'],
    list: <P>(params: P) => ['posts', 'list', params] as const,
    search: <P>(params: P) => ['posts', 'search', params] as const,
    similar: (postId: string) => ['posts', 'similar', postId] as const,
    /** Replies new to the member on the posts of a list (the cards' 'N new'): any post change refreshes them. */
    newReplies: (ids: readonly string[]) => ['posts', 'new-replies', ids] as const,
    member: (username: string) => ['posts', 'member', username.toLowerCase()] as const,
    /** A part page and the part pages a search finds: under posts, so any post change refetches them. */
    part: (key: string) => ['posts', 'part', key] as const,
    partMatches: (q: string) => ['posts', 'part-matches', q] as const,
    /** Every tag with its count (/tags, the ask form's suggestions). */
    tags: ['posts', 'tags'] as const,
  },
  bookmarks: {
    /** Every bookmarks list; also the key of the member's own. */
    all: ['bookmarks'],
    member: (username: string) => ['bookmarks', 'member', username.toLowerCase()] as const,
  },
  members: {
    all: ['members'],
    profile: (username: string) => ['members', username.toLowerCase(), 'profile'] as const,
    replies: (username: string) => ['members', username.toLowerCase(), 'replies'] as const,
  },
  linkPreview: (url: string) => ['link-preview', url] as const,
  /** Everything staff see under /admin. */
  admin: {
    all: ['admin'],
    stats: ['admin', 'stats'],
    pending: ['admin', 'pending'],
    log: {
      all: ['admin', 'log'],
      page: <Q>(query: Q) => ['admin', 'log', query] as const,
    },
    users: {
      all: ['admin', 'users'],
      page: <Q>(query: Q) => ['admin', 'users', query] as const,
    },
    userStats: ['admin', 'user-stats'],
    /** The site settings (/admin/settings) and the running version (the dashboard). */
    siteSettings: ['admin', 'site-settings'],
    version: ['admin', 'version'],
    analytics: <P>(period: P) => ['admin', 'analytics', period] as const,
  },
} as const;
