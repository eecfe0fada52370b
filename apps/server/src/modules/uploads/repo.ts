import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { uploads } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';

export type UploadRow = typeof uploads.$inferSelect;
export type UploadKind = UploadRow['kind'];

/**
 * Attaches a member's own, still unattached uploads of one kind (inside the caller's transaction),
 * in the order given. Any id that is missing, someone else's, already attached or of another kind
 * fails the whole call, so the caller's transaction writes nothing.
 */
export async function claimUploads(tx: Tx, userId: string, ids: string[], kind: UploadKind): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  if (new Set(ids).size !== ids.length) throw badRequest('The same file was attached twice');
  const claimed = await tx.update(uploads)
    .set({ attachedAt: new Date() })
    .where(and(inArray(uploads.id, ids), eq(uploads.userId, userId), eq(uploads.kind, kind), isNull(uploads.attachedAt)))
    .returning();
  if (claimed.length !== ids.length) throw badRequest('An uploaded file is missing or already used. Please upload it again.');
  const byId = new Map(claimed.map((u) => [u.id, u]));
  return ids.map((id) => byId.get(id)!);
}
