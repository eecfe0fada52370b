import { and, eq, sql } from 'drizzle-orm';
import { NOTIFICATION_TEXT, type PostStatus, type Role } from '@fenestra/shared';
import type { Db, Tx } from '../../db/client.js';
import { moderationLog, posts, profiles, sessions, userRoles } from '../../db/schema/index.js';
import type { NewNotification } from '../notifications/service.js';
import { bookmarkerIds } from './post-actions-repo.js';

export interface ModeratedPost {
  id: string;
  userId: string | null;
  title: string;
}

/** Moves a pending post on; null when the post is missing or no longer pending (the row is then left alone). */
export async function movePendingPost(
  tx: Tx,
  postId: string,
  to: { status: Extract<PostStatus, 'open' | 'denied'>; denialReason: string | null },
): Promise<ModeratedPost | null> {
  const rows = await tx
    .update(posts)
    // A question hidden after flags is decided here too: it is no longer hidden.
    .set({ status: to.status, denialReason: to.denialReason, updatedAt: new Date(), hiddenAt: null, hiddenFrom: null })
    .where(and(eq(posts.id, postId), eq(posts.status, 'pending')))
    .returning({ id: posts.id, userId: posts.userId, title: posts.title });
  return rows[0] ?? null;
}

export async function postStatusOf(tx: Tx, postId: string): Promise<PostStatus | null> {
  const rows = await tx.select({ status: posts.status }).from(posts).where(eq(posts.id, postId)).limit(1);
  return rows[0]?.status ?? null;
}

/** Has this post been approved before (an unapproved post coming back)? The log remembers. */
export async function approvedBefore(tx: Tx, postId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: moderationLog.id })
    .from(moderationLog)
    .where(and(eq(moderationLog.targetId, postId), eq(moderationLog.action, 'approve')))
    .limit(1);
  return rows.length > 0;
}

/** What a post's mentions are told: its text and its author's name. */
export async function postTextOf(
  tx: Tx,
  postId: string,
): Promise<{ description: string; authorUsername: string | null }> {
  const rows = await tx
    .select({ description: posts.description, authorUsername: profiles.username })
    .from(posts)
    .leftJoin(profiles, eq(profiles.id, posts.userId))
    .where(eq(posts.id, postId))
    .limit(1);
  return rows[0]!;
}

/**
 * Who hears that a question is solved (staff's Mark as Solved, or the asker accepting an answer): its author, unless
 * they solved it themselves, and everyone who bookmarked it.
 */
export async function solvedNotices(
  tx: Tx,
  post: { id: string; userId: string | null; title: string },
  actorId: string,
): Promise<NewNotification[]> {
  const notices: NewNotification[] = [];
  if (post.userId && post.userId !== actorId) {
    notices.push({
      userId: post.userId,
      type: 'post_solved',
      message: NOTIFICATION_TEXT.post_solved(post.title),
      postId: post.id,
    });
  }
  for (const userId of await bookmarkerIds(tx, post.id, [post.userId, actorId])) {
    notices.push({
      userId,
      type: 'bookmark_solved',
      message: NOTIFICATION_TEXT.bookmark_solved(post.title),
      postId: post.id,
    });
  }
  return notices;
}

/** Never below 0: rows written around the API (imports, fixtures) must not turn a moderation action into a 500. */
export async function addToPostCount(tx: Tx, userId: string, delta: number): Promise<void> {
  await tx
    .update(profiles)
    .set({ postCount: sql`greatest(${profiles.postCount} + ${delta}, 0)` })
    .where(eq(profiles.id, userId));
}

export async function memberForBan(
  tx: Tx,
  userId: string,
): Promise<{ id: string; username: string; role: Role } | null> {
  const rows = await tx
    .select({ id: profiles.id, username: profiles.username, role: sql<Role>`coalesce(${userRoles.role}, 'user')` })
    .from(profiles)
    .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
    .where(eq(profiles.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

/** A permanent ban: the profile is marked and every session of the member ends. */
export async function banPermanently(tx: Tx, userId: string, reason: string): Promise<void> {
  await tx.update(profiles).set({ status: 'banned', banReason: reason, banUntil: null }).where(eq(profiles.id, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

export async function dashboardFigures(db: Db) {
  const { rows } = await db.execute<{
    total_users: number;
    active_posts: number;
    pending_review: number;
    avg_reply_hours: string | null;
    failed_emails: number;
    failed_detections: number;
    open_flags: number;
  }>(sql`
    SELECT (SELECT count(*)::int FROM profiles) AS total_users,
           (SELECT count(*)::int FROM posts WHERE status IN ('open', 'solved')) AS active_posts,
           (SELECT count(*)::int FROM posts WHERE status = 'pending') AS pending_review,
           (SELECT count(*)::int FROM notifications WHERE email_status = 'failed') AS failed_emails,
           (SELECT count(*)::int FROM post_images WHERE detection_status = 'failed') AS failed_detections,
           (SELECT count(*)::int FROM flags f WHERE f.status = 'open' AND (
              (f.target_type = 'post' AND EXISTS (SELECT 1 FROM posts p WHERE p.id = f.target_id)) OR
              (f.target_type = 'reply' AND EXISTS (SELECT 1 FROM replies r WHERE r.id = f.target_id)))) AS open_flags,
           (SELECT round(avg(gap)::numeric, 1) FROM (
              SELECT extract(epoch FROM r.created_at - p.created_at) / 3600 AS gap
              FROM replies r JOIN posts p ON p.id = r.post_id
              ORDER BY r.created_at DESC, r.id DESC LIMIT 100
            ) latest WHERE gap > 0) AS avg_reply_hours`);
  // Only positive gaps count (a reply cannot predate its post, but imported data might).
  const row = rows[0]!;
  return {
    totalUsers: row.total_users,
    activePosts: row.active_posts,
    pendingReview: row.pending_review,
    avgReplyHours: row.avg_reply_hours === null ? 0 : Number(row.avg_reply_hours),
    failedEmails: row.failed_emails,
    failedDetections: row.failed_detections,
    openFlags: row.open_flags,
  };
}
