import { z } from 'zod';
import { DETECTION_TEXT, MSG, overrideDetectionSchema, type OverrideDetectionResult } from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import type { Storage } from '../../adapters/storage/storage.js';
import { parsePublicUrl } from '../../adapters/storage/storage.js';
import { AiError, detectionSentence, type AiProvider } from '../../adapters/ai/index.js';
import { AppError, conflict, notFound, unavailable } from '../../lib/errors.js';
import type { MemberRow } from '../../lib/member.js';
import { parse } from '../../lib/validation.js';
import { writeLog } from '../moderation/repo.js';
import * as repo from './repo.js';

const uuid = z.uuid();
const isUuid = (value: string) => uuid.safeParse(value).success;

/** A provider's refusal as the override's status (SPEC section 8 'Override errors'): 429, 402, else 503. */
function overrideError(err: unknown): AppError {
  if (err instanceof AiError) {
    if (err.kind === 'rate_limited') return new AppError(429, 'TOO_MANY_REQUESTS', DETECTION_TEXT.rateLimited);
    if (err.kind === 'payment_required') return new AppError(402, 'PAYMENT_REQUIRED', DETECTION_TEXT.paymentRequired);
  }
  return unavailable(DETECTION_TEXT.unavailable);
}

export function detectionService(deps: { db: Db; storage: Storage; ai: AiProvider; now: () => Date }) {
  const { db, storage, ai, now } = deps;
  const detectionOn = ai.name !== 'off';

  /** The vector of a detection's words with the current model, or null when there is nothing to embed or AI is off. */
  async function vectorOf(d: { object: string | null; userConfirmedObject: string | null; keyFeatures: string[] }) {
    const sentence = detectionSentence(d);
    if (!sentence || !ai.embeddingModel) return null;
    const [vector] = await ai.embed([sentence]);
    return vector?.length ? { vector, model: ai.embeddingModel } : null;
  }

  return {
    detectionOn,

    /** The 'detect-image' job: reads a queued image with the provider; returns whether it found an object. */
    async detectImage(imageId: string): Promise<{ saved: boolean; embed: boolean }> {
      const image = await repo.imageForDetection(db, imageId);
      if (!image || image.status !== 'queued') return { saved: false, embed: false };
      const location = parsePublicUrl(image.imageUrl);
      const bytes = location ? await storage.get(location.bucket, location.path) : null;
      if (!bytes) throw new Error(`The image file of ${imageId} is missing`);
      try {
        const result = await ai.detect({ image: bytes, title: image.title, description: image.description });
        const saved = await db.transaction((tx) => repo.saveDetection(tx, imageId, result, { provider: ai.name, model: ai.detectionModel }, now()));
        return { saved, embed: saved && Boolean(result.object) };
      } catch (err) {
        await repo.noteDetectionError(db, imageId, err instanceof Error ? err.message : String(err));
        throw err;
      }
    },

    /** The 'embed-image' job: the vector of the image's current words (a correction first). */
    async embedImage(imageId: string): Promise<void> {
      if (!ai.embeddingModel) return;
      const row = await repo.imageDetection(db, imageId);
      if (!row) return;
      const embedding = await vectorOf({ object: row.detectedObject, userConfirmedObject: row.userConfirmedObject, keyFeatures: row.keyFeatures });
      await repo.saveEmbedding(db, imageId, embedding, now());
    },

    /** The dead letter of 'detect-image'. */
    markFailed: (imageId: string) => repo.markFailed(db, imageId),

    /** At start: detections without a vector of the current model (the demo seed's, or after a model change), a page of them. */
    async imagesToEmbed(limit = 500): Promise<string[]> {
      return ai.embeddingModel ? repo.imagesToEmbed(db, ai.embeddingModel, limit) : [];
    },

    /**
     * Staff correct an image's object: the vector is made first (nothing is saved when that fails), then the
     * correction, the vector and the log row in one transaction; the post's similar list follows through the queue.
     */
    async override(actor: MemberRow, body: unknown): Promise<OverrideDetectionResult> {
      const input = parse(overrideDetectionSchema, body);
      const current = await repo.imageDetection(db, input.imageId);
      if (!current) throw notFound(MSG.notFoundApi);
      let embedding: Awaited<ReturnType<typeof vectorOf>> = null;
      try {
        embedding = await vectorOf({ object: current.detectedObject, userConfirmedObject: input.userConfirmedObject, keyFeatures: current.keyFeatures });
      } catch (err) {
        throw overrideError(err);
      }
      return db.transaction(async (tx) => {
        const row = await repo.lockImageDetection(tx, input.imageId);
        if (!row) throw notFound(MSG.notFoundApi);
        await repo.saveOverride(tx, row.id, input.userConfirmedObject, embedding, now());
        const before = row.userConfirmedObject ?? row.detectedObject ?? DETECTION_TEXT.notIdentified;
        await writeLog(tx, {
          actorId: actor.id, actorUsername: actor.username, action: 'override_detection', targetType: 'post',
          targetId: row.postId, targetLabel: row.postTitle, reason: DETECTION_TEXT.successBody(before, input.userConfirmedObject),
        });
        return {
          newDetection: {
            object: input.userConfirmedObject,
            detectedObject: row.detectedObject,
            category: row.detectedCategory,
            material: row.detectedMaterial,
            finish: row.detectedFinish,
            confidence: row.detectionConfidence,
            keyFeatures: row.keyFeatures,
            embedded: embedding !== null,
          },
          message: DETECTION_TEXT.successTitle,
        };
      });
    },

    /** Staff's Retry on a failed image. */
    async retry(imageId: string): Promise<{ status: 'queued' | 'off' }> {
      if (!isUuid(imageId)) throw notFound(MSG.notFoundApi);
      const requeued = await db.transaction((tx) => repo.requeueFailed(tx, imageId, detectionOn));
      if (!requeued) {
        if (!(await repo.imageDetection(db, imageId))) throw notFound(MSG.notFoundApi);
        throw conflict('NOT_FAILED', 'Only a failed detection can be retried');
      }
      return { status: detectionOn ? 'queued' : 'off' };
    },
  };
}

export type DetectionService = ReturnType<typeof detectionService>;
