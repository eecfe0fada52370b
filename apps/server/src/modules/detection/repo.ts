import { and, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { postImages, posts } from '../../db/schema/index.js';
import { sendInTransaction } from '../../lib/jobs.js';
import type { DetectionResult } from '../../adapters/ai/index.js';

type Conn = Db | Tx;

/**
 * In the transaction that saves a post: each image is queued for detection (a job per image, committed
 * with the post or not at all), or marked off when AI_PROVIDER=off.
 */
export async function queueDetections(tx: Tx, postId: string, detectionOn: boolean): Promise<void> {
  const images = await tx
    .update(postImages)
    .set({ detectionStatus: detectionOn ? 'queued' : 'off' })
    .where(eq(postImages.postId, postId))
    .returning({ id: postImages.id });
  if (!detectionOn) return;
  for (const image of images) await sendInTransaction(tx, 'detect-image', { imageId: image.id });
}

/** As queueDetections, for these images only (photos added by an edit; the others keep their detection). */
export async function queueImageDetections(tx: Tx, imageIds: string[], detectionOn: boolean): Promise<void> {
  if (!imageIds.length) return;
  await tx
    .update(postImages)
    .set({ detectionStatus: detectionOn ? 'queued' : 'off' })
    .where(inArray(postImages.id, imageIds));
  if (!detectionOn) return;
  for (const imageId of imageIds) await sendInTransaction(tx, 'detect-image', { imageId });
}

export interface ImageForDetection {
  id: string;
  postId: string;
  imageUrl: string;
  status: string;
  title: string;
  description: string;
}

export async function imageForDetection(db: Conn, imageId: string): Promise<ImageForDetection | null> {
  const rows = await db
    .select({
      id: postImages.id,
      postId: postImages.postId,
      imageUrl: postImages.imageUrl,
      status: postImages.detectionStatus,
      title: posts.title,
      description: posts.description,
    })
    .from(postImages)
    .innerJoin(posts, eq(posts.id, postImages.postId))
    .where(eq(postImages.id, imageId))
    .limit(1);
  return rows[0] ?? null;
}

/** Saves a detection over a queued image only (a second run of the same job changes nothing); false when it was not queued. */
export async function saveDetection(
  tx: Tx,
  imageId: string,
  result: DetectionResult,
  by: { provider: string; model: string | null },
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .update(postImages)
    .set({
      detectionStatus: result.object ? 'done' : 'none',
      detectedObject: result.object,
      detectedCategory: result.category,
      detectedMaterial: result.material,
      detectedFinish: result.finish,
      detectionConfidence: result.confidence,
      keyFeatures: result.keyFeatures,
      visibleText: result.visibleText,
      detectionProvider: by.provider,
      detectionModel: by.model,
      detectedAt: at,
      detectionError: null,
      // A new reading makes the old vector stale; the embed job makes the new one.
      embedding: null,
      embeddingModel: null,
      embeddingDimension: null,
      embeddedAt: null,
    })
    .where(and(eq(postImages.id, imageId), eq(postImages.detectionStatus, 'queued')))
    .returning({ id: postImages.id });
  return rows.length > 0;
}

/** The error of a failed attempt, kept while retries remain (the status stays queued). */
export async function noteDetectionError(db: Conn, imageId: string, message: string): Promise<void> {
  await db
    .update(postImages)
    .set({ detectionError: message.slice(0, 500) })
    .where(and(eq(postImages.id, imageId), eq(postImages.detectionStatus, 'queued')));
}

/** Retries spent: staff see 'Detection failed' with Retry. */
export async function markFailed(db: Conn, imageId: string): Promise<void> {
  await db
    .update(postImages)
    .set({
      detectionStatus: 'failed',
      detectionError: sql`coalesce(${postImages.detectionError}, 'gave up after its retries')`,
    })
    .where(and(eq(postImages.id, imageId), eq(postImages.detectionStatus, 'queued')));
}

export interface ImageDetectionRow {
  id: string;
  postId: string;
  imageUrl: string;
  status: 'queued' | 'done' | 'none' | 'failed' | 'off';
  detectedObject: string | null;
  detectedCategory: string | null;
  detectedMaterial: string | null;
  detectedFinish: string | null;
  detectionConfidence: number | null;
  userConfirmedObject: string | null;
  keyFeatures: string[];
  embeddingModel: string | null;
  postTitle: string;
}

const detectionColumns = {
  id: postImages.id,
  postId: postImages.postId,
  imageUrl: postImages.imageUrl,
  status: postImages.detectionStatus,
  detectedObject: postImages.detectedObject,
  detectedCategory: postImages.detectedCategory,
  detectedMaterial: postImages.detectedMaterial,
  detectedFinish: postImages.detectedFinish,
  detectionConfidence: postImages.detectionConfidence,
  userConfirmedObject: postImages.userConfirmedObject,
  keyFeatures: postImages.keyFeatures,
  embeddingModel: postImages.embeddingModel,
  postTitle: posts.title,
};

export async function imageDetection(db: Conn, imageId: string): Promise<ImageDetectionRow | null> {
  const rows = await db
    .select(detectionColumns)
    .from(postImages)
    .innerJoin(posts, eq(posts.id, postImages.postId))
    .where(eq(postImages.id, imageId))
    .limit(1);
  return rows[0] ?? null;
}

/** The image row locked for an override (two staff saving at once take turns). */
export async function lockImageDetection(tx: Tx, imageId: string): Promise<ImageDetectionRow | null> {
  const rows = await tx
    .select(detectionColumns)
    .from(postImages)
    .innerJoin(posts, eq(posts.id, postImages.postId))
    .where(eq(postImages.id, imageId))
    .limit(1)
    .for('update', { of: postImages });
  return rows[0] ?? null;
}

export interface StoredVector {
  vector: number[];
  model: string;
}

/** Stores a vector made from `sentence`'s words; the model and dimension go with it. */
export async function saveEmbedding(
  db: Conn,
  imageId: string,
  embedding: StoredVector | null,
  at: Date,
): Promise<void> {
  await db
    .update(postImages)
    .set(
      embedding
        ? {
            embedding: embedding.vector,
            embeddingModel: embedding.model,
            embeddingDimension: embedding.vector.length,
            embeddedAt: at,
          }
        : { embedding: null, embeddingModel: null, embeddingDimension: null, embeddedAt: null },
    )
    .where(eq(postImages.id, imageId));
}

export async function saveOverride(
  tx: Tx,
  imageId: string,
  userConfirmedObject: string,
  embedding: StoredVector | null,
  at: Date,
): Promise<void> {
  await tx.update(postImages).set({ userConfirmedObject }).where(eq(postImages.id, imageId));
  await saveEmbedding(tx, imageId, embedding, at);
}

/** Staff's Retry: a failed image goes back to the queue, with its job, in one transaction. */
export async function requeueFailed(tx: Tx, imageId: string, detectionOn: boolean): Promise<boolean> {
  const rows = await tx
    .update(postImages)
    .set({ detectionStatus: detectionOn ? 'queued' : 'off', detectionError: null })
    .where(and(eq(postImages.id, imageId), eq(postImages.detectionStatus, 'failed')))
    .returning({ id: postImages.id });
  if (rows.length === 0) return false;
  if (detectionOn) await sendInTransaction(tx, 'detect-image', { imageId });
  return true;
}

/** Images with a detection (or a correction) and no vector of this model: the demo seed's, or another model's. */
export async function imagesToEmbed(db: Conn, model: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: postImages.id })
    .from(postImages)
    .where(
      and(
        or(isNotNull(postImages.detectedObject), isNotNull(postImages.userConfirmedObject)),
        or(isNull(postImages.embedding), ne(postImages.embeddingModel, model)),
        inArray(postImages.detectionStatus, ['done', 'none', 'off']),
      ),
    )
    .orderBy(postImages.createdAt)
    .limit(limit);
  return rows.map((r) => r.id);
}
