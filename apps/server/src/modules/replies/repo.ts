import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Mention } from '@fenestra/shared';
import type { Db, Tx } from '../../db/client.js';
import { posts, profiles, replies, replyImages, replyMentions } from '../../db/schema/index.js';
import type { UploadRow } from '../uploads/repo.js';
import { exactTime } from '../posts/repo.js';
import { authorColumns, type AuthorRow } from '../../lib/author.js';

type Conn = Db | Tx;

export interface ReplyRow extends AuthorRow {
  id: string;
  postId: string;
  content: string;
  isPinned: boolean;
  createdAt: Date;
  createdKey: string;
}

/** Keyset position of the last reply shown, in the page's order (pinned first, then oldest, then id). */
export interface ReplyKey { pinned: boolean; createdKey: string; id: string }

const replyRows = (db: Conn) => db.select({
  id: replies.id,
  postId: replies.postId,
  content: replies.content,
  isPinned: replies.isPinned,
  createdAt: replies.createdAt,
  createdKey: exactTime(replies.createdAt),
  ...authorColumns,
})
  .from(replies)
  .leftJoin(profiles, eq(profiles.id, replies.userId));

/** A post's replies in page order after `after`, at most `limit`. */
export async function selectReplies(db: Conn, postId: string, after: ReplyKey | null, limit: number): Promise<ReplyRow[]> {
  const keyset: SQL | undefined = after
    ? sql`(${replies.isPinned} < ${after.pinned}
           OR (${replies.isPinned} = ${after.pinned} AND (${replies.createdAt}, ${replies.id}) > (${after.createdKey}::timestamptz, ${after.id}::uuid)))`
    : undefined;
  return replyRows(db)
    .where(and(eq(replies.postId, postId), keyset))
    .orderBy(desc(replies.isPinned), asc(replies.createdAt), asc(replies.id))
    .limit(limit);
}

export async function findReply(db: Conn, id: string): Promise<ReplyRow | null> {
  const rows = await replyRows(db).where(eq(replies.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function imagesOf(db: Conn, replyIds: string[]) {
  if (replyIds.length === 0) return [];
  return db.select().from(replyImages).where(inArray(replyImages.replyId, replyIds)).orderBy(asc(replyImages.displayOrder));
}

/** The stored mentions of these replies, with each member's current username (deleted members drop out). */
export async function mentionsOf(db: Conn, replyIds: string[]): Promise<(Mention & { replyId: string })[]> {
  if (replyIds.length === 0) return [];
  return db.select({ replyId: replyMentions.replyId, handle: replyMentions.handle, userId: replyMentions.userId, username: profiles.username })
    .from(replyMentions)
    .innerJoin(profiles, eq(profiles.id, replyMentions.userId))
    .where(inArray(replyMentions.replyId, replyIds));
}

/** The post a reply is being written to, locked against a concurrent solve or delete. */
export async function lockPostForReply(tx: Tx, postId: string) {
  const rows = await tx.select({ id: posts.id, status: posts.status, userId: posts.userId, title: posts.title })
    .from(posts).where(eq(posts.id, postId)).for('no key update');
  return rows[0] ?? null;
}

/** The reply, its pictures and mentions, and the post's counter, in the caller's transaction. */
export async function insertReply(tx: Tx, reply: { postId: string; userId: string; content: string; images: UploadRow[]; mentions: Mention[] }) {
  const [row] = await tx.insert(replies).values({ postId: reply.postId, userId: reply.userId, content: reply.content })
    .returning({ id: replies.id });
  const id = row!.id;
  if (reply.images.length) {
    await tx.insert(replyImages).values(reply.images.map((u, i) => ({
      replyId: id, imageUrl: u.publicUrl, displayOrder: i, width: u.width, height: u.height, variantWidths: u.variantWidths,
    })));
  }
  if (reply.mentions.length) {
    await tx.insert(replyMentions).values(reply.mentions.map((m) => ({ replyId: id, userId: m.userId, handle: m.handle })));
  }
  await tx.update(posts).set({ replyCount: sql`${posts.replyCount} + 1` }).where(eq(posts.id, reply.postId));
  return id;
}
