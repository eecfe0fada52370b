import { and, eq, gt, isNotNull, isNull, like, notInArray, or, sql, type AnyColumn } from 'drizzle-orm';
import { AVATAR_VARIANT_WIDTHS, IMAGE_VARIANT_WIDTHS } from '@fenestra/shared';
import type { Db } from '../db/client.js';
import { linkPreviews, postImages, postVideos, profiles, replyImages } from '../db/schema/index.js';
import { pictureCopies, VARIANT_MIME } from '../adapters/media/image.js';
import {
  MEDIA_PREFIX,
  parsePublicUrl,
  publicUrl,
  VARIANT_WIDTHS,
  variantPath,
  type Storage,
} from '../adapters/storage/storage.js';

export interface VariantsResult {
  /** Photos that got their copies. */
  made: number;
  /** Photos whose file is not in the store (or not ours): left as they are, served whole. */
  missing: number;
}

/** A picture with no copies yet that could have some: its size is unknown, or wider than the smallest copy. */
const needsCopies = (widths: AnyColumn, width: AnyColumn, smallest: number = IMAGE_VARIANT_WIDTHS[0]) =>
  and(sql`cardinality(${widths}) = 0`, or(isNull(width), gt(width, smallest)));

const BATCH = 50;

/**
 * Gives pictures stored before copies were made (post and reply photos, video posters, avatars, link-preview
 * pictures) their WebP copies and their size: reads each photo from the store, writes the copies beside it, then records them on its row. Safe to run
 * again and while the forum runs: a copy already written is written again, and a row is only marked once its copies
 * are stored. One photo at a time, on sharp's one thread.
 */
export async function makeMissingVariants(
  db: Db,
  storage: Storage,
  log: (msg: string) => void = () => {},
): Promise<VariantsResult> {
  const result: VariantsResult = { made: 0, missing: 0 };
  const skipped = new Set<string>();

  /** Stores the copies of the photo at `url`; returns what its row should record, or null when it cannot be read. */
  async function copiesOf(url: string) {
    const file = parsePublicUrl(url);
    const original = file ? await storage.get(file.bucket, file.path) : null;
    if (!file || !original) return null;
    const { width, height, variants } = await pictureCopies(original, VARIANT_WIDTHS[file.bucket]).catch(() => ({
      width: 0,
      height: 0,
      variants: [],
    }));
    if (!width) return null;
    for (const v of variants) {
      const target = variantPath(file.path, v.width);
      // A run stopped half-way left some copies: the local disk never overwrites, so the old one goes first.
      await storage.remove(file.bucket, [target]);
      await storage.put(file.bucket, target, v.data, VARIANT_MIME);
    }
    return { width, height, variantWidths: variants.map((v) => v.width) };
  }

  async function run<Row extends { id: string; url: string }>(
    name: string,
    next: () => Promise<Row[]>,
    record: (row: Row, copies: { width: number; height: number; variantWidths: number[] }) => Promise<unknown>,
  ) {
    for (;;) {
      const rows = await next();
      if (rows.length === 0) return;
      for (const row of rows) {
        const copies = await copiesOf(row.url);
        if (copies) {
          await record(row, copies);
          result.made++;
        } else {
          skipped.add(`${name}:${row.id}`);
          result.missing++;
          log(`${name} ${row.id}: ${row.url} could not be read; it keeps being sent whole`);
        }
      }
      log(`${result.made} photos have their copies`);
    }
  }

  const notSkipped = (name: string, id: AnyColumn) => {
    const ids = [...skipped].filter((k) => k.startsWith(`${name}:`)).map((k) => k.slice(name.length + 1));
    return ids.length ? notInArray(id, ids) : undefined;
  };

  await run(
    'post image',
    () =>
      db
        .select({ id: postImages.id, url: postImages.imageUrl })
        .from(postImages)
        .where(and(needsCopies(postImages.variantWidths, postImages.width), notSkipped('post image', postImages.id)))
        .limit(BATCH),
    (row, c) => db.update(postImages).set(c).where(eq(postImages.id, row.id)),
  );
  await run(
    'reply image',
    () =>
      db
        .select({ id: replyImages.id, url: replyImages.imageUrl })
        .from(replyImages)
        .where(
          and(needsCopies(replyImages.variantWidths, replyImages.width), notSkipped('reply image', replyImages.id)),
        )
        .limit(BATCH),
    (row, c) => db.update(replyImages).set(c).where(eq(replyImages.id, row.id)),
  );
  await run(
    'video poster',
    () =>
      db
        .select({ id: postVideos.postId, url: sql<string>`${postVideos.thumbnailUrl}` })
        .from(postVideos)
        .where(
          and(
            isNotNull(postVideos.thumbnailUrl),
            needsCopies(postVideos.thumbnailVariantWidths, postVideos.thumbnailWidth),
            notSkipped('video poster', postVideos.postId),
          ),
        )
        .limit(BATCH),
    (row, c) =>
      db
        .update(postVideos)
        .set({ thumbnailWidth: c.width, thumbnailHeight: c.height, thumbnailVariantWidths: c.variantWidths })
        .where(eq(postVideos.postId, row.id)),
  );
  // Uploaded avatars (a preset emoji is not a file); the row is matched on its address too, in case it changed meanwhile.
  await run(
    'avatar',
    () =>
      db
        .select({ id: profiles.id, url: sql<string>`${profiles.avatarUrl}` })
        .from(profiles)
        .where(
          and(
            like(profiles.avatarUrl, `${MEDIA_PREFIX}/avatars/%`),
            needsCopies(profiles.avatarVariantWidths, profiles.avatarWidth, AVATAR_VARIANT_WIDTHS[0]),
            notSkipped('avatar', profiles.id),
          ),
        )
        .limit(BATCH),
    (row, c) =>
      db
        .update(profiles)
        .set({ avatarWidth: c.width, avatarHeight: c.height, avatarVariantWidths: c.variantWidths })
        .where(and(eq(profiles.id, row.id), eq(profiles.avatarUrl, row.url))),
  );
  await run(
    'link preview',
    async () =>
      (
        await db
          .select({ id: linkPreviews.url, path: linkPreviews.imagePath })
          .from(linkPreviews)
          .where(
            and(
              isNotNull(linkPreviews.imagePath),
              needsCopies(linkPreviews.imageVariantWidths, linkPreviews.imageWidth),
              notSkipped('link preview', linkPreviews.url),
            ),
          )
          .limit(BATCH)
      ).map((r) => ({ id: r.id, path: r.path!, url: publicUrl('post-images', r.path!) })),
    (row, c) =>
      db
        .update(linkPreviews)
        .set({ imageWidth: c.width, imageHeight: c.height, imageVariantWidths: c.variantWidths })
        .where(and(eq(linkPreviews.url, row.id), eq(linkPreviews.imagePath, row.path))),
  );
  return result;
}
