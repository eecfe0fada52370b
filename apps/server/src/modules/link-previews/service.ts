import { pictureCopies, previewDomain, previewKey, type LinkPreview } from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import type { LinkFetcher } from '../../adapters/link-preview/link-fetcher.js';
import {
  linkPreviewPath,
  publicUrl,
  removeExactly,
  storeBatch,
  storePicture,
  withVariants,
  type MediaAddress,
  type Storage,
} from '../../adapters/storage/storage.js';
import { publishEvent } from '../../realtime/bus-event.js';
import {
  deleteUnusedBefore,
  dueForRefetch,
  findLinkPreview,
  linksOfReply,
  recordFetch,
  repliesShowing,
  type LinkPreviewRow,
  type ReplyCardRow,
  type StoredFetch,
} from './repo.js';

// The replies' statement reads their cards with their other attachments (replies/repo.attachmentsOf).
export { replyCardsJson, type ReplyCardRow } from './repo.js';

const HOUR_MS = 60 * 60 * 1000;
/** A card is refetched a day after it was read, a failure after an hour; the old card shows meanwhile. */
export const REFETCH_AFTER_SUCCESS_MS = 24 * HOUR_MS;
export const REFETCH_AFTER_FAILURE_MS = HOUR_MS;
/** Previews asked for while typing and never posted are dropped (with their picture) after a day. */
export const UNUSED_TTL_MS = 24 * HOUR_MS;

type CardRow = Pick<LinkPreviewRow, 'data' | 'imagePath' | 'imageWidth' | 'imageHeight' | 'imageVariantWidths'>;

export function toLinkPreview(url: string, row: CardRow | null, media: MediaAddress): LinkPreview | null {
  if (!row?.data) return null;
  const imageCopies = row.imagePath
    ? pictureCopies(row.imageWidth, row.imageHeight, row.imageVariantWidths)
    : undefined;
  return {
    url,
    title: row.data.title,
    description: row.data.description,
    image: row.imagePath ? media(publicUrl('post-images', row.imagePath)) : null,
    ...(imageCopies && { imageCopies }),
    domain: previewDomain(new URL(url)),
  };
}

/** A link-preview picture with its copies, the way every stored picture is removed. */
const pictureFiles = (paths: string[]) => withVariants(paths.map((path) => ({ bucket: 'post-images' as const, path })));

/** The cards of replies' links (replyCardsJson), by reply id, in each reply's order (links without a card left out). */
export function previewsOfReplies(rows: ReplyCardRow[], media: MediaAddress): Map<string, LinkPreview[]> {
  const byReply = new Map<string, LinkPreview[]>();
  for (const row of rows) {
    const card = toLinkPreview(row.url, row, media);
    if (card) byReply.set(row.replyId, [...(byReply.get(row.replyId) ?? []), card]);
  }
  return byReply;
}

const sameCard = (a: LinkPreviewRow | null, b: LinkPreviewRow) =>
  JSON.stringify(a?.data ?? null) === JSON.stringify(b.data ?? null) && (a?.imagePath ?? null) === b.imagePath;

export function linkPreviewsService(deps: { db: Db; storage: Storage; fetcher: LinkFetcher; media: MediaAddress }) {
  const { db, storage, fetcher, media } = deps;

  /** Fetches a page and its picture (with its copies) through the guard and records the outcome, success or not. */
  async function fetchAndStore(url: string, now: Date): Promise<LinkPreviewRow> {
    const page = await fetcher.page(url);
    // The picture and its copies stand or fall with the row: a failed write or save leaves none of them.
    const batch = storeBatch(storage);
    let recorded: Awaited<ReturnType<typeof recordFetch>>;
    try {
      let stored: StoredFetch | null = null;
      if (page.card) {
        const picture = page.card.imageUrl ? await fetcher.picture(page.card.imageUrl) : null;
        const imagePath = picture ? linkPreviewPath(picture.ext, now.getTime()) : null;
        if (picture && imagePath) await storePicture(batch.store, 'post-images', imagePath, picture);
        stored = {
          card: { title: page.card.title, description: page.card.description },
          image: {
            imagePath,
            imageWidth: picture?.width ?? null,
            imageHeight: picture?.height ?? null,
            imageVariantWidths: picture?.variants.map((v) => v.width) ?? [],
          },
        };
      }
      const refetchAt = new Date(now.getTime() + (stored ? REFETCH_AFTER_SUCCESS_MS : REFETCH_AFTER_FAILURE_MS));
      recorded = await recordFetch(db, url, stored, now, refetchAt);
    } catch (err) {
      await batch.undo();
      throw err;
    }
    if (recorded.replacedImage) await removeExactly(storage, pictureFiles([recorded.replacedImage]));
    return recorded.row;
  }

  /** The card for a link: from the cache while it is fresh, otherwise fetched again (null: no preview). */
  async function preview(link: string, now = new Date()): Promise<LinkPreview | null> {
    const url = previewKey(link);
    if (!url) return null;
    const cached = await findLinkPreview(db, url);
    const row = cached && cached.refetchAt > now ? cached : await fetchAndStore(url, now);
    return toLinkPreview(url, row, media);
  }

  return {
    preview,

    /**
     * The job after a reply is saved: a card for each of its links (cached or fetched), then
     * `reply.updated` so open pages show them. Safe to run twice; a deleted reply is skipped.
     */
    async previewReply(replyId: string, now = new Date()): Promise<number> {
      const reply = await linksOfReply(db, replyId);
      if (!reply || reply.urls.length === 0) return 0;
      let cards = 0;
      for (const url of reply.urls) if (await preview(url, now)) cards++;
      if (cards > 0) await publishEvent(db, { type: 'reply.updated', postId: reply.postId, replyId });
      return cards;
    },

    /** Refetches cards replies show whose time has come, and tells open pages about the ones that changed. */
    async refreshDue(now = new Date(), limit = 50): Promise<number> {
      const urls = await dueForRefetch(db, now, limit);
      for (const url of urls) {
        const before = await findLinkPreview(db, url);
        const after = await fetchAndStore(url, now);
        if (sameCard(before, after)) continue;
        for (const shown of await repliesShowing(db, url)) {
          await publishEvent(db, { type: 'reply.updated', postId: shown.postId, replyId: shown.replyId });
        }
      }
      return urls.length;
    },

    /** Drops previews no reply uses, and their pictures, a day after they were fetched. */
    async sweepUnused(now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - UNUSED_TTL_MS);
      let removed = 0;
      for (;;) {
        const rows = await deleteUnusedBefore(db, cutoff, 200);
        if (rows.length === 0) return removed;
        await removeExactly(storage, pictureFiles(rows.flatMap((r) => (r.imagePath ? [r.imagePath] : []))));
        removed += rows.length;
      }
    },
  };
}

export type LinkPreviewsService = ReturnType<typeof linkPreviewsService>;

// What other modules call inside their own transaction: a saved reply's links, whose cards a job fetches.
export { insertReplyLinks } from './repo.js';
