import { previewDomain, type LinkPreview } from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import type { LinkFetcher } from '../../adapters/link-preview/link-fetcher.js';
import { linkPreviewPath, publicUrl, type Storage } from '../../adapters/storage/storage.js';
import { deleteUnusedBefore, findLinkPreview, recordFetch, type LinkPreviewRow } from './repo.js';

const HOUR_MS = 60 * 60 * 1000;
/** A card is refetched a day after it was read, a failure after an hour; the old card shows meanwhile. */
export const REFETCH_AFTER_SUCCESS_MS = 24 * HOUR_MS;
export const REFETCH_AFTER_FAILURE_MS = HOUR_MS;
/** Previews asked for while typing and never posted are dropped (with their picture) after a day. */
export const UNUSED_TTL_MS = 24 * HOUR_MS;

/** The link as the cache keys it: http(s) only, without its fragment; null for anything else. */
export function previewKey(link: string): URL | null {
  if (!URL.canParse(link)) return null;
  const url = new URL(link);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  return url;
}

export function toLinkPreview(url: string, row: Pick<LinkPreviewRow, 'data' | 'imagePath'> | null): LinkPreview | null {
  if (!row?.data) return null;
  return {
    url,
    title: row.data.title,
    description: row.data.description,
    image: row.imagePath ? publicUrl('post-images', row.imagePath) : null,
    domain: previewDomain(new URL(url)),
  };
}

export function linkPreviewsService(deps: { db: Db; storage: Storage; fetcher: LinkFetcher }) {
  const { db, storage, fetcher } = deps;

  /** Fetches a page and its picture through the guard and records the outcome, success or not. */
  async function fetchAndStore(url: URL, now: Date): Promise<LinkPreviewRow> {
    const page = await fetcher.page(url.href);
    let stored: { card: { title: string; description: string | null }; imagePath: string | null } | null = null;
    if (page.card) {
      const picture = page.card.imageUrl ? await fetcher.picture(page.card.imageUrl) : null;
      const imagePath = picture ? linkPreviewPath(picture.ext, now.getTime()) : null;
      if (picture && imagePath) await storage.put('post-images', imagePath, picture.data, picture.mime);
      stored = { card: { title: page.card.title, description: page.card.description }, imagePath };
    }
    const refetchAt = new Date(now.getTime() + (stored ? REFETCH_AFTER_SUCCESS_MS : REFETCH_AFTER_FAILURE_MS));
    try {
      const { row, replacedImage } = await recordFetch(db, url.href, stored, now, refetchAt);
      if (replacedImage) await storage.remove('post-images', [replacedImage]);
      return row;
    } catch (err) {
      if (stored?.imagePath) await storage.remove('post-images', [stored.imagePath]);
      throw err;
    }
  }

  return {
    /** The card for a link: from the cache while it is fresh, otherwise fetched again (null: no preview). */
    async preview(link: string, now = new Date()): Promise<LinkPreview | null> {
      const url = previewKey(link);
      if (!url) return null;
      const cached = await findLinkPreview(db, url.href);
      const row = cached && cached.refetchAt > now ? cached : await fetchAndStore(url, now);
      return toLinkPreview(url.href, row);
    },

    /** Drops previews no reply uses, and their pictures, a day after they were fetched. */
    async sweepUnused(now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - UNUSED_TTL_MS);
      let removed = 0;
      for (;;) {
        const rows = await deleteUnusedBefore(db, cutoff, 200);
        if (rows.length === 0) return removed;
        await storage.remove('post-images', rows.flatMap((r) => (r.imagePath ? [r.imagePath] : [])));
        removed += rows.length;
      }
    },
  };
}

export type LinkPreviewsService = ReturnType<typeof linkPreviewsService>;
