import { LIMITS } from '@fenestra/shared';
import { reencodeImage, ImageRejected, type EncodedImage } from '../media/image.js';
import { VARIANT_WIDTHS } from '../storage/storage.js';
import { sniffType } from '../media/sniff.js';
import {
  guardedFetch,
  LinkRefused,
  systemResolver,
  type FetchLimits,
  type LinkGuard,
  type RefusalReason,
} from './guarded-fetch.js';
import { decodePage, readPageCard, type PageCard } from './page-card.js';

export const PAGE_LIMITS: FetchLimits = { maxBytes: 1024 * 1024, timeLimitMs: 5000, maxRedirects: 3 };
export const IMAGE_LIMITS: FetchLimits = { maxBytes: LIMITS.images.maxBytes, timeLimitMs: 5000, maxRedirects: 3 };
export const PREVIEW_IMAGE_SIDE = 1200;

// Raster types only: an SVG is a document (scripts, external references), never a preview picture.
const PICTURE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

export type PageResult = { card: PageCard } | { card: null; reason: RefusalReason | 'no-card' };

export interface LinkFetcher {
  /** The card a page declares, or why there is none; never throws for anything a link can do. */
  page(link: string): Promise<PageResult>;
  /** A page's picture, re-encoded to at most 1200 px, with its WebP copies; null for anything but a readable raster image. */
  picture(link: string): Promise<EncodedImage | null>;
}

export function createLinkFetcher(
  guard: LinkGuard,
  limits: { page: FetchLimits; image: FetchLimits } = { page: PAGE_LIMITS, image: IMAGE_LIMITS },
): LinkFetcher {
  return {
    async page(link) {
      try {
        const fetched = await guardedFetch(link, guard, limits.page, {
          header: 'text/html',
          mime: (mime) => mime === 'text/html',
        });
        const card = await readPageCard(decodePage(fetched.body, fetched.charset), fetched.url);
        return card ? { card } : { card: null, reason: 'no-card' };
      } catch (err) {
        if (err instanceof LinkRefused) return { card: null, reason: err.reason };
        throw err;
      }
    },
    async picture(link) {
      try {
        const fetched = await guardedFetch(link, guard, limits.image, {
          header: 'image/webp,image/png,image/jpeg,image/gif',
          mime: (mime) => mime.startsWith('image/') && mime !== 'image/svg+xml',
        });
        const sniffed = await sniffType(fetched.body);
        if (!sniffed || !PICTURE_TYPES.has(sniffed.mime)) return null;
        return await reencodeImage(fetched.body, {
          maxSide: PREVIEW_IMAGE_SIDE,
          keepPng: sniffed.mime === 'image/png',
          variants: VARIANT_WIDTHS['post-images'],
        });
      } catch (err) {
        if (err instanceof LinkRefused || err instanceof ImageRejected) return null;
        throw err;
      }
    },
  };
}

/** The fetcher a server uses: the system's DNS and the configured allow-list. */
export const systemLinkFetcher = (allow: ReadonlySet<string>) => createLinkFetcher({ resolve: systemResolver, allow });
