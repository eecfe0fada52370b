import type { NotificationType } from './limits.js';

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

export interface UnreadCount { unreadCount: number }

// What each notification says (the wording the demo seed writes).
export const NOTIFICATION_MESSAGES = {
  postApproved: (title: string) => `Your post "${title}" was approved.`,
  postDenied: (title: string, reason: string) => `Your post "${title}" was denied: ${reason}`,
  postSolved: (title: string) => `Your post "${title}" was marked as solved.`,
  bookmarkSolved: (title: string) => `A post you bookmarked, "${title}", was marked as solved.`,
  newReply: (username: string, title: string) => `${username} replied to your post "${title}"`,
  mention: (username: string, title: string) => `${username} mentioned you in "${title}"`,
  replyPinned: (title: string) => `Your reply on "${title}" was pinned as the helpful answer.`,
  pendingReview: (title: string) => `New post awaiting review: "${title}"`,
} as const;
