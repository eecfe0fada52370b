import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DetectionStatus, Mention } from '@fenestra/shared';
import type { Db, Tx } from '../../db/client.js';
import {
  posts,
  profiles,
  replies,
  replyHelpful,
  replyImages,
  replyMentions,
  type StoredDetection,
} from '../../db/schema/index.js';
import { replyCardsJson, type ReplyCardRow } from '../link-previews/service.js';
import type { UploadRow } from '../uploads/service.js';
import { exactTime } from '../../lib/cursor.js';
import type { PictureRow } from '../../lib/picture-row.js';
import { authorColumns, type AuthorRow } from '../../lib/author.js';

type Conn = Db | Tx;

export interface ReplyRow extends AuthorRow {
  id: string;
  postId: string;
  content: string;
  isPinned: boolean;
  isAccepted: boolean;
  createdAt: Date;
  createdKey: string;
  version: number;
  editedAt: Date | null;
  helpfulCount: number;
  status: 'published' | 'pending' | 'hidden';
}

/** Keyset position of the last reply shown, in the page's order (accepted, then pinned, then oldest, then id). */
export interface ReplyKey {
  accepted: boolean;
  pinned: boolean;
  createdKey: string;
  id: string;
}

/** Is this reply its question's accepted answer? */
const isAccepted = sql<boolean>`coalesce(${replies.id} = (select ${posts.acceptedReplyId} from ${posts} where ${posts.id} = ${replies.postId}), false)`;

const replyColumns = {
  id: replies.id,
  postId: replies.postId,
  content: replies.content,
  isPinned: replies.isPinned,
  isAccepted,
  createdAt: replies.createdAt,
  createdKey: exactTime(replies.createdAt),
  version: replies.version,
  editedAt: replies.editedAt,
  helpfulCount: replies.helpfulCount,
  status: replies.status,
  ...authorColumns,
};

const replyRows = (db: Conn) =>
  db.select(replyColumns).from(replies).leftJoin(profiles, eq(profiles.id, replies.userId));

/** What replies show besides their rows. */
export interface ReplyAttachments {
  images: ReplyImageRow[];
  mentions: (Mention & { replyId: string })[];
  cards: ReplyCardRow[];
}

// Each of what the replies `ids` (a uuid[]) show besides their rows, as one JSON array: their pictures in order,
// their stored mentions with each member's current username (deleted members drop out), their links' cached cards.
const imagesJson = (ids: SQL) => sql<ReplyImageRow[]>`(
  SELECT coalesce(json_agg(json_build_object('replyId', i.reply_id, 'id', i.id, 'imageUrl', i.image_url,
    'displayOrder', i.display_order, 'width', i.width, 'height', i.height, 'variantWidths', i.variant_widths,
    'detectionStatus', i.detection_status, 'detection', i.detection) ORDER BY i.display_order), '[]'::json)
  FROM ${replyImages} i WHERE i.reply_id = ANY (${ids}))`;
const mentionsJson = (ids: SQL) => sql<(Mention & { replyId: string })[]>`(
  SELECT coalesce(json_agg(json_build_object('replyId', m.reply_id, 'handle', m.handle, 'userId', m.user_id,
    'username', p.username)), '[]'::json)
  FROM ${replyMentions} m JOIN ${profiles} p ON p.id = m.user_id WHERE m.reply_id = ANY (${ids}))`;
const attachmentsJson = (ids: SQL) => ({
  images: imagesJson(ids),
  mentions: mentionsJson(ids),
  cards: replyCardsJson(ids),
});

/**
 * A page of a post's replies in page order (accepted, then pinned, then oldest, then id), each with what it shows
 * (ReplyAttachments), in one statement to prepare (lib/prepared-statements): one shape for the first page and one for
 * a page after a cursor (a reply key's values as placeholders: `postId`, `limit`, and `accepted`, `pinned`,
 * `createdKey`, `afterId`).
 */
export function replyPageStatement(db: Db, paged: boolean) {
  const p = (name: string) => sql.placeholder(name);
  const keyset = paged
    ? sql`((${isAccepted}, ${replies.isPinned}) < (${p('accepted')}::boolean, ${p('pinned')}::boolean)
           OR ((${isAccepted}, ${replies.isPinned}) = (${p('accepted')}::boolean, ${p('pinned')}::boolean)
               AND (${replies.createdAt}, ${replies.id}) > (${p('createdKey')}::timestamptz, ${p('afterId')}::uuid)))`
    : undefined;
  return db
    .select({ ...replyColumns, ...attachmentsJson(sql`ARRAY[${replies.id}]`) })
    .from(replies)
    .leftJoin(profiles, eq(profiles.id, replies.userId))
    .where(and(eq(replies.postId, sql`${p('postId')}::uuid`), eq(replies.status, 'published'), keyset))
    .orderBy(desc(isAccepted), desc(replies.isPinned), asc(replies.createdAt), asc(replies.id))
    .limit(p('limit'));
}

export async function findReply(db: Conn, id: string): Promise<ReplyRow | null> {
  const rows = await replyRows(db).where(eq(replies.id, id)).limit(1);
  return rows[0] ?? null;
}

