import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile, readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AVATAR_VARIANT_WIDTHS, IMAGE_VARIANT_WIDTHS, imageVariantUrl } from '@fenestra/shared';
import { VARIANT_MIME, type ImageVariant } from '../media/image.js';
import type { MediaAddress } from '../../lib/media-address.js';

// The buckets of SPEC section 7; video thumbnails go to post-images.
export const BUCKETS = ['post-images', 'post-videos', 'avatars'] as const;
export type Bucket = (typeof BUCKETS)[number];

/** Public URLs of stored files start with this prefix; the rest is `{bucket}/{path}`. */
export const MEDIA_PREFIX = '/media';

/** The one rule for where a file goes: `{userId}/{timestamp}-{random}.{ext}`. */
export function storagePath(userId: string, ext: string, now = Date.now()): string {
  return `${userId}/${now}-${randomBytes(6).toString('hex')}.${ext.replace(/^\./, '')}`;
}

/** Where a link preview's picture goes: with post images, under `link-previews/` (no member owns it). */
export const LINK_PREVIEW_FOLDER = 'link-previews';
export const linkPreviewPath = (ext: string, now = Date.now()) => storagePath(LINK_PREVIEW_FOLDER, ext, now);

/** Where a stored photo's WebP copy of this width goes: `{name}.w{width}.webp` beside `{name}.{ext}`. */
export const variantPath = (filePath: string, width: number) => imageVariantUrl(filePath, width);

/**
 * The widths of the WebP copies a picture stored in each bucket gets: photos, posters and link-preview pictures in
 * post-images; avatars theirs. Videos none.
 */
export const VARIANT_WIDTHS: Record<Bucket, readonly number[]> = {
  'post-images': IMAGE_VARIANT_WIDTHS,
  avatars: AVATAR_VARIANT_WIDTHS,
  'post-videos': [],
};

const PHOTO = /\.(jpe?g|png|webp)$/i;
const VARIANT = /\.w\d+\.webp$/;

/**
 * Stored files and, for each picture, its copies at every width its bucket has ever had. Removing a file that is
 * not there costs nothing on either store, so this needs no list of what each picture has.
 */
export function withVariants<F extends { bucket: string; path: string }>(
  files: F[],
): { bucket: F['bucket']; path: string }[] {
  return files.flatMap((f) => {
    const widths = VARIANT_WIDTHS[f.bucket as Bucket] ?? [];
    return widths.length && PHOTO.test(f.path) && !VARIANT.test(f.path)
      ? [f, ...widths.map((w) => ({ bucket: f.bucket, path: variantPath(f.path, w) }))]
      : [f];
  });
}

export function publicUrl(bucket: Bucket, filePath: string): string {
  return `${MEDIA_PREFIX}/${bucket}/${filePath}`;
}

/** The bucket and path behind a public URL of ours, or null for anything else. */
export function parsePublicUrl(url: string): { bucket: Bucket; path: string } | null {
  const m = /^\/media\/([a-z-]+)\/([A-Za-z0-9_-]+\/[A-Za-z0-9_.-]+)$/.exec(url);
  if (!m || !BUCKETS.includes(m[1] as Bucket)) return null;
  return { bucket: m[1] as Bucket, path: m[2]! };
}

/** A stored file opened for the /media route: the whole file, or the byte range asked for. */
export interface OpenedFile {
  body: Readable;
  contentType: string | undefined;
  contentLength: number | undefined;
  /** Set when a range was asked for and served (206). */
  contentRange: string | undefined;
  etag: string | undefined;
}

export interface Storage {
  put(
    bucket: Bucket,
    filePath: string,
    body: Buffer,
    contentType: string,
  ): Promise<{ path: string; publicUrl: string }>;
  get(bucket: Bucket, filePath: string): Promise<Buffer | null>;
  remove(bucket: Bucket, filePaths: string[]): Promise<void>;
  /** Every file in a bucket, with its size (storage:migrate compares two stores with it). */
  list(bucket: Bucket): AsyncIterable<{ path: string; bytes: number }>;
  /** Local folder behind the buckets, when the store is the local disk (the app serves it as static files). */
  readonly root: string | null;
  /** A store that is not a folder streams a file (or a `Range`) to the /media route; null: no such file. */
  open?(bucket: Bucket, filePath: string, range?: string): Promise<OpenedFile | 'unsatisfiable-range' | null>;
}

