import type { PostSummary } from '@fenestra/shared';
import { TAGS, type CachedBody, type PublicCache } from './public-cache.js';
import { answerJson } from '../lib/contract-json.js';

// Cached lists of posts (the home list, a member's posts, search results) with a member's own likes and bookmarks
// laid on top of the visitor's bytes: the entry keeps its body as segments around each post's JSON, and a post a
// member marked is written again from its data with their marks (nothing is cut out of the JSON by position).

/** A member's marks on some posts: what the overlay changes. */
export interface Marks {
  liked: Set<string>;
  bookmarked: Set<string>;
}

/**
 * A cached list as segments: `posts[i]` is the visitor's JSON of the post with id `ids[i]`, and the body is
 * `between[0] + posts[0] + between[1] + ... + posts[n-1] + between[n]` (the list's own fields, a search result's
 * rank and title around its post).
 */
export interface ListValue {
  ids: string[];
  posts: string[];
  between: string[];
}

/** One post of a list, with what the list writes just before and after it. */
export interface ListItem {
  post: PostSummary;
  before?: string;
  after?: string;
}

/** The ids once each, without nulls. */
export const unique = (ids: (string | null | undefined)[]) => [...new Set(ids.filter((id): id is string => !!id))];

/** A post's JSON as a visitor sees it: not liked, not bookmarked. */
const visitorPostJson = (post: PostSummary): string =>
  answerJson.postSummary({ ...post, liked: false, bookmarked: false });

/** A list's body and its segments: `head`, each item (separated by commas), `tail`. */
export function markedList(head: string, items: ListItem[], tail: string): { body: string; value: ListValue } {
  const posts = items.map((item) => visitorPostJson(item.post));
  const between: string[] = [head];
  items.forEach((item, i) => {
    between[i] += item.before ?? '';
    between.push(`${item.after ?? ''}${i < items.length - 1 ? ',' : ''}`);
  });
  between[between.length - 1] += tail;
  return { body: join(between, posts), value: { ids: items.map((item) => item.post.id), posts, between } };
}

function join(between: string[], posts: string[]): string {
  let body = between[0]!;
  for (let i = 0; i < posts.length; i++) body += posts[i]! + between[i + 1]!;
  return body;
}

/** The list with the member's marks, or null when they change nothing (send the cached bytes). */
export function listWithMarks(entry: CachedBody<ListValue>, marks: Marks): string | null {
  if (marks.liked.size === 0 && marks.bookmarked.size === 0) return null;
  const { ids, posts, between } = entry.value;
  const marked = posts.map((json, i) => {
    const id = ids[i]!;
    const liked = marks.liked.has(id);
    const bookmarked = marks.bookmarked.has(id);
    if (!liked && !bookmarked) return json;
    // The post as data, its marks set, written again through its contract.
    return answerJson.postSummary({ ...(JSON.parse(json) as PostSummary), liked, bookmarked });
  });
  return join(between, marked);
}

/** A cached list with the member's likes and bookmarks on its posts (one query, then kept until one of them changes). */
export function listForMember(
  cache: PublicCache,
  memberId: string,
  entry: CachedBody<ListValue>,
  marksOf: (ids: string[]) => Promise<Marks>,
): Promise<CachedBody> {
  return cache.personal(memberId, entry, entry.value.ids.map(TAGS.post), async () =>
    listWithMarks(entry, await marksOf(entry.value.ids)),
  );
}
