import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { postReads, posts, replies } from '../../db/schema/index.js';

export async function readMark(db: Db, userId: string, postId: string): Promise<Date | null> {
  const [row] = await db
    .select({ readUntil: postReads.readUntil })
    .from(postReads)
    .where(and(eq(postReads.userId, userId), eq(postReads.postId, postId)));
  return row?.readUntil ?? null;
}

/** Whether the reply is a published reply of this post. */
export async function isReplyOnPost(db: Db, postId: string, replyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: replies.id })
    .from(replies)
    .where(and(eq(replies.id, replyId), eq(replies.postId, postId), eq(replies.status, 'published')));
  return row !== undefined;
}

/**
 * Records a read up to a reply (its exact time, read in SQL: a JS date would drop the microseconds and leave the
 * reply newer than its own mark), or the post when none is given. The mark never moves back (an older tab reporting
 * late changes nothing).
 */
export async function markRead(
  db: Db,
  mark: { userId: string; postId: string; replyId: string | null; now: Date },
): Promise<Date> {
  const [row] = await db
    .insert(postReads)
    .values({
      userId: mark.userId,
      postId: mark.postId,
      readUntil: mark.replyId
        ? sql`(SELECT ${replies.createdAt} FROM ${replies} WHERE ${replies.id} = ${mark.replyId})`
        : sql`(SELECT ${posts.createdAt} FROM ${posts} WHERE ${posts.id} = ${mark.postId})`,
      lastReadReplyId: mark.replyId,
      openedAt: mark.now,
    })
    .onConflictDoUpdate({
      target: [postReads.userId, postReads.postId],
      set: {
        readUntil: sql`greatest(${postReads.readUntil}, excluded.read_until)`,
        lastReadReplyId: sql`CASE WHEN excluded.read_until >= ${postReads.readUntil} THEN excluded.last_read_reply_id ELSE ${postReads.lastReadReplyId} END`,
        openedAt: sql`excluded.opened_at`,
      },
    })
    .returning({ readUntil: postReads.readUntil });
  return row!.readUntil;
}

/**
 * For the posts of a list the member opened before: how many published replies by others came after their mark.
 * Only posts they may still see (public, or their own); posts with nothing new are left out.
 */
export async function newReplyCounts(db: Db, userId: string, postIds: string[]): Promise<Record<string, number>> {
  if (postIds.length === 0) return {};
  const result = await db.execute<{ post_id: string; n: number }>(sql`
    SELECT pr.post_id, count(r.id)::int AS n
    FROM post_reads pr
    JOIN posts p ON p.id = pr.post_id AND (p.status IN ('open', 'solved') OR p.user_id = ${userId})
    JOIN replies r ON r.post_id = pr.post_id AND r.created_at > pr.read_until AND r.status = 'published'
      AND r.user_id IS DISTINCT FROM ${userId}
    WHERE pr.user_id = ${userId} AND pr.post_id IN (${sql.join(
      postIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    GROUP BY pr.post_id`);
  return Object.fromEntries(result.rows.map((r) => [r.post_id, Number(r.n)]));
}