export const safe = (p: string) => {
  const normal = path.posix.normalize(p);
  if (normal.startsWith('..') || path.posix.isAbsolute(normal)) throw new Error(`Unsafe storage path: ${p}`);
  return normal;
};

/** Local disk in DATA_DIR/uploads; an S3-compatible store would implement the same interface. */
export function localStorage(root: string): Storage {
  return {
    root,
    async put(bucket, filePath, body) {
      const target = path.join(root, bucket, safe(filePath));
      await mkdir(path.dirname(target), { recursive: true });
      // 'wx': never overwrite (SPEC: no overwrite).
      await writeFile(target, body, { flag: 'wx' });
      return { path: filePath, publicUrl: publicUrl(bucket, filePath) };
    },
    async get(bucket, filePath) {
      try {
        return await readFile(path.join(root, bucket, safe(filePath)));
      } catch {
        return null;
      }
    },
    async remove(bucket, filePaths) {
      await Promise.all(filePaths.map((p) => rm(path.join(root, bucket, safe(p)), { force: true })));
    },
    async *list(bucket) {
      const top = path.join(root, bucket);
      const entries = await readdir(top, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const full = path.join(entry.parentPath, entry.name);
        yield { path: path.relative(top, full).split(path.sep).join('/'), bytes: (await stat(full)).size };
      }
    },
  };
}

// The type lives in lib (lib/author.ts calls it); made here.
export type { MediaAddress };

export function mediaAddress(mediaUrl: string | null): MediaAddress {
  if (!mediaUrl) return (stored) => stored;
  return <T extends string | null>(stored: T): T => {
    const file = stored === null ? null : parsePublicUrl(stored);
    return (file ? `${mediaUrl}/${file.bucket}/${file.path}` : stored) as T;
  };
}

export interface StoredFile {
  bucket: string;
  path: string;
}

/** The stored files behind public URLs of ours (anything else is skipped). */
export const storedFilesOf = (urls: string[]): StoredFile[] =>
  urls.map(parsePublicUrl).filter((f): f is { bucket: Bucket; path: string } => f !== null);

/** Puts one file of a batch and remembers it; returns its public URL. */
export type Store = (bucket: Bucket, path: string, data: Buffer, mime: string) => Promise<string>;

/** Writes that stand or fall together: `store` puts a file and remembers it, `undo` removes every file it put. */
export function storeBatch(storage: Storage): { store: Store; undo(): Promise<void> } {
  const stored: StoredFile[] = [];
  return {
    async store(bucket, filePath, data, mime) {
      const put = await storage.put(bucket, filePath, data, mime);
      stored.push({ bucket, path: filePath });
      return put.publicUrl;
    },
    async undo() {
      await removeExactly(storage, stored);
    },
  };
}

/** Stores a picture and its WebP copies beside it through a batch's `store` (a failure removes them all); returns its URL. */
export async function storePicture(
  store: Store,
  bucket: Bucket,
  filePath: string,
  picture: { data: Buffer; mime: string; variants: ImageVariant[] },
): Promise<string> {
  const url = await store(bucket, filePath, picture.data, picture.mime);
  for (const v of picture.variants) await store(bucket, variantPath(filePath, v.width), v.data, VARIANT_MIME);
  return url;
}

/** Removes exactly these files, bucket by bucket. */
export async function removeExactly(storage: Storage, files: StoredFile[]): Promise<void> {
  const byBucket = new Map<Bucket, string[]>();
  for (const f of files) {
    if (!BUCKETS.includes(f.bucket as Bucket)) continue;
    byBucket.set(f.bucket as Bucket, [...(byBucket.get(f.bucket as Bucket) ?? []), f.path]);
  }
  await Promise.all([...byBucket].map(([bucket, paths]) => storage.remove(bucket, paths)));
}

/** Removes files (and a picture's copies) after the transaction that forgot them committed; a failure only leaves an orphan file, logged. */
export async function removeStoredFiles(
  storage: Storage,
  files: StoredFile[],
  log: { warn(obj: object, msg: string): void },
): Promise<void> {
  await removeExactly(storage, withVariants(files)).catch((err: unknown) =>
    log.warn({ err }, 'could not remove a stored file'),
  );
}
