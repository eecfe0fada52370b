import { and, eq, sql } from 'drizzle-orm';
import type { PostStatus } from '@fenestra/shared';
import type { Tx } from '../../db/client.js';
import { posts, replies, replyHelpful } from '../../db/schema/index.js';

export interface AcceptTarget {
  id: string;
  userId: string | null;
  title: string;
  status: PostStatus;
  acceptedReplyId: string | null;
}

/** The question, locked: two accepts (or an accept and a staff action) on it take turns. */
export async function lockQuestion(tx: Tx, postId: string): Promise<AcceptTarget | null> {
  const rows = await tx
    .select({
      id: posts.id,
      userId: posts.userId,
      title: posts.title,
      status: posts.status,
      acceptedReplyId: posts.acceptedReplyId,
    })
    .from(posts)
    .where(eq(posts.id, postId))
    .for('update');
  return rows[0] ?? null;
}

export async function replyOfPost(tx: Tx, postId: string, replyId: string): Promise<{ userId: string | null } | null> {
  const rows = await tx
    .select({ userId: replies.userId })
    .from(replies)
    // Only a reply everyone sees may be the answer (not one waiting for review or hidden after flags).
    .where(and(eq(replies.id, replyId), eq(replies.postId, postId), eq(replies.status, 'published')));
  return rows[0] ?? null;
}

/** Solved with that reply accepted, or open with none. */
export async function setAccepted(tx: Tx, postId: string, replyId: string | null): Promise<void> {
  await tx
    .update(posts)
    .set({ status: replyId ? 'solved' : 'open', acceptedReplyId: replyId, updatedAt: new Date() })
    .where(eq(posts.id, postId));
}

/** The reply and its post's status, the reply locked for its counter (toggles on one reply take turns). */
export async function lockReplyForMark(
  tx: Tx,
  replyId: string,
): Promise<{ userId: string | null; postStatus: PostStatus } | null> {
  const rows = await tx
    .select({ userId: replies.userId, postStatus: posts.status })
    .from(replies)
    .innerJoin(posts, eq(posts.id, replies.postId))
    .where(and(eq(replies.id, replyId), eq(replies.status, 'published')))
    .for('no key update', { of: replies });
  return rows[0] ?? null;
}

/** Removes the member's mark if there is one, else adds it; the counter moves by the rows changed. */
export async function toggleHelpful(
  tx: Tx,
  replyId: string,
  userId: string,
): Promise<{ active: boolean; count: number }> {
  const removed = await tx
    .delete(replyHelpful)
    .where(and(eq(replyHelpful.replyId, replyId), eq(replyHelpful.userId, userId)))
    .returning({ replyId: replyHelpful.replyId });
  const added = removed.length
    ? []
    : await tx
        .insert(replyHelpful)
        .values({ replyId, userId })
        .onConflictDoNothing()
        .returning({ replyId: replyHelpful.replyId });
  const delta = added.length - removed.length;
  const [row] = await tx
    .update(replies)
    .set({ helpfulCount: sql`${replies.helpfulCount} + ${delta}` })
    .where(eq(replies.id, replyId))
    .returning({ count: replies.helpfulCount });
  return { active: added.length > 0, count: row!.count };
}
