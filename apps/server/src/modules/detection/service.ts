import type pg from 'pg';
import { z } from 'zod';
import {
  DETECTION_TEXT,
  MSG,
  type Detection,
  type DraftDetectionBody,
  type OverrideDetectionInput,
  type OverrideDetectionResult,
} from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import type { Storage } from '../../adapters/storage/storage.js';
import { parsePublicUrl } from '../../adapters/storage/storage.js';
import { AiError, detectionSentence, type AiProvider, type DetectionResult } from '../../adapters/ai/index.js';
import { AppError, conflict, notFound, unavailable } from '../../lib/errors.js';
import type { MemberRow } from '../../lib/member.js';
import { writeLog } from '../moderation/service.js';
import { publishEvent } from '../../realtime/bus-event.js';
import * as repo from './repo.js';
import * as photos from './photos-repo.js';
import { storedDetectionOf, type PhotoOf } from './photos-repo.js';

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

/** What a detection run did: saved a detection (and whether it names an object), or was asked to wait. */
export interface DetectOutcome {
  saved: boolean;
  embed: boolean;
  retryAfterSeconds?: number;
}
/** The longest Retry-After honoured; a provider asking for longer is asked again then. */
const MAX_RETRY_AFTER = 600;

export function detectionService(deps: { db: Db; storage: Storage; ai: AiProvider; now: () => Date }) {
  const { db, storage, ai, now } = deps;
  const detectionOn = ai.name !== 'off';
  // This process's running detections by image: a second run of one joins the first.
  const inFlight = new Map<string, Promise<DetectOutcome>>();

  /** The vector of a detection's words with the current model, or null when there is nothing to embed or AI is off. */
  async function vectorOf(d: { object: string | null; userConfirmedObject: string | null; keyFeatures: string[] }) {
    const sentence = detectionSentence(d);
    if (!sentence || !ai.embeddingModel) return null;
    const [vector] = await ai.embed([sentence]);
    return vector?.length ? { vector, model: ai.embeddingModel } : null;
  }

  /** One photo to read: where it is, the words it came with, and how its reading is kept. */
  interface Target {
    load(): Promise<{ imageUrl: string; status: string | null; title: string; description: string } | null>;
    save(result: DetectionResult): Promise<boolean>;
    noteError(message: string): Promise<void>;
    markFailed(): Promise<void>;
  }

  async function detectOnce(id: string, target: Target): Promise<DetectOutcome> {
    const image = await target.load();
    if (!image || image.status !== 'queued') return { saved: false, embed: false };
    const location = parsePublicUrl(image.imageUrl);
    const bytes = location ? await storage.get(location.bucket, location.path) : null;
    if (!bytes) throw new Error(`The image file of ${id} is missing`);
    try {
      const result = await ai.detect({ image: bytes, title: image.title, description: image.description });
      const saved = await target.save(result);
      return { saved, embed: saved && Boolean(result.object) };
    } catch (err) {
      await target.noteError(err instanceof Error ? err.message : String(err));
      if (err instanceof AiError && err.kind === 'bad_response') {
        await target.markFailed();
        return { saved: false, embed: false };
      }
      if (err instanceof AiError && err.retryAfterSeconds !== null)
        return { saved: false, embed: false, retryAfterSeconds: Math.min(err.retryAfterSeconds, MAX_RETRY_AFTER) };
      throw err;
    }
  }

  const by = () => ({ provider: ai.name, model: ai.detectionModel });

  /** A question's own photo (post_images). */
  const postImage = (imageId: string): Target => ({
    load: () => repo.imageForDetection(db, imageId),
    save: (result) => db.transaction((tx) => repo.saveDetection(tx, imageId, result, by(), now())),
    noteError: (message) => repo.noteDetectionError(db, imageId, message),
    markFailed: () => repo.markFailed(db, imageId),
  });

  /** The question author's reply photo, or a photo on the ask form before posting (its words from the job). */
  const photo = (of: PhotoOf, id: string, words: { title: string; description: string }): Target => {
    let replyOf: { postId: string; replyId: string } | null = null;
    return {
      load: async () => {
        const found =
          of === 'reply' ? await photos.replyPhotoForDetection(db, id) : await photos.draftForDetection(db, id, words);
        if (found?.postId && found.replyId) replyOf = { postId: found.postId, replyId: found.replyId };
        return found;
      },
      save: (result) =>
        db.transaction(async (tx) => {
          const saved = await photos.savePhotoDetection(tx, of, id, result, by(), now());
          // Open pages of the question fetch the reply again (its photo now says what it shows).
          if (saved && replyOf) await publishEvent(tx, { type: 'reply.updated', ...replyOf });
          return saved;
        }),
      noteError: (message) => photos.notePhotoError(db, of, id, message),
      markFailed: () => photos.markPhotoFailed(db, of, id),
    };
  };

  /** This process's run of one photo, or a new one holding its lock: a second run joins the first. */
  function runOnce(key: string, id: string, target: Target): Promise<DetectOutcome> {
    const running = inFlight.get(key);
    if (running) return running;
    const run = withImageLock(key, () => detectOnce(id, target)).finally(() => inFlight.delete(key));
    inFlight.set(key, run);
    return run;
  }

  /** Runs `work` holding the image's advisory lock (on its own connection): another process's run of it fails. */
  async function withImageLock<T>(imageId: string, work: () => Promise<T>): Promise<T> {
    const client = await (db as unknown as { $client: pg.Pool }).$client.connect();
    try {
      const { rows } = await client.query<{ got: boolean }>(
        `SELECT pg_try_advisory_lock(hashtext('detect-image'), hashtext($1)) AS got`,
        [imageId],
      );
      if (!rows[0]?.got) throw new Error(`A detection of ${imageId} is still running`);
      try {
        return await work();
      } finally {
        await client.query(`SELECT pg_advisory_unlock(hashtext('detect-image'), hashtext($1))`, [imageId]);
      }
    } finally {
      client.release();
    }
  }

  /** Where the reading of a member's own photo on the ask form is (404 before it was sent to be read). */
  async function draftDetection(member: MemberRow, uploadId: string): Promise<Detection> {
    const row = isUuid(uploadId) ? await photos.ownDraft(db, member.id, uploadId) : null;
    if (!row?.status) throw notFound(MSG.uploadNotFound);
    return storedDetectionOf(row.status, row.detection);
  }

  return {
    detectionOn,

    /**
     * The 'detect-image' job: reads a queued image with the provider; whether it saved a detection and found an
     * object, or how long the provider asked us to wait (Retry-After). Never runs twice at once: a second run of
     * the same image (its job expired and was fetched again while the first still works) waits for the first in
     * this process, and in another process finds the image's lock taken and fails, to be retried later. An
     * answer that is no detection (malformed, an HTML page, a 500) marks the image failed at once.
     */
    detectImage(imageId: string): Promise<DetectOutcome> {
      return runOnce(imageId, imageId, postImage(imageId));
    },

    /** The same job for a reply photo or a draft (never embedded: similar questions compare questions' photos). */
    async detectPhoto(
      of: PhotoOf,
      id: string,
      words: { title?: string; description?: string } = {},
    ): Promise<DetectOutcome> {
      const text = { title: words.title ?? '', description: words.description ?? '' };
      const outcome = await runOnce(`${of}:${id}`, id, photo(of, id, text));
      return { ...outcome, embed: false };
    },

    /**
     * The ask form sends a question's photo to be read before the question is posted (its advice shows right after
     * the upload): the member's own unattached photo only, queued once (asking again answers where it is).
     */
    async detectDraft(member: MemberRow, uploadId: string, words: DraftDetectionBody): Promise<Detection> {
      if (!isUuid(uploadId)) throw notFound(MSG.uploadNotFound);
      await db.transaction((tx) => photos.queueDraftDetection(tx, member.id, uploadId, words, detectionOn));
      return draftDetection(member, uploadId);
    },

    draftDetection,

    /** The dead letter of a reply photo's or a draft's 'detect-image'. */
    markPhotoFailed: (of: PhotoOf, id: string) => photos.markPhotoFailed(db, of, id),

    /** The 'embed-image' job: the vector of the image's current words (a correction first). */
    async embedImage(imageId: string): Promise<void> {
      if (!ai.embeddingModel) return;
      const row = await repo.imageDetection(db, imageId);
      if (!row) return;
      const embedding = await vectorOf({
        object: row.detectedObject,
        userConfirmedObject: row.userConfirmedObject,
        keyFeatures: row.keyFeatures,
      });
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
    async override(actor: MemberRow, input: OverrideDetectionInput): Promise<OverrideDetectionResult> {
      const current = await repo.imageDetection(db, input.imageId);
      if (!current) throw notFound(MSG.notFoundApi);
      let embedding: Awaited<ReturnType<typeof vectorOf>> = null;
      try {
        embedding = await vectorOf({
          object: current.detectedObject,
          userConfirmedObject: input.userConfirmedObject,
          keyFeatures: current.keyFeatures,
        });
      } catch (err) {
        throw overrideError(err);
      }
      return db.transaction(async (tx) => {
        const row = await repo.lockImageDetection(tx, input.imageId);
        if (!row) throw notFound(MSG.notFoundApi);
        await repo.saveOverride(tx, row.id, input.userConfirmedObject, embedding, now());
        const before = row.userConfirmedObject ?? row.detectedObject ?? DETECTION_TEXT.notIdentified;
        await writeLog(tx, {
          actorId: actor.id,
          actorUsername: actor.username,
          action: 'override_detection',
          targetType: 'post',
          targetId: row.postId,
          targetLabel: row.postTitle,
          reason: DETECTION_TEXT.successBody(before, input.userConfirmedObject),
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

// What other modules call inside their own transaction: a new post's or edited post's images queued for detection.
export { queueDetections, queueImageDetections } from './repo.js';
export { queueReplyPhotoDetections, storedDetectionOf } from './photos-repo.js';
