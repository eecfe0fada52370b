import { and, asc, eq, exists, lt, lte, notExists, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { linkPreviews, replies, replyLinks, type StoredCard } from '../../db/schema/index.js';

export type LinkPreviewRow = typeof linkPreviews.$inferSelect;

export async function findLinkPreview(db: Db, url: string): Promise<LinkPreviewRow | null> {
  const [row] = await db.select().from(linkPreviews).where(eq(linkPreviews.url, url));
  return row ?? null;
}

/** A fetch that found a card: its text, and its picture's path, size and copies (all null and empty without one). */
export interface StoredFetch {
  card: StoredCard;
  image: Pick<LinkPreviewRow, 'imagePath' | 'imageWidth' | 'imageHeight' | 'imageVariantWidths'>;
}

/**
 * Records a fetch: a new card (and its picture) replaces the old one; a failed fetch keeps the old card
 * and only moves the next attempt. Returns the stored row and the picture it no longer uses, if any.
 */
export async function recordFetch(
  db: Db,
  url: string,
  result: StoredFetch | null,
  fetchedAt: Date,
  refetchAt: Date,
): Promise<{ row: LinkPreviewRow; replacedImage: string | null }> {
  return db.transaction(async (tx) => {
    await tx.insert(linkPreviews).values({ url, fetchedAt, refetchAt }).onConflictDoNothing();
    const [before] = await tx
      .select({ imagePath: linkPreviews.imagePath })
      .from(linkPreviews)
      .where(eq(linkPreviews.url, url))
      .for('update');
    const [row] = await tx
      .update(linkPreviews)
      .set(result ? { data: result.card, ...result.image, fetchedAt, refetchAt } : { fetchedAt, refetchAt })
      .where(eq(linkPreviews.url, url))
      .returning();
    const old = before?.imagePath ?? null;
    return { row: row!, replacedImage: result && old !== result.image.imagePath ? old : null };
  });
}

/** Deletes cached links no reply uses that were last fetched before `cutoff`; returns their pictures. */
export async function deleteUnusedBefore(
  db: Db,
  cutoff: Date,
  limit: number,
): Promise<{ url: string; imagePath: string | null }[]> {
  const stale = db
    .select({ url: linkPreviews.url })
    .from(linkPreviews)
    .where(
      and(
        lt(linkPreviews.fetchedAt, cutoff),
        notExists(
          db
            .select({ one: sql`1` })
            .from(replyLinks)
            .where(eq(replyLinks.url, linkPreviews.url)),
        ),
      ),
    )
    .limit(limit);
  return db
    .delete(linkPreviews)
    .where(sql`${linkPreviews.url} IN (${stale})`)
    .returning({ url: linkPreviews.url, imagePath: linkPreviews.imagePath });
}

/** A reply's links, in order, in the transaction that saves the reply. */
export async function insertReplyLinks(tx: Tx, replyId: string, urls: string[]): Promise<void> {
  if (urls.length) await tx.insert(replyLinks).values(urls.map((url, position) => ({ replyId, position, url })));
}

/** A reply's post and its links in order; null when the reply is gone. */
export async function linksOfReply(db: Db, replyId: string): Promise<{ postId: string; urls: string[] } | null> {
  const [reply] = await db.select({ postId: replies.postId }).from(replies).where(eq(replies.id, replyId));
  if (!reply) return null;
  const rows = await db
    .select({ url: replyLinks.url })
    .from(replyLinks)
    .where(eq(replyLinks.replyId, replyId))
    .orderBy(asc(replyLinks.position));
  return { postId: reply.postId, urls: rows.map((r) => r.url) };
}

/** A reply's link with its cached card (links not fetched yet have no row). */
export interface ReplyCardRow {
  replyId: string;
  url: string;
  data: StoredCard | null;
  imagePath: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  imageVariantWidths: number[];
}

/**
 * The cached cards of the replies `replyIds` (a uuid[]) names, in each reply's order, as one JSON array of
 * ReplyCardRow: a column of the statement that reads the replies' other attachments (replies/repo.attachmentsOf).
 */
export const replyCardsJson = (replyIds: SQL) => sql<ReplyCardRow[]>`(
  SELECT coalesce(json_agg(json_build_object('replyId', l.reply_id, 'url', l.url, 'data', p.data, 'imagePath', p.image_path,
    'imageWidth', p.image_width, 'imageHeight', p.image_height, 'imageVariantWidths', p.image_variant_widths)
    ORDER BY l.reply_id, l.position), '[]'::json)
  FROM ${replyLinks} l JOIN ${linkPreviews} p ON p.url = l.url
  WHERE l.reply_id = ANY (${replyIds}))`;

/** Links some reply shows whose refetch is due, oldest first. */
export async function dueForRefetch(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ url: linkPreviews.url })
    .from(linkPreviews)
    .where(
      and(
        lte(linkPreviews.refetchAt, now),
        exists(
          db
            .select({ one: sql`1` })
            .from(replyLinks)
            .where(eq(replyLinks.url, linkPreviews.url)),
        ),
      ),
    )
    .orderBy(asc(linkPreviews.refetchAt))
    .limit(limit);
  return rows.map((r) => r.url);
}

/** Every reply that shows a link, with its post (to announce a changed card). */
export async function repliesShowing(db: Db, url: string): Promise<{ replyId: string; postId: string }[]> {
  return db
    .select({ replyId: replyLinks.replyId, postId: replies.postId })
    .from(replyLinks)
    .innerJoin(replies, eq(replies.id, replyLinks.replyId))
    .where(eq(replyLinks.url, url));
}
