import type { PostDetail, PostList } from '@fenestra/shared';
import { JSON_TYPE, TAGS, type BodyFill, type CachedBody } from '../../cache/public-cache.js';

// How the posts module puts lists and posts in the public-read cache and lays a member's own marks on top.

/** A member's marks on some posts: what the overlay changes. */
export interface Marks { liked: Set<string>; bookmarked: Set<string> }

/** A cached list as its parts: each post's JSON, so an overlay changes two words of a few of them. */
export interface ListValue { ids: string[]; parts: string[]; tail: string }

// Every summary ends with these two fields (their visitor values); the overlay rewrites them.
const VISITOR_MARKS = ',"liked":false,"bookmarked":false}';

const unique = (ids: (string | null | undefined)[]) => [...new Set(ids.filter((id): id is string => !!id))];

/** A list as a cache entry: tagged as a list and with every author it shows. */
export function listFill(list: PostList, extraTags: string[] = []): BodyFill<ListValue> {
  const parts = list.posts.map((post) => {
    const text = JSON.stringify({ ...post, liked: false, bookmarked: false });
    if (!text.endsWith(VISITOR_MARKS)) throw new Error('a post summary must end with liked and bookmarked');
    return text;
  });
  const tail = `],"nextCursor":${JSON.stringify(list.nextCursor)},"total":${JSON.stringify(list.total)}}`;
  return {
    body: `{"posts":[${parts.join(',')}${tail}`,
    type: JSON_TYPE,
    tags: [TAGS.lists, ...extraTags, ...unique(list.posts.map((p) => p.author.id)).map(TAGS.member)],
    value: { ids: list.posts.map((p) => p.id), parts, tail },
  };
}

/** The list with the member's marks, or null when they change nothing (send the cached bytes). */
export function listWithMarks(entry: CachedBody<ListValue>, marks: Marks): string | null {
  if (marks.liked.size === 0 && marks.bookmarked.size === 0) return null;
  const { ids, parts, tail } = entry.value;
  const changed = parts.map((part, i) => {
    const id = ids[i]!;
    const liked = marks.liked.has(id);
    const bookmarked = marks.bookmarked.has(id);
    if (!liked && !bookmarked) return part;
    return `${part.slice(0, -VISITOR_MARKS.length)},"liked":${liked},"bookmarked":${bookmarked}}`;
  });
  return `{"posts":[${changed.join(',')}${tail}`;
}

/** A public post's data as a cache entry (the visitor's view: no marks, no moderation). */
export function postFill(post: PostDetail): BodyFill<PostDetail> {
  const visitor: PostDetail = { ...post, liked: false, bookmarked: false, canModerate: false };
  return {
    body: JSON.stringify(visitor),
    type: JSON_TYPE,
    tags: [TAGS.post(post.id), ...unique([post.author.id, ...post.mentions.map((m) => m.userId)]).map(TAGS.member)],
    value: visitor,
  };
}

/** The post with the member's marks and staff flag, or null when they change nothing. */
export function postWithMarks(entry: CachedBody<PostDetail>, marks: Marks, canModerate: boolean): string | null {
  const liked = marks.liked.has(entry.value.id);
  const bookmarked = marks.bookmarked.has(entry.value.id);
  if (!liked && !bookmarked && !canModerate) return null;
  return JSON.stringify({ ...entry.value, liked, bookmarked, canModerate });
}
