import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { PostStatus } from '@fenestra/shared';
import type { Tx } from '../../db/client.js';
import {
  bookmarks,
  moderationLog,
  postImages,
  postVideos,
  posts,
  replies,
  replyImages,
  uploads,
} from '../../db/schema/index.js';

export interface LockedPost {
  id: string;
  userId: string | null;
  title: string;
  status: PostStatus;
}

/** The post, locked until the transaction ends: two staff members acting at once queue up. */
export async function lockPost(tx: Tx, postId: string): Promise<LockedPost | null> {
  const rows = await tx
    .select({ id: posts.id, userId: posts.userId, title: posts.title, status: posts.status })
    .from(posts)
    .where(eq(posts.id, postId))
    .for('update');
  return rows[0] ?? null;
}

/** Sets the status; a question that is no longer solved loses its accepted answer (a reopen clears it). */
export async function setPostStatus(tx: Tx, postId: string, status: PostStatus): Promise<void> {
  await tx
    .update(posts)
    .set({ status, updatedAt: new Date(), ...(status === 'solved' ? {} : { acceptedReplyId: null }) })
    .where(eq(posts.id, postId));
}

/** Everyone who bookmarked the post except the given members, once each. */
export async function bookmarkerIds(tx: Tx, postId: string, except: (string | null)[]): Promise<string[]> {
  const skip = except.filter((id): id is string => id !== null);
  const rows = await tx
    .select({ userId: bookmarks.userId })
    .from(bookmarks)
    .where(and(eq(bookmarks.postId, postId), skip.length ? notInArray(bookmarks.userId, skip) : undefined));
  return [...new Set(rows.map((r) => r.userId))];
}

/** Every stored file URL of a post: photos, the video and its thumbnail, and its replies' images. */
export async function postFileUrls(tx: Tx, postId: string): Promise<string[]> {
  const [images, videos, replyPictures] = await Promise.all([
    tx.select({ url: postImages.imageUrl }).from(postImages).where(eq(postImages.postId, postId)),
    tx
      .select({ url: postVideos.videoUrl, thumb: postVideos.thumbnailUrl })
      .from(postVideos)
      .where(eq(postVideos.postId, postId)),
    tx
      .select({ url: replyImages.imageUrl })
      .from(replyImages)
      .innerJoin(replies, eq(replies.id, replyImages.replyId))
      .where(eq(replies.postId, postId)),
  ]);
  return [
    ...images.map((r) => r.url),
    ...videos.flatMap((r) => (r.thumb ? [r.url, r.thumb] : [r.url])),
    ...replyPictures.map((r) => r.url),
  ];
}

export async function replyFileUrls(tx: Tx, replyId: string): Promise<string[]> {
  const rows = await tx.select({ url: replyImages.imageUrl }).from(replyImages).where(eq(replyImages.replyId, replyId));
  return rows.map((r) => r.url);
}

/** The uploads rows behind these URLs go with them (the table keeps no post id: the URL is the link). */
export async function forgetUploads(tx: Tx, urls: string[]): Promise<void> {
  if (urls.length) await tx.delete(uploads).where(inArray(uploads.publicUrl, urls));
}

/** Deletes the post; replies, images, video, tags, votes, bookmarks and its notifications cascade. */
export async function deletePost(tx: Tx, postId: string): Promise<void> {
  await tx.delete(posts).where(eq(posts.id, postId));
}

export interface ReplyTarget {
  id: string;
  postId: string;
  userId: string | null;
  isPinned: boolean;
  postTitle: string;
}

export async function findReply(tx: Tx, replyId: string): Promise<ReplyTarget | null> {
  const rows = await tx
    .select({
      id: replies.id,
      postId: replies.postId,
      userId: replies.userId,
      isPinned: replies.isPinned,
      postTitle: posts.title,
    })
    .from(replies)
    .innerJoin(posts, eq(posts.id, replies.postId))
    .where(eq(replies.id, replyId))
    .limit(1);
  return rows[0] ?? null;
}

/** Pins one reply and clears every other pin of its post, in the caller's transaction (one pinned per post). */
/** Whether the reply was ever pinned before: the moderation log keeps every pin, whatever came after. */
export async function pinnedBefore(tx: Tx, replyId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: moderationLog.id })
    .from(moderationLog)
    .where(
      and(
        eq(moderationLog.action, 'pin_reply'),
        eq(moderationLog.targetType, 'reply'),
        eq(moderationLog.targetId, replyId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function pinReply(tx: Tx, reply: { id: string; postId: string }): Promise<void> {
  await tx
    .update(replies)
    .set({ isPinned: false, updatedAt: new Date() })
    .where(and(eq(replies.postId, reply.postId), eq(replies.isPinned, true), ne(replies.id, reply.id)));
  await tx.update(replies).set({ isPinned: true, updatedAt: new Date() }).where(eq(replies.id, reply.id));
}

export async function unpinReply(tx: Tx, replyId: string): Promise<void> {
  await tx.update(replies).set({ isPinned: false, updatedAt: new Date() }).where(eq(replies.id, replyId));
}

/** Deletes the reply (its images cascade) and takes it off its post's count. */
export async function deleteReply(tx: Tx, reply: { id: string; postId: string }): Promise<void> {
  const [gone] = await tx.delete(replies).where(eq(replies.id, reply.id)).returning({ status: replies.status });
  // Held replies (pending review, hidden after flags) are not counted on their question.
  if (gone?.status !== 'published') return;
  await tx
    .update(posts)
    .set({ replyCount: sql`greatest(${posts.replyCount} - 1, 0)` })
    .where(eq(posts.id, reply.postId));
}
