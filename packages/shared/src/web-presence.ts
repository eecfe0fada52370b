// Found on the web (issue 27, docs/decisions/034): post slugs, part and tag addresses, feed addresses.
import { partNumberKey } from './part-numbers.js';

/** The readable part of a post's address: its title in lower-case words joined by dashes (never 'edit'). */
export function postSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  // /post/:id/edit is the edit page.
  if (slug === 'edit') return 'edit-question';
  return slug || 'question';
}

/** A post's canonical address: /post/:id/:slug (any other slug redirects here; /post/:id names it as canonical). */
export const canonicalPostPath = (id: string, title: string) => `/post/${id}/${postSlug(title)}`;

/** A part page's address: the number's key ('TH 23.10' and 'th-23-10' are both /parts/TH2310). */
export const partPath = (number: string) => `/parts/${encodeURIComponent(partNumberKey(number))}`;

/** A tag page's address. */
export const tagPath = (tag: string) => `/tags/${encodeURIComponent(tag.toLowerCase())}`;

export type FeedFormat = 'rss' | 'atom';
/** The feeds: latest questions, one topic's, one tag's, one part's. */
export const FEED_PATHS = {
  latest: (format: FeedFormat) => `/feeds/latest.${format}`,
  topic: (topic: string, format: FeedFormat) => `/feeds/topics/${encodeURIComponent(topic)}.${format}`,
  tag: (tag: string, format: FeedFormat) => `/feeds/tags/${encodeURIComponent(tag.toLowerCase())}.${format}`,
  part: (key: string, format: FeedFormat) => `/feeds/parts/${encodeURIComponent(key)}.${format}`,
} as const;

/** A part number query: one that normalises to a key of 4-40 letters and digits with at least one digit. */
export function partNumberQuery(text: string): string | null {
  const key = partNumberKey(text);
  return key.length >= 4 && key.length <= 40 && /\d/.test(key) && !key.includes('?') ? key : null;
}

/** A part page's data: GET /api/parts/:number. */
export interface PartPage {
  part: {
    key: string;
    /** The number as printed or typed. */
    number: string;
    name: string | null;
    category: string | null;
    /** Whether staff named it (else the photos' detections did, or nothing). */
    namedByStaff: boolean;
    /** Numbers merged into this one, as shown. */
    mergedNumbers: string[];
  };
  photos: { id: string; postId: string; imageUrl: string; alt: string }[];
  questions: PartQuestion[];
  similar: { key: string; number: string; name: string | null }[];
}

export interface PartQuestion {
  id: string;
  title: string;
  status: 'open' | 'solved';
  replyCount: number;
  createdAt: string;
  /** The accepted answer, else the pinned reply, as plain text. */
  answer: { kind: 'accepted' | 'pinned'; text: string; author: string } | null;
}

/** GET /api/tags: every tag on public questions with how many use it, most used first. */
export interface TagCount {
  tag: string;
  count: number;
}
