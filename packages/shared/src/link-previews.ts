import { tokenizeMemberText } from './member-text.js';
import type { PictureCopies } from './images.js';

// Link preview cards (SPEC section 3 'Link preview response'), shared by the API, the job and the card.
export const LINK_PREVIEW_LIMITS = {
  /** Distinct http(s) links previewed per reply, in the order they appear. */
  perReply: 3,
  maxUrlLength: 2048,
} as const;

/** A link's card (the reply form's while typing, a reply's once fetched); linkPreviewSchema checks it. */
export interface LinkPreview {
  url: string;
  title: string;
  description: string | null;
  /** Our own copy of the page's picture (served from this origin), or null. */
  image: string | null;
  /** That picture's size and WebP copies, when it has them (decision 016). */
  imageCopies?: PictureCopies;
  /** The link's host without a leading 'www.'. */
  domain: string;
}

/** The host a card names: the link's own, without 'www.'. */
export const previewDomain = (url: URL) => url.hostname.replace(/^www\./, '');

/** A link as previews key it: http(s) only, without its fragment (the same page); null for anything else. */
export function previewKey(link: string): string | null {
  if (!URL.canParse(link)) return null;
  const url = new URL(link);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  return url.href;
}

/** The links of member text that get cards: the first 3 distinct http(s) addresses, in order. */
export function previewLinksOf(text: string): string[] {
  const links: string[] = [];
  for (const token of tokenizeMemberText(text)) {
    const key = token.kind === 'link' ? previewKey(token.url) : null;
    if (key && !links.includes(key)) links.push(key);
    if (links.length === LINK_PREVIEW_LIMITS.perReply) break;
  }
  return links;
}
