import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { MSG } from '@fenestra/shared';
import type { Db, Tx } from '../../db/client.js';
import { uploads } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';

export type UploadRow = typeof uploads.$inferSelect;
export type UploadKind = UploadRow['kind'];
export type NewUpload = typeof uploads.$inferInsert;

/**
 * Attaches a member's own, still unattached uploads of one kind (inside the caller's transaction),
 * in the order given. Any id that is missing, someone else's, already attached or of another kind
 * fails the whole call, so the caller's transaction writes nothing.
 */
export async function claimUploads(tx: Tx, userId: string, ids: string[], kind: UploadKind): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  if (new Set(ids).size !== ids.length) throw badRequest(MSG.fileAttachedTwice);
  const claimed = await tx
    .update(uploads)
    .set({ attachedAt: new Date() })
    .where(
      and(inArray(uploads.id, ids), eq(uploads.userId, userId), eq(uploads.kind, kind), isNull(uploads.attachedAt)),
    )
    .returning();
  if (claimed.length !== ids.length) throw badRequest(MSG.uploadMissing);
  const byId = new Map(claimed.map((u) => [u.id, u]));
  return ids.map((id) => byId.get(id)!);
}

export async function insertUpload(db: Db, upload: NewUpload): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(upload).returning();
  return row!;
}

export async function deleteUploadsById(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(uploads).where(inArray(uploads.id, ids));
}

/** Deletes a member's own upload if it is not attached yet; returns it, or null when there is none such. */
export async function deleteOwnUnattached(db: Db, userId: string, id: string): Promise<UploadRow | null> {
  const [row] = await db
    .delete(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.userId, userId), isNull(uploads.attachedAt)))
    .returning();
  return row ?? null;
}

/**
 * Deletes up to `batch` uploads never attached and created before `cutoff`, returning them so their files
 * can go next. Rows go first: a post being saved at that moment then fails to claim the file, rather than
 * pointing at a file that is gone.
 */
export async function deleteStaleUnattached(db: Db, cutoff: Date, batch: number): Promise<UploadRow[]> {
  const stale = db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(isNull(uploads.attachedAt), lt(uploads.createdAt, cutoff)))
    .limit(batch);
  return db
    .delete(uploads)
    .where(and(inArray(uploads.id, stale), isNull(uploads.attachedAt)))
    .returning();
}
