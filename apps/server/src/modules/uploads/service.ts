import {
  IMAGE_TYPES,
  IMAGE_UPLOAD_PURPOSES,
  LIMITS,
  MSG,
  VIDEO_TYPES,
  type ImageUploadPurpose,
  type UploadedFile,
} from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import {
  removeExactly,
  storagePath,
  storeBatch,
  storePicture,
  VARIANT_WIDTHS,
  withVariants,
  type Bucket,
  type MediaAddress,
  type Storage,
  type Store,
} from '../../adapters/storage/storage.js';
import { sniffType } from '../../adapters/media/sniff.js';
import { ImageRejected, reencodeImage, type EncodedImage } from '../../adapters/media/image.js';
import { readVideoDuration } from '../../adapters/media/video.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { workGate } from '../../lib/work-gate.js';
import { readFile } from 'node:fs/promises';
import {
  deleteOwnUnattached,
  deleteStaleUnattached,
  deleteUploadsById,
  insertUpload,
  type UploadKind,
  type UploadRow,
} from './repo.js';

/** A file as it arrived in a request, read up to a cap. */
export interface ReceivedFile {
  filename: string;
  data: Buffer;
  /** A file written to disk as it arrived (a video): its bytes are read from here, and data is empty. */
  path?: string;
  size?: number;
  /** More bytes arrived than allowed (data is then empty). */
  tooLarge: boolean;
}

export const IMAGE_PURPOSES = IMAGE_UPLOAD_PURPOSES;
export type ImagePurpose = ImageUploadPurpose;

interface ImageRules {
  kind: UploadKind;
  bucket: Bucket;
  maxFiles: number;
  maxBytes: number;
  maxSide: number;
}

export const IMAGE_RULES: Record<ImagePurpose, ImageRules> = {
  post: {
    kind: 'image',
    bucket: 'post-images',
    maxFiles: LIMITS.images.perPost,
    maxBytes: LIMITS.images.maxBytes,
    maxSide: LIMITS.compression.maxPixels,
  },
  // Reply pictures are stored with post images and follow the same rules.
  reply: {
    kind: 'image',
    bucket: 'post-images',
    maxFiles: LIMITS.images.perReply,
    maxBytes: LIMITS.images.maxBytes,
    maxSide: LIMITS.compression.maxPixels,
  },
  avatar: {
    kind: 'avatar',
    bucket: 'avatars',
    maxFiles: 1,
    maxBytes: LIMITS.avatar.maxBytes,
    maxSide: LIMITS.avatar.maxPixels,
  },
  // The site's logo and favicon are stored like avatars (admins only: the route checks); the settings claim them.
  logo: {
    kind: 'avatar',
    bucket: 'avatars',
    maxFiles: 1,
    maxBytes: LIMITS.avatar.maxBytes,
    maxSide: LIMITS.avatar.maxPixels,
  },
  favicon: {
    kind: 'avatar',
    bucket: 'avatars',
    maxFiles: 1,
    maxBytes: LIMITS.avatar.maxBytes,
    maxSide: 256,
  },
};

/** Uploads never attached to a post, reply or profile are removed after this long. */
export const UNATTACHED_TTL_MS = 24 * 60 * 60 * 1000;

const MB = 1024 * 1024;
const nameOf = (file: ReceivedFile) => file.filename || 'File';

interface StoredFile {
  bucket: Bucket;
  path: string;
}

function toUploadedFile(row: UploadRow, media: MediaAddress): UploadedFile {
  const file: UploadedFile = {
    id: row.id,
    path: row.path,
    publicUrl: media(row.publicUrl),
    mimeType: row.mimeType,
    fileSize: row.bytes,
  };
  if (row.kind === 'video') {
    file.thumbnailUrl = media(row.thumbnailUrl);
    if (row.durationSeconds !== null) file.duration = row.durationSeconds;
  }
  return file;
}