/** A reply's picture as a reply shows it. */
export interface ReplyImageRow extends PictureRow {
  replyId: string;
  detectionStatus: DetectionStatus | null;
  detection: StoredDetection | null;
}

/** What these replies show besides their rows (ReplyAttachments), in one statement. */
export async function attachmentsOf(db: Conn, replyIds: string[]): Promise<ReplyAttachments> {
  if (replyIds.length === 0) return { images: [], mentions: [], cards: [] };
  // One parameter, an array (drizzle spreads a plain array into a list).
  const [row] = await db.select(attachmentsJson(sql`${sql.param(replyIds)}::uuid[]`)).from(sql`(SELECT 1) one`);
  return row ?? { images: [], mentions: [], cards: [] };
}

/** Of a post's replies, the ones this member marked helpful. */
export async function helpfulMarksOf(db: Conn, postId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ replyId: replyHelpful.replyId })
    .from(replyHelpful)
    .innerJoin(replies, eq(replies.id, replyHelpful.replyId))
    .where(and(eq(replies.postId, postId), eq(replyHelpful.userId, userId)));
  return rows.map((r) => r.replyId);
}

/** The post a reply is being written to, locked against a concurrent solve or delete. */
export async function lockPostForReply(tx: Tx, postId: string) {
  const rows = await tx
    .select({ id: posts.id, status: posts.status, userId: posts.userId, title: posts.title })
    .from(posts)
    .where(eq(posts.id, postId))
    .for('no key update');
  return rows[0] ?? null;
}

/** The reply, its pictures and mentions, and the post's counter, in the caller's transaction. */
export async function insertReply(
  tx: Tx,
  reply: {
    postId: string;
    userId: string;
    content: string;
    images: UploadRow[];
    mentions: Mention[];
    status: 'published' | 'pending';
  },
) {
  const [row] = await tx
    .insert(replies)
    .values({ postId: reply.postId, userId: reply.userId, content: reply.content, status: reply.status })
    .returning({ id: replies.id });
  const id = row!.id;
  if (reply.images.length) {
    await tx.insert(replyImages).values(
      reply.images.map((u, i) => ({
        replyId: id,
        imageUrl: u.publicUrl,
        displayOrder: i,
        width: u.width,
        height: u.height,
        variantWidths: u.variantWidths,
      })),
    );
  }
  if (reply.mentions.length) {
    await tx
      .insert(replyMentions)
      .values(reply.mentions.map((m) => ({ replyId: id, userId: m.userId, handle: m.handle })));
  }
  // A reply waiting for review is counted once approved.
  if (reply.status === 'published') await countReply(tx, reply.postId);
  return id;
}

export async function countReply(tx: Tx, postId: string): Promise<void> {
  await tx
    .update(posts)
    .set({ replyCount: sql`${posts.replyCount} + 1` })
    .where(eq(posts.id, postId));
}

/** Replies the writer posted since `since` (any status), and whether they have one published: a new member's checks. */
export async function writerHistory(tx: Tx, userId: string, since: Date) {
  const [row] = await tx
    .select({
      recent: sql<number>`count(*) filter (where ${replies.createdAt} > ${since.toISOString()}::timestamptz)::int`,
      published: sql<number>`count(*) filter (where ${replies.status} = 'published')::int`,
    })
    .from(replies)
    .where(eq(replies.userId, userId));
  return { recent: row?.recent ?? 0, hasPublished: (row?.published ?? 0) > 0 };
}

/** Held replies (pending or hidden) of a post, only the writer's unless `all`, oldest first. */
export async function heldReplies(db: Conn, filter: { postId?: string; userId?: string; status?: 'pending' }) {
  return replyRows(db)
    .where(
      and(
        filter.status ? eq(replies.status, filter.status) : sql`${replies.status} <> 'published'`,
        filter.postId ? eq(replies.postId, filter.postId) : undefined,
        filter.userId ? eq(replies.userId, filter.userId) : undefined,
      ),
    )
    .orderBy(asc(replies.createdAt), asc(replies.id))
    .limit(200);
}

/** Titles of these posts. */
export async function titlesOf(db: Conn, postIds: string[]): Promise<Map<string, string>> {
  if (postIds.length === 0) return new Map();
  const rows = await db.select({ id: posts.id, title: posts.title }).from(posts).where(inArray(posts.id, postIds));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** A pending reply published, with the post locked first; null when it is not pending (or gone). */
export async function publishPending(tx: Tx, replyId: string) {
  const [found] = await tx.select({ postId: replies.postId }).from(replies).where(eq(replies.id, replyId));
  if (!found) return null;
  const post = await lockPostForReply(tx, found.postId);
  const [row] = await tx
    .update(replies)
    .set({ status: 'published' })
    .where(and(eq(replies.id, replyId), eq(replies.status, 'pending')))
    .returning({ id: replies.id, userId: replies.userId, content: replies.content });
  if (!row || !post) return null;
  await countReply(tx, post.id);
  return { reply: row, post };
}

/** The members a reply's stored mentions name. */
export async function mentionedIdsOf(tx: Tx, replyId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: replyMentions.userId })
    .from(replyMentions)
    .where(eq(replyMentions.replyId, replyId));
  return rows.map((r) => r.userId);
}
