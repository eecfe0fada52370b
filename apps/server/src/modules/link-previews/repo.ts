import { and, eq, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { linkPreviews, replyLinks, type StoredCard } from '../../db/schema/index.js';

export type LinkPreviewRow = typeof linkPreviews.$inferSelect;

export async function findLinkPreview(db: Db, url: string): Promise<LinkPreviewRow | null> {
  const [row] = await db.select().from(linkPreviews).where(eq(linkPreviews.url, url));
  return row ?? null;
}

/**
 * Records a fetch: a new card (and its picture) replaces the old one; a failed fetch keeps the old card
 * and only moves the next attempt. Returns the stored row and the picture it no longer uses, if any.
 */
export async function recordFetch(
  db: Db,
  url: string,
  result: { card: StoredCard; imagePath: string | null } | null,
  fetchedAt: Date,
  refetchAt: Date,
): Promise<{ row: LinkPreviewRow; replacedImage: string | null }> {
  return db.transaction(async (tx) => {
    await tx.insert(linkPreviews).values({ url, fetchedAt, refetchAt }).onConflictDoNothing();
    const [before] = await tx.select({ imagePath: linkPreviews.imagePath }).from(linkPreviews)
      .where(eq(linkPreviews.url, url)).for('update');
    const [row] = await tx.update(linkPreviews)
      .set(result ? { data: result.card, imagePath: result.imagePath, fetchedAt, refetchAt } : { fetchedAt, refetchAt })
      .where(eq(linkPreviews.url, url))
      .returning();
    const old = before?.imagePath ?? null;
    return { row: row!, replacedImage: result && old !== result.imagePath ? old : null };
  });
}

/** Deletes cached links no reply uses that were last fetched before `cutoff`; returns their pictures. */
export async function deleteUnusedBefore(db: Db, cutoff: Date, limit: number): Promise<{ url: string; imagePath: string | null }[]> {
  const stale = db.select({ url: linkPreviews.url }).from(linkPreviews)
    .where(and(
      lt(linkPreviews.fetchedAt, cutoff),
      notExists(db.select({ one: sql`1` }).from(replyLinks).where(eq(replyLinks.url, linkPreviews.url))),
    ))
    .limit(limit);
  return db.delete(linkPreviews)
    .where(sql`${linkPreviews.url} IN (${stale})`)
    .returning({ url: linkPreviews.url, imagePath: linkPreviews.imagePath });
}
