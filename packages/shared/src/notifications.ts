import type { EmailPreferences, NotificationType } from './limits.js';

// The notification bell (SPEC sections 2 'Header', 3 'Notification'; DESIGN.md 'Notifications').
//
//   GET  /api/notifications            -> NotificationList: the latest 20, newest first, and the count of all unread.
//   POST /api/notifications/:id/read   -> UnreadCount (marks one of the member's own; 404 for anyone else's).
//   POST /api/notifications/read-all   -> UnreadCount (0: marks every unread one).
// Members only (401 for visitors). A new one announces itself on the stream as `notification.created`.

export interface Notification {
  id: string;
  type: NotificationType;
  message: string;
  /** The post it is about (click opens /post/{postId}); null once that post is gone. */
  postId: string | null;
  read: boolean;
  createdAt: string;
}

export interface NotificationList {
  notifications: Notification[];
  unreadCount: number;
}

export interface UnreadCount {
  unreadCount: number;
}

/** Which email preference lets each type through (DESIGN.md); null: in-app only. A ban's email follows 'banned'. */
export const EMAIL_PREFERENCE_FOR: Record<NotificationType, keyof EmailPreferences | null> = {
  mention: 'mentions',
  new_reply: 'replies',
  reply_pinned: 'replies',
  post_approved: 'approved',
  post_denied: 'denied',
  post_solved: 'solved',
  bookmark_solved: 'solved',
  post_pending_review: null,
  reply_accepted: 'accepted',
  flag_resolved: null,
  content_hidden: null,
};

/** What each preference is about, in the unsubscribe page's words ('Stop emails about ...?'). */
export const EMAIL_PREFERENCE_TOPICS: Record<keyof EmailPreferences, string> = {
  mentions: 'mentions of you',
  replies: 'replies to your posts and your pinned replies',
  approved: 'your approved posts',
  denied: 'your denied posts',
  solved: 'solved posts',
  banned: 'your account being banned',
  accepted: 'your replies accepted as the answer',
};

/** What each notification is about, in a few words: a push's title, and its email's subject with the site's name. */
export const NOTIFICATION_TITLES: Record<NotificationType, string> = {
  mention: 'You were mentioned',
  new_reply: 'New reply to your post',
  reply_pinned: 'Your reply was pinned',
  post_approved: 'Your post was approved',
  post_denied: 'Your post was denied',
  post_solved: 'Your post was marked as solved',
  bookmark_solved: 'A post you bookmarked was solved',
  post_pending_review: 'A post is awaiting review',
  reply_accepted: 'Your reply was accepted as the answer',
  flag_resolved: 'Your flag was reviewed',
  content_hidden: 'Your post was hidden',
};

/** A notification email's subject: 'New reply to your post on <site name>'. */
export const notificationEmailSubject = (type: NotificationType, site: string) =>
  `${NOTIFICATION_TITLES[type]} on ${site}`;
