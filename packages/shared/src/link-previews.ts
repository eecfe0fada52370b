import { z } from 'zod';

// Link preview cards (SPEC section 3 'Link preview response'), shared by the API, the job and the card.
export const LINK_PREVIEW_LIMITS = {
  /** Distinct http(s) links previewed per reply, in the order they appear. */
  perReply: 3,
  maxUrlLength: 2048,
} as const;

export const linkPreviewRequestSchema = z.object({
  url: z.string().trim().min(1).max(LINK_PREVIEW_LIMITS.maxUrlLength),
});

export const linkPreviewSchema = z.object({
  url: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  /** Our own copy of the page's picture (served from this origin), or null. */
  image: z.string().nullable(),
  /** The link's host without a leading 'www.'. */
  domain: z.string(),
});
export type LinkPreview = z.infer<typeof linkPreviewSchema>;

/** The host a card names: the link's own, without 'www.'. */
export const previewDomain = (url: URL) => url.hostname.replace(/^www\./, '');
