import type { NotificationType } from './limits.js';
import type { Notification } from './notifications.js';
import { NEW_MARKERS_TEXT } from './new-markers.js';

// Coming back (issue 25 'What is new'; decision 032). Members only (401 for visitors):
//
//   GET /api/posts/:id/read                      -> ReadMark: how far the member has read the post (null: never opened).
//   PUT /api/posts/:id/read  body MarkReadInput  -> ReadMark: read up to that reply (or the post, when none is given);
//                                                  the mark only moves forward. 404 for a post the member may not see,
//                                                  400 for a reply of another post.
//   GET /api/posts/new-replies?ids=a,b           -> NewReplyCounts: replies by others since the member last read each
//                                                  of these posts (at most 50 ids); posts never opened are left out.
//   GET /api/notifications/page?filter=&cursor=  -> NotificationPage: every notification, newest first, 20 a page.
//   PUT /api/settings/digest  body DigestInput   -> DigestInput: the digest email's frequency.
// A new public question announces itself to every stream as `post.published` {postId}: the home list offers it
// with a 'N new questions' bar instead of moving under the reader.

export const WHAT_IS_NEW = {
  /** Replies to one post within this many minutes of the first one's email are gathered into one email. */
  replyEmailWindowMinutes: 15,
  /** Characters of a reply or mention quoted in its email. */
  emailQuoteChars: 500,
  /** Notifications a page of /notifications shows. */
  notificationPage: 20,
  /** Posts one new-replies request may ask about. */
  newRepliesIds: 50,
  /** A member away this many days gets the weekly digest until they choose. */
  digestAwayDays: 7,
  /** Questions in each part of a digest. */
  digestQuestions: 5,
} as const;

export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

export interface ReadMark {
  /** The creation time of the last reply read (the post's, when it had none); null: never opened. */
  readUntil: string | null;
}

export interface NewReplyCounts {
  /** Post id -> replies by others since the member last read it (only posts opened before, with news). */
  counts: Record<string, number>;
}

export const NOTIFICATION_FILTERS = ['all', 'unread', 'mentions', 'replies', 'moderation'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

/** Which filter of /notifications each type falls under besides 'all' and 'unread' (unlisted or null: only those two). */
export const NOTIFICATION_KIND: { [T in NotificationType]?: 'mentions' | 'replies' | 'moderation' | null } = {
  mention: 'mentions',
  new_reply: 'replies',
  reply_pinned: 'replies',
  reply_accepted: 'replies',
  post_approved: 'moderation',
  post_denied: 'moderation',
  post_pending_review: 'moderation',
  post_solved: 'moderation',
  bookmark_solved: null,
  flag_resolved: 'moderation',
  content_hidden: 'moderation',
};

/** The types a filter shows; null: every type. */
export function notificationTypesFor(filter: NotificationFilter): NotificationType[] | null {
  if (filter === 'all' || filter === 'unread') return null;
  return (Object.keys(NOTIFICATION_KIND) as NotificationType[]).filter((t) => NOTIFICATION_KIND[t] === filter);
}

export interface NotificationPage {
  notifications: Notification[];
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: string | null;
  unreadCount: number;
}

/** What the digest is about, in the unsubscribe page's words ('Stop emails about ...?'). */
export const DIGEST_TOPIC = 'the digest of new questions';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

// The words of what is new: the web app's markers and page, and the emails.

export const WHAT_IS_NEW_TEXT = {
  ...NEW_MARKERS_TEXT,
  notificationsTitle: 'Notifications',
  markAllRead: 'Mark all as read',
  loadMore: 'Load more',
  noNotifications: 'No notifications',
  noFilteredNotifications: 'Nothing here yet',
  filterLabels: {
    all: 'All',
    unread: 'Unread',
    mentions: 'Mentions',
    replies: 'Replies',
    moderation: 'Moderation',
  } satisfies Record<NotificationFilter, string>,
  invalidFilter: `Filter must be one of: ${NOTIFICATION_FILTERS.join(', ')}`,
  replyNotOnPost: 'That reply is not on this post',
  tooManyIds: `Ask about at most ${WHAT_IS_NEW.newRepliesIds} posts at once`,
  invalidIds: 'Post ids must be a comma-separated list of post ids',
  digestLabel: 'Digest of new questions',
  digestDetail: 'The best new questions in your topics and unanswered ones you might know',
  digestDefault: 'Until you choose, members away for 7 days get it weekly.',
  digestOptions: { off: 'Off', daily: 'Daily', weekly: 'Weekly' } satisfies Record<DigestFrequency, string>,
  openPost: 'Open the post',
  someone: 'Someone',
  replied: (author: string) => `${author} replied`,
  gatheredSubject: (n: number, site: string) => `${plural(n, 'new reply', 'new replies')} to your post on ${site}`,
  gatheredHeading: (n: number, title: string) => `${plural(n, 'more reply', 'more replies')} to your post "${title}"`,
  gatheredList: 'What they wrote',
  digestSubject: (frequency: 'daily' | 'weekly', site: string) => `Your ${frequency} ${site} digest`,
  digestHeading: (frequency: 'daily' | 'weekly', site: string) =>
    frequency === 'daily' ? `New on ${site} today` : `New on ${site} this week`,
  digestBest: 'Best new questions in your topics',
  digestUnanswered: 'Unanswered questions you might know',
  digestQuestionDetail: (topic: string, replies: number, likes: number) =>
    `${topic} · ${plural(replies, 'reply', 'replies')} · ${plural(likes, 'like', 'likes')}`,
  digestAction: (site: string) => `Open ${site}`,
} as const;
