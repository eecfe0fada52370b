import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Detection, DetectionStatus } from '@fenestra/shared';
import type { Db, Tx } from '../../db/client.js';
import { posts, replies, replyImages, uploads, type StoredDetection } from '../../db/schema/index.js';
import { sendInTransaction } from '../../lib/jobs.js';
import type { DetectionResult } from '../../adapters/ai/index.js';

// Photos read besides a question's own (issue 24): those its author adds as a reply, and a question's photos on the
// ask form before it is posted ('drafts'). Each keeps its reading in a status and one JSON column on its own row, so
// it goes with the row (a deleted reply, an upload removed or swept).

type Conn = Db | Tx;
export type PhotoOf = 'reply' | 'draft';

export interface PhotoForDetection {
  imageUrl: string;
  status: string | null;
  title: string;
  description: string;
  postId: string | null;
  replyId: string | null;
}

/**
 * In the transaction that saves a reply (or its edit): its photos not read yet are queued, when the reply is the
 * question's author's (their photos show the part asked about; others' may show anything).
 */
export async function queueReplyPhotoDetections(tx: Tx, replyId: string, detectionOn: boolean): Promise<void> {
  const queued = await tx
    .update(replyImages)
    .set({ detectionStatus: detectionOn ? 'queued' : 'off' })
    .from(replies)
    .innerJoin(posts, eq(posts.id, replies.postId))
    .where(
      and(
        eq(replyImages.replyId, replyId),
        eq(replies.id, replyImages.replyId),
        eq(replies.userId, posts.userId),
        isNull(replyImages.detectionStatus),
      ),
    )
    .returning({ id: replyImages.id });
  if (!detectionOn) return;
  for (const image of queued) await sendInTransaction(tx, 'detect-image', { imageId: image.id, of: 'reply' });
}

/** A reply photo with its question's words. */
export async function replyPhotoForDetection(db: Conn, id: string): Promise<PhotoForDetection | null> {
  const rows = await db
    .select({
      imageUrl: replyImages.imageUrl,
      status: replyImages.detectionStatus,
      title: posts.title,
      description: posts.description,
      postId: replies.postId,
      replyId: replies.id,
    })
    .from(replyImages)
    .innerJoin(replies, eq(replies.id, replyImages.replyId))
    .innerJoin(posts, eq(posts.id, replies.postId))
    .where(eq(replyImages.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** A draft photo still unattached (once posted, the question's own detection reads it). */
export async function draftForDetection(
  db: Conn,
  id: string,
  words: { title: string; description: string },
): Promise<PhotoForDetection | null> {
  const rows = await db
    .select({ imageUrl: uploads.publicUrl, status: uploads.detectionStatus })
    .from(uploads)
    .where(and(eq(uploads.id, id), isNull(uploads.attachedAt)))
    .limit(1);
  const row = rows[0];
  return row ? { ...row, ...words, postId: null, replyId: null } : null;
}

const table = (of: PhotoOf) => (of === 'reply' ? replyImages : uploads);

/** Saves a reading over a queued photo only (a second run changes nothing); false when it was not queued. */
export async function savePhotoDetection(
  db: Conn,
  of: PhotoOf,
  id: string,
  result: DetectionResult,
  by: { provider: string; model: string | null },
  at: Date,
): Promise<boolean> {
  const t = table(of);
  const detection: StoredDetection = {
    object: result.object,
    category: result.category,
    material: result.material,
    finish: result.finish,
    confidence: result.confidence,
    keyFeatures: result.keyFeatures,
    visibleText: result.visibleText,
    provider: by.provider,
    model: by.model,
    detectedAt: at.toISOString(),
  };
  const rows = await db
    .update(t)
    .set({ detectionStatus: result.object ? 'done' : 'none', detection })
    .where(and(eq(t.id, id), eq(t.detectionStatus, 'queued')))
    .returning({ id: t.id });
  return rows.length > 0;
}

/** The error of a failed attempt, kept while retries remain. */
export async function notePhotoError(db: Conn, of: PhotoOf, id: string, message: string): Promise<void> {
  const t = table(of);
  await db
    .update(t)
    .set({
      detection: sql`coalesce(${t.detection}, '{}'::jsonb) || jsonb_build_object('error', ${message.slice(0, 500)}::text)`,
    })
    .where(and(eq(t.id, id), eq(t.detectionStatus, 'queued')));
}

export async function markPhotoFailed(db: Conn, of: PhotoOf, id: string): Promise<void> {
  const t = table(of);
  await db
    .update(t)
    .set({ detectionStatus: 'failed' })
    .where(and(eq(t.id, id), eq(t.detectionStatus, 'queued')));
}

export interface DraftDetectionRow {
  status: DetectionStatus | null;
  detection: StoredDetection | null;
}

/** A member's own unattached photo upload (for a question), with its reading; null for anything else. */
export async function ownDraft(db: Conn, userId: string, id: string): Promise<DraftDetectionRow | null> {
  const rows = await db
    .select({ status: uploads.detectionStatus, detection: uploads.detection })
    .from(uploads)
    .where(
      and(
        eq(uploads.id, id),
        eq(uploads.userId, userId),
        eq(uploads.kind, 'image'),
        eq(uploads.bucket, 'post-images'),
        isNull(uploads.attachedAt),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Queues a draft photo's reading once (a second ask changes nothing), with the words the form had then. */
export async function queueDraftDetection(
  tx: Tx,
  userId: string,
  id: string,
  words: { title: string; description: string },
  detectionOn: boolean,
): Promise<boolean> {
  const rows = await tx
    .update(uploads)
    .set({ detectionStatus: detectionOn ? 'queued' : 'off' })
    .where(
      and(
        eq(uploads.id, id),
        eq(uploads.userId, userId),
        eq(uploads.kind, 'image'),
        eq(uploads.bucket, 'post-images'),
        isNull(uploads.attachedAt),
        isNull(uploads.detectionStatus),
      ),
    )
    .returning({ id: uploads.id });
  if (rows.length === 0) return false;
  if (detectionOn) await sendInTransaction(tx, 'detect-image', { imageId: id, of: 'draft', ...words });
  return true;
}

/**
 * A reply photo's or a draft's reading as the API gives it. 'failed' shows as 'none': these answers are the same
 * for everyone, and 'Detection failed' is for staff (SPEC section 2).
 */
export function storedDetectionOf(status: DetectionStatus, stored: StoredDetection | null): Detection {
  return {
    status: status === 'failed' ? 'none' : status,
    object: stored?.object ?? null,
    category: stored?.category ?? null,
    material: stored?.material ?? null,
    finish: stored?.finish ?? null,
    confidence: stored?.confidence ?? null,
    keyFeatures: stored?.keyFeatures ?? [],
    userConfirmedObject: null,
    visibleText: stored?.visibleText ?? null,
  };
}
