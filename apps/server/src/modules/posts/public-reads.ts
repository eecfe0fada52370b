import type { PostDetail, PostList } from '@fenestra/shared';
import { JSON_TYPE, TAGS, type BodyFill, type CachedBody } from '../../cache/public-cache.js';
import { unique, visitorPostJson, type ListValue, type Marks } from '../../cache/marked-lists.js';

// How the posts module puts lists and posts in the public-read cache and lays a member's own marks on top.

/** A list as a cache entry: tagged as a list and with every author it shows. */
export function listFill(list: PostList, extraTags: string[] = []): BodyFill<ListValue> {
  const parts = list.posts.map(visitorPostJson);
  const tail = `],"nextCursor":${JSON.stringify(list.nextCursor)},"total":${JSON.stringify(list.total)}}`;
  return {
    body: `{"posts":[${parts.join(',')}${tail}`,
    type: JSON_TYPE,
    tags: [TAGS.lists, ...extraTags, ...unique(list.posts.map((p) => p.author.id)).map(TAGS.member)],
    value: { ids: list.posts.map((p) => p.id), parts, tail },
  };
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
