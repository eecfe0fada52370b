import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DraftFields } from '@fenestra/shared';
import type { Db, Tx } from '../../db/client.js';
import { drafts, replies } from '../../db/schema/index.js';

/**
 * Which of a member's drafts: the question draft (postId null), a post's reply draft, or (kind 'edit') the draft of
 * an edit of a question (replyId null) or of a reply.
 */
export type DraftKey =
  { kind: 'compose'; postId: string | null } | { kind: 'edit'; postId: string; replyId: string | null };

const replyIdOf = (key: DraftKey) => (key.kind === 'edit' ? key.replyId : null);

const whose = (userId: string, key: DraftKey) => {
  const replyId = replyIdOf(key);
  return and(
    eq(drafts.userId, userId),
    eq(drafts.kind, key.kind),
    key.postId === null ? isNull(drafts.postId) : eq(drafts.postId, key.postId),
    replyId === null ? isNull(drafts.replyId) : eq(drafts.replyId, replyId),
  );
};

export async function findDraft(db: Db, userId: string, key: DraftKey) {
  const [row] = await db
    .select({ fields: drafts.fields, updatedAt: drafts.updatedAt })
    .from(drafts)
    .where(whose(userId, key));
  return row ?? null;
}

/** Keeps the latest text: one row per member and target (the unique constraint treats a null as one value). */
export async function saveDraft(db: Db, userId: string, key: DraftKey, fields: DraftFields, at: Date) {
  const [row] = await db
    .insert(drafts)
    .values({ userId, kind: key.kind, postId: key.postId, replyId: replyIdOf(key), fields, updatedAt: at })
    .onConflictDoUpdate({
      target: [drafts.userId, drafts.kind, drafts.postId, drafts.replyId],
      set: { fields: sql`excluded.fields`, updatedAt: sql`excluded.updated_at` },
    })
    .returning({ fields: drafts.fields, updatedAt: drafts.updatedAt });
  return row!;
}

export async function deleteDraft(tx: Db | Tx, userId: string, key: DraftKey) {
  await tx.delete(drafts).where(whose(userId, key));
}

/** A reply's post, author and status (an edit draft of it follows who may edit it). */
export async function replyOf(db: Db, replyId: string) {
  const [row] = await db
    .select({ postId: replies.postId, userId: replies.userId, status: replies.status })
    .from(replies)
    .where(eq(replies.id, replyId));
  return row ?? null;
}
