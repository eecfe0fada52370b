import { z } from 'zod';
import { LINK_PREVIEW_LIMITS, type LinkPreview } from './link-previews.js';

export const linkPreviewRequestSchema = z.object({
  url: z.string().trim().min(1).max(LINK_PREVIEW_LIMITS.maxUrlLength),
});

export const linkPreviewSchema = z.object({
  url: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  /** Our own copy of the page's picture (served from this origin), or null. */
  image: z.string().nullable(),
  imageCopies: z.object({ width: z.number(), height: z.number(), variantWidths: z.array(z.number()) }).optional(),
  /** The link's host without a leading 'www.'. */
  domain: z.string(),
}) satisfies z.ZodType<LinkPreview>;