/** Checks an image by its bytes and re-encodes it; throws the message the member sees. */
async function prepareImage(file: ReceivedFile, rules: ImageRules): Promise<EncodedImage> {
  const name = nameOf(file);
  const type = await sniffType(file.data);
  if (!type?.mime.startsWith('image/')) throw badRequest(MSG.invalidImageType(name), 'files');
  if (!(IMAGE_TYPES as readonly string[]).includes(type.mime)) throw badRequest(MSG.onlyImageTypes, 'files');
  try {
    // Smaller copies for cards and phones: a photo's 160-1280 px, an avatar's 48-192 px.
    return await reencodeImage(file.data, {
      maxSide: rules.maxSide,
      keepPng: type.mime === 'image/png',
      variants: VARIANT_WIDTHS[rules.bucket],
    });
  } catch (err) {
    if (err instanceof ImageRejected && err.reason === 'too-many-pixels')
      throw badRequest(MSG.tooManyPixels(name), 'files');
    if (err instanceof ImageRejected) throw badRequest(MSG.invalidImageType(name), 'files');
    throw err;
  }
}

export function uploadsService(deps: { db: Db; storage: Storage; media: MediaAddress }) {
  const { db, storage, media } = deps;

  const removeFiles = (files: StoredFile[]) => removeExactly(storage, files);

  const filesOf = (row: UploadRow): StoredFile[] =>
    withVariants([
      { bucket: row.bucket as Bucket, path: row.path },
      ...(row.thumbnailPath ? [{ bucket: 'post-images' as const, path: row.thumbnailPath }] : []),
    ]);

  /** Runs one request's writes; if any step fails, what it already stored is removed (SPEC section 4). */
  async function asOneBatch<T>(work: (store: Store, rows: string[]) => Promise<T>): Promise<T> {
    const batch = storeBatch(storage);
    const rowIds: string[] = [];
    try {
      return await work(batch.store, rowIds);
    } catch (err) {
      await Promise.allSettled([deleteUploadsById(db, rowIds), batch.undo()]);
      throw err;
    }
  }

  /** Checks a video by its bytes and container, stores it unchanged, and its poster frame as JPEG. */
  async function checkAndStoreVideo(
    userId: string,
    video: ReceivedFile,
    thumbnail: ReceivedFile | undefined,
  ): Promise<UploadedFile> {
    const type = await sniffType(video.data);
    if (!type || !(VIDEO_TYPES as readonly string[]).includes(type.mime))
      throw badRequest(MSG.invalidVideoType, 'video');
    const duration = await readVideoDuration(video.data, type.mime);
    if (duration === null) throw badRequest(MSG.invalidVideoFile, 'video');
    if (duration >= LIMITS.video.maxSeconds) throw badRequest(MSG.videoTooLong, 'video');

    let poster: EncodedImage | null = null;
    if (thumbnail) {
      const thumbType = thumbnail.tooLarge ? null : await sniffType(thumbnail.data);
      if (!thumbType || !(IMAGE_TYPES as readonly string[]).includes(thumbType.mime))
        throw badRequest(MSG.failedThumbnail, 'thumbnail');
      try {
        poster = await reencodeImage(thumbnail.data, {
          maxSide: LIMITS.compression.maxPixels,
          keepPng: false,
          variants: VARIANT_WIDTHS['post-images'],
        });
      } catch {
        throw badRequest(MSG.failedThumbnail, 'thumbnail');
      }
    }

    return asOneBatch(async (store, rowIds) => {
      const path = storagePath(userId, type.ext);
      const url = await store('post-videos', path, video.data, type.mime);
      const thumbnailPath = poster ? storagePath(userId, poster.ext) : null;
      const thumbnailUrl =
        poster && thumbnailPath ? await storePicture(store, 'post-images', thumbnailPath, poster) : null;
      const row = await insertUpload(db, {
        userId,
        kind: 'video',
        bucket: 'post-videos',
        path,
        publicUrl: url,
        mimeType: type.mime,
        bytes: video.data.length,
        durationSeconds: duration,
        thumbnailPath,
        thumbnailUrl,
        // A video's row describes its poster's picture.
        width: poster?.width ?? null,
        height: poster?.height ?? null,
        variantWidths: poster?.variants.map((v) => v.width) ?? [],
        originalName: video.filename || null,
      });
      rowIds.push(row.id);
      return toUploadedFile(row, media);
    });
  }

  // Videos are checked one at a time, so only one is ever held in memory.
  const videoChecks = workGate({ concurrency: 1, queue: 8 });

  return {
    /** Checks, re-encodes and stores a batch of images: all of them, or none. */
    async uploadImages(userId: string, files: ReceivedFile[], purpose: ImagePurpose): Promise<UploadedFile[]> {
      const rules = IMAGE_RULES[purpose];
      if (files.length === 0) throw badRequest(MSG.chooseImage, 'files');
      if (files.length > rules.maxFiles) throw badRequest(MSG.maxFiles(rules.maxFiles), 'files');
      if (files.some((f) => f.tooLarge || f.data.length > rules.maxBytes)) {
        throw badRequest(MSG.filesTooLarge(rules.maxBytes / MB), 'files');
      }
      return asOneBatch(async (store, rowIds) => {
        const result: UploadedFile[] = [];
        for (const file of files) {
          const image = await prepareImage(file, rules);
          const path = storagePath(userId, image.ext);
          const url = await storePicture(store, rules.bucket, path, image);
          const row = await insertUpload(db, {
            userId,
            kind: rules.kind,
            bucket: rules.bucket,
            path,
            publicUrl: url,
            mimeType: image.mime,
            bytes: image.data.length,
            width: image.width,
            height: image.height,
            variantWidths: image.variants.map((v) => v.width),
            originalName: file.filename || null,
          });
          rowIds.push(row.id);
          result.push(toUploadedFile(row, media));
        }
        return result;
      });
    },

    /** A video as received (streamed to a temporary file by the route): checked, then stored unchanged. */
    async uploadVideo(
      userId: string,
      received: ReceivedFile | undefined,
      thumbnail: ReceivedFile | undefined,
    ): Promise<UploadedFile> {
      const size = received?.size ?? received?.data.length ?? 0;
      if (!received || (size === 0 && !received.tooLarge)) throw badRequest(MSG.invalidVideoFile, 'video');
      if (received.tooLarge || size > LIMITS.video.maxBytes) throw badRequest(MSG.videoTooLarge, 'video');
      // One video in memory at a time: it is read from its temporary file only for its checks and storing.
      return videoChecks.run(async () => {
        const video = received.path ? { ...received, data: await readFile(received.path) } : received;
        return checkAndStoreVideo(userId, video, thumbnail);
      });
    },

    /** The owner removes an upload not yet attached; anything else is 'not found'. */
    async removeOwn(userId: string, id: string): Promise<void> {
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
        throw notFound(MSG.uploadNotFound);
      const row = await deleteOwnUnattached(db, userId, id);
      if (!row) throw notFound(MSG.uploadNotFound);
      await removeFiles(filesOf(row));
    },

    /** Removes uploads never attached within a day, rows then files; safe to run twice. Returns how many. */
    async sweepUnattached(now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - UNATTACHED_TTL_MS);
      let removed = 0;
      for (;;) {
        const rows = await deleteStaleUnattached(db, cutoff, 200);
        if (rows.length === 0) return removed;
        await removeFiles(rows.flatMap(filesOf));
        removed += rows.length;
      }
    },
  };
}

export type UploadsService = ReturnType<typeof uploadsService>;

// What other modules call inside their own transaction: a member's uploads claimed for a post, reply or avatar.
export { claimUploads, type UploadRow } from './repo.js';
