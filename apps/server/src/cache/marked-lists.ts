import type { PostSummary } from '@fenestra/shared';
import { TAGS, type CachedBody, type PublicCache } from './public-cache.js';

// Cached lists of posts (the home list, a member's posts, search results) with a member's own likes and bookmarks
// laid on top of the visitor's bytes.

/** A member's marks on some posts: what the overlay changes. */
export interface Marks { liked: Set<string>; bookmarked: Set<string> }

/**
 * A cached list as its parts: each post's JSON, so an overlay changes two words of a few of them. A part may
 * wrap its post (a search result): `after` is what follows the post's JSON in it, `head` what comes before the parts.
 */
export interface ListValue { ids: string[]; parts: string[]; tail: string; head?: string; after?: string }

// Every summary ends with these two fields (their visitor values); the overlay rewrites them.
const VISITOR_MARKS = ',"liked":false,"bookmarked":false}';

/** The ids once each, without nulls. */
export const unique = (ids: (string | null | undefined)[]) => [...new Set(ids.filter((id): id is string => !!id))];

/** A post's JSON as a visitor sees it (not liked, not bookmarked), checked to end with those marks. */
export function visitorPostJson(post: PostSummary): string {
  const text = JSON.stringify({ ...post, liked: false, bookmarked: false });
  if (!text.endsWith(VISITOR_MARKS)) throw new Error('a post summary must end with liked and bookmarked');
  return text;
}

/** The list with the member's marks, or null when they change nothing (send the cached bytes). */
export function listWithMarks(entry: CachedBody<ListValue>, marks: Marks): string | null {
  if (marks.liked.size === 0 && marks.bookmarked.size === 0) return null;
  const { ids, parts, tail, head = '{"posts":[', after = '' } = entry.value;
  const changed = parts.map((part, i) => {
    const id = ids[i]!;
    const liked = marks.liked.has(id);
    const bookmarked = marks.bookmarked.has(id);
    if (!liked && !bookmarked) return part;
    return `${part.slice(0, -(VISITOR_MARKS.length + after.length))},"liked":${liked},"bookmarked":${bookmarked}}${after}`;
  });
  return `${head}${changed.join(',')}${tail}`;
}

/** A cached list with the member's likes and bookmarks on its posts (one query, then kept until one of them changes). */
export function listForMember(
  cache: PublicCache, memberId: string, entry: CachedBody<ListValue>, marksOf: (ids: string[]) => Promise<Marks>,
): Promise<CachedBody> {
  return cache.personal(memberId, entry, entry.value.ids.map(TAGS.post), async () => listWithMarks(entry, await marksOf(entry.value.ids)));
}
