import { parseFilter, parseSort, parseTopic, type PostDetail, type PostList } from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import { decodeCursor } from '../../lib/cursor.js';
import { answerJson } from '../../lib/contract-json.js';
import { JSON_TYPE, TAGS, type BodyFill, type CachedBody, type PublicCache } from '../../cache/public-cache.js';
import { listForMember, markedList, unique, type ListValue, type Marks } from '../../cache/marked-lists.js';
import { PUBLIC_STATUSES, memberMarks, type SummaryRow } from './repo.js';
import type { ListQuery, PostLists } from './lists.js';
import type { PostSummaries } from './summaries.js';
import { isPostId, type Viewer } from './viewer.js';

// How the posts module puts lists and posts in the public-read cache and lays a member's own marks on top.

/** A list as a cache entry: tagged as a list and with every author it shows. */
export function listFill(list: PostList, extraTags: string[] = []): BodyFill<ListValue> {
  const tail = `],"nextCursor":${JSON.stringify(list.nextCursor)},"total":${JSON.stringify(list.total)}}`;
  const { body, value } = markedList(
    '{"posts":[',
    list.posts.map((post) => ({ post })),
    tail,
  );
  return {
    body,
    type: JSON_TYPE,
    tags: [TAGS.lists, ...extraTags, ...unique(list.posts.map((p) => p.author.id)).map(TAGS.member)],
    value,
  };
}

/** A public post's data as a cache entry (the visitor's view: no marks, no moderation). */
export function postFill(post: PostDetail): BodyFill<PostDetail> {
  const visitor: PostDetail = { ...post, liked: false, bookmarked: false, canModerate: false };
  return {
    body: answerJson.postDetail(visitor),
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
  return answerJson.postDetail({ ...entry.value, liked, bookmarked, canModerate });
}

/** A public read: the cached bytes, or (with a member's marks on top) the JSON text. */
export type PublicAnswer = CachedBody | string;

/**
 * The public lists and posts from the public-read cache, with a member's marks on top. Staff read the long
 * way: they see failed detections and may moderate, so their view is not the visitors' one.
 */
export function publicPostReads(deps: {
  db: Db;
  cache: PublicCache;
  lists: PostLists;
  findPost(id: string): Promise<SummaryRow | null>;
  detailOf: PostSummaries['detailOf'];
}) {
  const { db, cache, lists, findPost, detailOf } = deps;

  /** A cached list with the member's likes and bookmarks on its posts (one query, then kept until one of them changes). */
  function withMarks(viewer: Viewer, entry: CachedBody<ListValue>): Promise<PublicAnswer> {
    return listForMember(cache, viewer.id, entry, (ids) => memberMarks(db, viewer.id, ids));
  }

  return {
    /**
     * A public list (the home list in any filter, sort and page; the videos page) from the public-read
     * cache, with the member's marks on top. Not for 'mine' or the staff queue.
     */
    async publicList(viewer: Viewer | null, query: ListQuery): Promise<PublicAnswer> {
      if (query.scope !== 'public' && query.scope !== 'videos')
        throw new Error(`the ${query.scope} list is not public`);
      // Staff see failed detections: their list is not the visitors' one.
      if (viewer?.isStaff) return answerJson.postList(await lists.listPosts(viewer, query));
      const sort = parseSort(query.sort);
      // A bad cursor is a 400 before anything is cached under it.
      decodeCursor(query.cursor, sort);
      const key = `api:list:${query.scope}:${parseFilter(query.filter)}:${parseTopic(query.topic) ?? ''}:${sort}:${String(query.cursor ?? '')}:${query.tag ?? ''}`;
      const entry = (await cache.read(key, async () => listFill(await lists.listPosts(null, query))))!;
      return viewer ? withMarks(viewer, entry) : entry;
    },

    /** A member's public posts (a profile's Posts tab) from the cache, with the viewer's marks on top. */
    async publicMemberPosts(
      viewer: Viewer | null,
      userId: string,
      key: string,
      rawCursor: unknown,
    ): Promise<PublicAnswer> {
      if (viewer?.isStaff) return answerJson.postList(await lists.listMemberPosts(viewer, userId, rawCursor));
      const entry = (await cache.read(key, async () =>
        listFill(await lists.listMemberPosts(null, userId, rawCursor), [TAGS.member(userId)]),
      ))!;
      return viewer ? withMarks(viewer, entry) : entry;
    },

    /** A public post's data from the cache, with the member's marks on top; null when it is not public (ask getPost). */
    async publicPost(viewer: Viewer | null, id: string): Promise<PublicAnswer | null> {
      // Staff see failed detections and may override them: their page is not the visitors' one.
      if (!isPostId(id) || viewer?.isStaff) return null;
      const entry = await cache.read(`api:post:${id}`, async () => {
        const row = await findPost(id);
        return row && PUBLIC_STATUSES.includes(row.status) ? postFill(await detailOf(row, null)) : null;
      });
      if (!entry || !viewer) return entry;
      return cache.personal(viewer.id, entry, [TAGS.post(id)], async () =>
        postWithMarks(entry, await memberMarks(db, viewer.id, [id]), viewer.isStaff),
      );
    },
  };
}
