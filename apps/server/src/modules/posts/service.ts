import { and, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';
import {
  LIMITS, MSG, NOTIFICATION_TEXT, createPostSchema, parseFilter, parseSort, parseTopic, previewOf, isStaffRole,
  LIST_SCOPES, type ListScope, type PostDetail, type PostImage, type PostList, type PostSummary,
  type PostVideo, type PostStatus, type Sort, type ToggleResult, type Topic,
} from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import { bookmarks, posts } from '../../db/schema/index.js';
import { notFound, unauthorized } from '../../lib/errors.js';
import { lockActingMember, type MemberRow } from '../../lib/member.js';
import { activeBan } from '../../lib/ban.js';
import { parse } from '../../lib/validation.js';
import { claimUploads } from '../uploads/repo.js';
import { insertNotifications, staffIdsExcept } from '../notifications/repo.js';
import { resolveMentions } from '../mentions/repo.js';
import { queueDetections } from '../detection/repo.js';
import * as repo from './repo.js';
import { renderPostPage } from './page-meta.js';
import { decodeCursor, encodeCursor, type CursorKeys } from '../../lib/cursor.js';
import type { MediaAddress } from '../../adapters/storage/storage.js';
import { TAGS, type CachedBody, type PublicCache } from '../../cache/public-cache.js';
import { listFill, postFill, postWithMarks } from './public-reads.js';
import { listForMember, type ListValue } from '../../cache/marked-lists.js';
import { authorOf } from '../../lib/author.js';

/** What a public read answers: the cached bytes, or (with a member's marks on top) the JSON text. */
export type PublicAnswer = CachedBody | string;

/** Who is looking: a signed-in, unbanned member, or null for a visitor. */
export interface Viewer { id: string; isStaff: boolean }

/** A member already checked by requireMember or requireStaff. */
export const viewerFrom = (member: MemberRow): Viewer => ({ id: member.id, isStaff: isStaffRole(member.role) });

export interface ListQuery { scope: ListScope; filter: unknown; topic: unknown; sort: unknown; cursor: unknown }

// z.uuid()'s own pattern, tested directly: every read of a post asks it.
const UUID = z.regexes.uuid();
const isUuid = (value: string) => UUID.test(value);

/** Tags as written, trimmed, without repeats that differ only in case (the first spelling wins). */
export function uniqueTags(tags: string[]): string[] {
  const seen = new Set<string>();
  return tags.map((t) => t.trim()).filter((t) => {
    const key = t.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// Each list order: its ORDER BY, the keyset condition after a cursor, and the cursor of a row. The condition
// takes the cursor's keys as statement parameters (placeholders), so a list's SQL is written and planned once.
type OrderName = Sort | 'oldest' | 'bookmarks';
const KEYS = {
  c: sql`${sql.placeholder('c')}::timestamptz`,
  i: sql`${sql.placeholder('i')}::uuid`,
  v: sql`${sql.placeholder('v')}::int`,
  b: sql`${sql.placeholder('b')}::int`,
  r: sql`${sql.placeholder('r')}::int`,
  open: sql`${sql.placeholder('open')}::boolean`,
};
/** The values of a cursor's keys for KEYS. */
const keyValues = (k: CursorKeys) => ({ c: k.c, i: k.i, v: k.v ?? 0, b: k.b ?? 0, r: k.r ?? 0, open: k.s !== 'solved' });
interface Order {
  by: SQL[];
  after: SQL;
  keys(row: repo.PostRow): Omit<CursorKeys, 'o'>;
}
// Spelled as the indexes are (drizzle-kit writes DESC NULLS LAST); the columns are NOT NULL, only the planner cares.
const newestFirst = (column: SQLWrapper) => sql`${column} desc nulls last`;
const oldestFirst = (column: SQLWrapper) => sql`${column} asc nulls first`;

const ORDERS: Record<Exclude<OrderName, 'bookmarks'>, Order> = {
  recent: {
    by: [newestFirst(posts.createdAt), newestFirst(posts.id)],
    after: sql`(${posts.createdAt}, ${posts.id}) < (${KEYS.c}, ${KEYS.i})`,
    keys: (r) => ({ c: r.createdKey, i: r.id }),
  },
  votes: {
    by: [newestFirst(posts.voteCount), newestFirst(posts.createdAt), newestFirst(posts.id)],
    after: sql`(${posts.voteCount}, ${posts.createdAt}, ${posts.id}) < (${KEYS.v}, ${KEYS.c}, ${KEYS.i})`,
    keys: (r) => ({ v: r.voteCount, c: r.createdKey, i: r.id }),
  },
  popular: {
    by: [newestFirst(posts.voteCount), newestFirst(posts.bookmarkCount), newestFirst(posts.replyCount), newestFirst(posts.createdAt), newestFirst(posts.id)],
    after: sql`(${posts.voteCount}, ${posts.bookmarkCount}, ${posts.replyCount}, ${posts.createdAt}, ${posts.id})
      < (${KEYS.v}, ${KEYS.b}, ${KEYS.r}, ${KEYS.c}, ${KEYS.i})`,
    keys: (r) => ({ v: r.voteCount, b: r.bookmarkCount, r: r.replyCount, c: r.createdKey, i: r.id }),
  },
  // Open before solved, newest first within each: one descending key (is it open?, time, id) on its own index.
  unsolved: {
    by: [sql`(${posts.status} = 'open') desc`, sql`${posts.createdAt} desc`, sql`${posts.id} desc`],
    after: sql`((${posts.status} = 'open'), ${posts.createdAt}, ${posts.id}) < (${KEYS.open}, ${KEYS.c}, ${KEYS.i})`,
    keys: (r) => ({ s: r.status === 'solved' ? 'solved' : 'open', c: r.createdKey, i: r.id }),
  },
  oldest: {
    by: [oldestFirst(posts.createdAt), oldestFirst(posts.id)],
    after: sql`(${posts.createdAt}, ${posts.id}) > (${KEYS.c}, ${KEYS.i})`,
    keys: (r) => ({ c: r.createdKey, i: r.id }),
  },
};

/**
 * A list's statement: `name` says everything that changes its SQL text (a named prepared statement is
 * parsed and planned once per connection); `where` uses placeholders, filled from `params`.
 */
interface ListSpec {
  name: string;
  where: SQL | undefined;
  params: Record<string, unknown>;
  /** The total's statement, by name, with the same placeholders. */
  count: { name: string; build(): { prepare(name: string): Prepared<{ n: number }> } };
}
interface Prepared<Row> { execute(params: Record<string, unknown>): Promise<Row[]> }

const NO_MARKS = { liked: new Set<string>(), bookmarked: new Set<string>() };
const NO_ATTACHMENTS: repo.Attachments = { tags: [], images: [], video: null };


const imageOf = (img: repo.ImageRow, media: MediaAddress, viewer: Viewer | null): PostImage => ({
  id: img.id,
  url: media(img.imageUrl),
  width: img.width,
  height: img.height,
  variantWidths: img.variantWidths,
  alt: img.altText ?? `Image ${img.displayOrder + 1}`,
  displayOrder: img.displayOrder,
  detection: {
    // 'Detection failed' is staff's business; everyone else sees 'Not identified'.
    status: img.detectionStatus === 'failed' && !viewer?.isStaff ? 'none' : img.detectionStatus,
    object: img.detectedObject,
    category: img.detectedCategory,
    material: img.detectedMaterial,
    finish: img.detectedFinish,
    confidence: img.detectionConfidence,
    keyFeatures: img.keyFeatures ?? [],
    userConfirmedObject: img.userConfirmedObject,
    visibleText: img.visibleText,
  },
});

const videoOf = (v: repo.VideoRow, media: MediaAddress): PostVideo => ({
  url: media(v.videoUrl),
  thumbnailUrl: media(v.thumbnailUrl),
  thumbnailWidth: v.thumbnailWidth,
  thumbnailHeight: v.thumbnailHeight,
  thumbnailVariantWidths: v.thumbnailVariantWidths,
  durationSeconds: v.durationSeconds,
  fileSizeBytes: v.fileSizeBytes,
  mimeType: v.mimeType,
});

export function postsService(deps: { db: Db; publicUrl: string; media: MediaAddress; cache: PublicCache; detectionOn: boolean }) {
  const { db, publicUrl, media, cache, detectionOn } = deps;

  const statements = new Map<string, unknown>();
  /** The named prepared statement, made on first use (the builder runs once per name). */
  function prepared<Row>(name: string, build: () => { prepare(name: string): Prepared<Row> }): Prepared<Row> {
    let statement = statements.get(name) as Prepared<Row> | undefined;
    if (!statement) statements.set(name, (statement = build().prepare(name)));
    return statement;
  }

  const findPost = async (id: string): Promise<repo.SummaryRow | null> =>
    ((await prepared('find_post', () => repo.findPostStatement(db)).execute({ id }))[0] as repo.SummaryRow | undefined) ?? null;

  /**
   * The output whitelist for a page of posts: the rows (with their attachments, or one query for them) and
   * the viewer's likes and bookmarks (one query).
   */
  async function summaries(rows: repo.SummaryRow[], viewer: Viewer | null): Promise<PostSummary[]> {
    const loaded = await repo.loadAttachments(db, rows.filter((r) => r.tags === undefined).map((r) => r.id));
    const marks = viewer && rows.length ? await repo.memberMarks(db, viewer.id, rows.map((r) => r.id)) : NO_MARKS;
    return rows.map((row) => {
      const { tags, images, video } = row.tags !== undefined ? (row as repo.SummaryRow & repo.Attachments) : loaded.get(row.id) ?? NO_ATTACHMENTS;
      return {
        id: row.id,
        topic: row.topic,
        title: row.title,
        preview: previewOf(row.description),
        status: row.status,
        denialReason: row.denialReason,
        createdAt: row.createdAt.toISOString(),
        author: authorOf(row, media),
        tags,
        images: images.map((img) => imageOf(img, media, viewer)),
        video: video ? videoOf(video, media) : null,
        replyCount: row.replyCount,
        voteCount: row.voteCount,
        bookmarkCount: row.bookmarkCount,
        liked: marks.liked.has(row.id),
        bookmarked: marks.bookmarked.has(row.id),
      };
    });
  }

  /** A page of a list: the posts with their attachments, then the total (one connection at a time). */
  async function page(spec: ListSpec, orderName: Exclude<OrderName, 'bookmarks'>, rawCursor: unknown, viewer: Viewer | null): Promise<PostList> {
    const order = ORDERS[orderName];
    const cursor = decodeCursor(rawCursor, orderName);
    const name = `${spec.name}_${orderName}_${cursor ? 'after' : 'first'}`;
    const statement = prepared<repo.SummaryRow>(name, () =>
      repo.selectPosts(db, cursor ? and(spec.where, order.after) : spec.where, order.by, LIMITS.pageSize + 1));
    const rows = await statement.execute(cursor ? { ...spec.params, ...keyValues(cursor) } : spec.params);
    const [count] = await prepared(spec.count.name, spec.count.build).execute(spec.params);
    const more = rows.length > LIMITS.pageSize;
    const shown = more ? rows.slice(0, LIMITS.pageSize) : rows;
    const last = shown[shown.length - 1];
    return {
      posts: await summaries(shown, viewer),
      nextCursor: more && last ? encodeCursor({ o: orderName, ...order.keys(last) }) : null,
      total: count?.n ?? 0,
    };
  }

  /** A list of posts by a where clause (with placeholders); its total counts the same rows. */
  const spec = (name: string, where: SQL | undefined, params: Record<string, unknown>): ListSpec => ({
    name: `list_${name}`, where, params, count: { name: `count_${name}`, build: () => repo.countPosts(db, where) },
  });

  async function detailOf(row: repo.SummaryRow, viewer: Viewer | null): Promise<PostDetail> {
    const [summary] = await summaries([row], viewer);
    const { preview: _preview, ...rest } = summary!;
    return {
      ...rest,
      description: row.description,
      canModerate: viewer?.isStaff ?? false,
      canOverrideDetection: viewer?.isStaff ?? false,
      mentions: await resolveMentions(db, row.description),
    };
  }

  /** A cached list with the member's likes and bookmarks on its posts (one query, then kept until one of them changes). */
  function withMarks(viewer: Viewer, entry: CachedBody<ListValue>): Promise<PublicAnswer> {
    return listForMember(cache, viewer.id, entry, (ids) => repo.memberMarks(db, viewer.id, ids));
  }

  const TOPIC = sql.placeholder('topic');
  const USER = sql.placeholder('userId');
  const topicIs = (topic: Topic | null) => (topic ? eq(posts.topic, TOPIC) : undefined);
  /** A topic in a statement's name: which one is a parameter. */
  const topicName = (topic: Topic | null) => (topic ? 'topic' : 'all');

  const publicStatuses = (filter: string): PostStatus[] => (filter === 'solved' ? ['solved'] : filter === 'unsolved' ? ['open'] : ['open', 'solved']);

  // Literal statuses, not parameters: the planner matches them to the partial indexes of migration 0002.
  function publicWhere(filter: string, topic: Topic | null): SQL | undefined {
    const status = filter === 'solved' ? eq(posts.status, 'solved') : filter === 'unsolved' ? eq(posts.status, 'open') : repo.isPublicStatus;
    return and(status, topicIs(topic));
  }

  const canSee = (row: { status: string; userId: string | null }, viewer: Viewer | null) =>
    repo.PUBLIC_STATUSES.includes(row.status as never) || (viewer !== null && (viewer.isStaff || viewer.id === row.userId));

  async function toggle(kind: 'like' | 'bookmark', member: MemberRow, postId: string): Promise<ToggleResult> {
    if (!isUuid(postId)) throw notFound(MSG.postNotFound);
    return db.transaction(async (tx) => {
      // The member first, then the post: the order an account deletion takes them in.
      if (!(await lockActingMember(tx, member.id))) throw unauthorized();
      const status = await repo.lockPostStatus(tx, postId);
      if (!status || !repo.PUBLIC_STATUSES.includes(status)) throw notFound(MSG.postNotFound);
      return kind === 'like' ? repo.toggleVote(tx, postId, member.id) : repo.toggleBookmark(tx, postId, member.id);
    });
  }

  return {
    summaries,

    /** A signed-in member who is not banned; banned members read as visitors. */
    async viewerOf(member: MemberRow | null): Promise<Viewer | null> {
      if (!member || (await activeBan(db, member))) return null;
      return viewerFrom(member);
    },

    parseListQuery(query: Record<string, unknown>): ListQuery {
      const scope = (LIST_SCOPES as readonly unknown[]).includes(query.scope) ? (query.scope as ListScope) : 'public';
      return { scope, filter: query.filter, topic: query.topic, sort: query.sort, cursor: query.cursor };
    },

    async createPost(member: MemberRow, body: unknown): Promise<{ id: string; status: 'pending' }> {
      const input = parse(createPostSchema, body);
      const tags = uniqueTags(input.tags);
      return db.transaction(async (tx) => {
        const id = await repo.insertPost(tx, { userId: member.id, topic: input.topic, title: input.title, description: input.description });
        await repo.insertTags(tx, id, tags);
        await repo.insertImages(tx, id, await claimUploads(tx, member.id, input.imageUploadIds, 'image'));
        await queueDetections(tx, id, detectionOn);
        if (input.videoUploadId) {
          const [video] = await claimUploads(tx, member.id, [input.videoUploadId], 'video');
          await repo.insertVideo(tx, id, video!);
        }
        const staff = await staffIdsExcept(tx, member.id);
        await insertNotifications(tx, staff.map((userId) => ({
          userId, type: 'post_pending_review' as const, message: NOTIFICATION_TEXT.post_pending_review(input.title), postId: id,
        })));
        return { id, status: 'pending' as const };
      });
    },

    /** The lists behind /, /my-posts, /resources/videos and /admin/unsolved; the route checks who may ask. */
    async listPosts(viewer: Viewer | null, query: ListQuery): Promise<PostList> {
      const topic = parseTopic(query.topic);
      const filter = parseFilter(query.filter);
      const params = { topic, userId: viewer?.id };
      switch (query.scope) {
        case 'mine':
          return page(spec(`mine_${topicName(topic)}`, and(eq(posts.userId, USER), topicIs(topic)), params), 'recent', query.cursor, viewer);
        case 'unsolved-queue':
          return page(spec(`queue_${topicName(topic)}`, and(eq(posts.status, 'open'), topicIs(topic)), params), 'oldest', query.cursor, viewer);
        case 'videos':
          return page(spec(`videos_${filter}_${topicName(topic)}`, and(publicWhere(filter, topic), repo.hasVideo), params),
            parseSort(query.sort), query.cursor, viewer);
        default: {
          // The home list's total comes from the trigger-kept counts: a lookup, not a scan.
          const name = `public_${filter}_${topicName(topic)}`;
          return page({
            name: `list_${name}`, where: publicWhere(filter, topic), params,
            count: { name: `count_${name}`, build: () => repo.countByStatus(db, publicStatuses(filter), topic ? TOPIC : undefined) },
          }, parseSort(query.sort), query.cursor, viewer);
        }
      }
    },

    /** A member's public posts (open and solved), newest first: a profile's Posts tab. */
    async listMemberPosts(viewer: Viewer | null, userId: string, rawCursor: unknown): Promise<PostList> {
      return page(spec('member', and(eq(posts.userId, USER), repo.isPublicStatus), { userId }), 'recent', rawCursor, viewer);
    },

    /** The member's bookmarks they may still see, newest bookmark first. */
    async listBookmarks(viewer: Viewer, rawCursor: unknown): Promise<PostList> {
      const cursor = decodeCursor(rawCursor, 'bookmarks');
      const visible = viewer.isStaff ? undefined : or(repo.isPublicStatus, eq(posts.userId, viewer.id));
      const after = cursor ? sql`(${bookmarks.createdAt}, ${bookmarks.id}) < (${cursor.c}::timestamptz, ${cursor.i}::uuid)` : undefined;
      const rows = await repo.selectBookmarked(db, viewer.id, and(visible, after), LIMITS.pageSize + 1);
      const total = await repo.countBookmarked(db, viewer.id, visible);
      const more = rows.length > LIMITS.pageSize;
      const shown = more ? rows.slice(0, LIMITS.pageSize) : rows;
      const last = shown[shown.length - 1];
      return {
        posts: await summaries(shown, viewer),
        nextCursor: more && last ? encodeCursor({ o: 'bookmarks', c: last.bookmarkKey, i: last.bookmarkId }) : null,
        total,
      };
    },

    /** The review queue, oldest first. */
    async pendingQueue(viewer: Viewer): Promise<PostSummary[]> {
      const rows = await repo.selectPosts(db, eq(posts.status, 'pending'), ORDERS.oldest.by, 200);
      return summaries(rows as repo.SummaryRow[], viewer);
    },

    /** A post the viewer may see (pending and denied ones only for their author and staff), else 'Post not found'. */
    async visiblePost(viewer: Viewer | null, id: string): Promise<repo.SummaryRow> {
      const row = isUuid(id) ? await findPost(id) : null;
      if (!row || !canSee(row, viewer)) throw notFound(MSG.postNotFound);
      return row;
    },

    /** One post; pending and denied ones only for their author and staff, else 'Post not found'. */
    async getPost(viewer: Viewer | null, id: string): Promise<PostDetail> {
      return detailOf(await this.visiblePost(viewer, id), viewer);
    },

    /**
     * A public list (the home list in any filter, sort and page; the videos page) from the public-read
     * cache, with the member's marks on top. Not for 'mine' or the staff queue.
     */
    async publicList(viewer: Viewer | null, query: ListQuery): Promise<PublicAnswer> {
      if (query.scope !== 'public' && query.scope !== 'videos') throw new Error(`the ${query.scope} list is not public`);
      // Staff see failed detections: their list is not the visitors' one.
      if (viewer?.isStaff) return JSON.stringify(await this.listPosts(viewer, query));
      const sort = parseSort(query.sort);
      // A bad cursor is a 400 before anything is cached under it.
      decodeCursor(query.cursor, sort);
      const key = `api:list:${query.scope}:${parseFilter(query.filter)}:${parseTopic(query.topic) ?? ''}:${sort}:${String(query.cursor ?? '')}`;
      const entry = (await cache.read(key, async () => listFill(await this.listPosts(null, query))))!;
      return viewer ? withMarks(viewer, entry) : entry;
    },

    /** A member's public posts (a profile's Posts tab) from the cache, with the viewer's marks on top. */
    async publicMemberPosts(viewer: Viewer | null, userId: string, key: string, rawCursor: unknown): Promise<PublicAnswer> {
      if (viewer?.isStaff) return JSON.stringify(await this.listMemberPosts(viewer, userId, rawCursor));
      const entry = (await cache.read(key, async () => listFill(await this.listMemberPosts(null, userId, rawCursor), [TAGS.member(userId)])))!;
      return viewer ? withMarks(viewer, entry) : entry;
    },

    /** A public post's data from the cache, with the member's marks on top; null when it is not public (ask getPost). */
    async publicPost(viewer: Viewer | null, id: string): Promise<PublicAnswer | null> {
      // Staff see failed detections and may override them: their page is not the visitors' one.
      if (!isUuid(id) || viewer?.isStaff) return null;
      const entry = await cache.read(`api:post:${id}`, async () => {
        const row = await findPost(id);
        return row && repo.PUBLIC_STATUSES.includes(row.status) ? postFill(await detailOf(row, null)) : null;
      });
      if (!entry || !viewer) return entry;
      return cache.personal(viewer.id, entry, [TAGS.post(id)], async () =>
        postWithMarks(entry, await repo.memberMarks(db, viewer.id, [id]), viewer.isStaff));
    },

    toggleLike: (member: MemberRow, postId: string) => toggle('like', member, postId),
    toggleBookmark: (member: MemberRow, postId: string) => toggle('bookmark', member, postId),

    /** The app shell with a public post's meta tags, for shared links; null keeps the plain shell. */
    async postPageHtml(indexHtml: string, id: string, path: string): Promise<string | null> {
      const row = isUuid(id) ? await findPost(id) : null;
      if (!row || !repo.PUBLIC_STATUSES.includes(row.status)) return null;
      const meta = { title: row.title, description: row.description, imageUrl: media(row.images?.[0]?.imageUrl ?? null) };
      return renderPostPage(indexHtml, meta, { publicUrl, path });
    },
  };
}

export type PostsService = ReturnType<typeof postsService>;
