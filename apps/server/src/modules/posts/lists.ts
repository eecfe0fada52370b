import { and, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  LIMITS,
  LIST_SCOPES,
  parseFilter,
  parseSort,
  parseTopic,
  type ListScope,
  type PostList,
  type PostStatus,
  type PostSummary,
  type Topic,
} from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import { bookmarks, posts } from '../../db/schema/index.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import * as repo from './repo.js';
import { ORDERS, keyValues, type OrderName } from './list-orders.js';
import type { Preparable, PreparedStatements } from '../../lib/prepared-statements.js';
import type { PostSummaries } from './summaries.js';
import type { Viewer } from './viewer.js';

export interface ListQuery {
  scope: ListScope;
  filter: unknown;
  topic: unknown;
  sort: unknown;
  cursor: unknown;
  /** The public list's questions with this tag (any case), or null for all. */
  tag?: string | null;
}

/** A tag as a list reads it: trimmed, lower case; blank is none. */
export const listTag = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase().slice(0, 60) : null;

/** A list's query from a request's query string: an unknown scope is the public list. */
export function parseListQuery(query: Record<string, unknown>): ListQuery {
  const scope = (LIST_SCOPES as readonly unknown[]).includes(query.scope) ? (query.scope as ListScope) : 'public';
  return {
    scope,
    filter: query.filter,
    topic: query.topic,
    sort: query.sort,
    cursor: query.cursor,
    tag: listTag(query.tag),
  };
}

/**
 * A list's statement: `name` says everything that changes its SQL text (a named prepared statement is
 * parsed and planned once per connection); `where` uses placeholders, filled from `params`.
 */
interface ListSpec {
  name: string;
  where: SQL | undefined;
  params: Record<string, unknown>;
  /** Only solved posts: read from the first solved one in an order that puts them last. */
  solvedOnly?: boolean;
  /**
   * The total's query, with the same placeholders: read in the page's statement (one round trip), and on its own
   * (by `name`) only for a page with no posts; or the total, when known.
   */
  count: { name: string; build: () => SQLWrapper & ReturnType<Preparable<{ n: number }>> } | number;
}

const TOPIC = sql.placeholder('topic');
const USER = sql.placeholder('userId');
const TAG = sql.placeholder('tag');
/**
 * Questions with the tag in any case (tags are stored as written), read in one of two ways whatever the plan a
 * prepared statement settles on (decision 040, amendment of session 25):
 * - a tag on few posts: its posts first (the index on lower(tag)), then sorted;
 * - a tag on many: the list's own order first (its index), each post checked for the tag until the page is full
 *   (`OFFSET 0` keeps the check a per-row probe of post_tags' key: no plan may read the tag's every post).
 */
const tagHeldBy = sql`${posts.id} = ANY (ARRAY(SELECT t.post_id FROM post_tags t WHERE lower(t.tag) = ${TAG}))`;
const tagChecked = sql`EXISTS (SELECT 1 FROM post_tags t WHERE t.post_id = ${posts.id} AND lower(t.tag) = ${TAG} OFFSET 0)`;
/** The same, the tag a value (a statement planned for it: a tag on many posts' total). */
const tagIsValue = (tag: string) =>
  sql`EXISTS (SELECT 1 FROM post_tags t WHERE t.post_id = ${posts.id} AND lower(t.tag) = ${tag})`;
/**
 * Few or many: a tag's posts (any status) read first cost one probe each, its order read first about the page's
 * rows times (public posts / the tag's posts); few while tagged² ≤ 32 × public posts (15,000 public posts: up to
 * 692), so the list read either way stays near the cheaper.
 */
const TAG_FEW = 32;
const topicIs = (topic: Topic | null) => (topic ? eq(posts.topic, TOPIC) : undefined);
/** A topic in a statement's name: which one is a parameter. */
const topicName = (topic: Topic | null) => (topic ? 'topic' : 'all');

const publicStatuses = (filter: string): PostStatus[] =>
  filter === 'solved' ? ['solved'] : filter === 'unsolved' ? ['open'] : ['open', 'solved'];

// Literal statuses, not parameters (`eq` would bind one): the planner matches them to the partial indexes of
// migration 0002 in a prepared statement's generic plan too ('popular' of the solved ones read every solved post and
// sorted them, 9 to 120 ms a page, where its index reads the page: decision 040, amendment of session 25).
const publicStatus = (filter: string) =>
  filter === 'solved'
    ? sql`${posts.status} = 'solved'`
    : filter === 'unsolved'
      ? sql`${posts.status} = 'open'`
      : repo.isPublicStatus;
function publicWhere(filter: string, topic: Topic | null): SQL | undefined {
  return and(publicStatus(filter), topicIs(topic));
}

/** The lists of posts, a page at a time, each from its own named prepared statements. */
export function postLists(deps: { db: Db; prepared: PreparedStatements; summaries: PostSummaries['summaries'] }) {
  const { db, prepared, summaries } = deps;

  /** A page of a list: the posts with their attachments and the total, in one statement. */
  async function page(
    spec: ListSpec,
    orderName: OrderName,
    rawCursor: unknown,
    viewer: Viewer | null,
  ): Promise<PostList> {
    const order = ORDERS[orderName];
    const cursor = decodeCursor(rawCursor, orderName);
    const name = `${spec.name}_${orderName}_${cursor ? 'after' : 'first'}`;
    const { count } = spec;
    const statement = prepared<repo.SummaryRow & { total?: number }>(name, () =>
      repo.selectPosts(
        db,
        and(spec.where, cursor ? order.after : undefined, spec.solvedOnly ? order.solvedStart : undefined),
        order.by,
        LIMITS.pageSize + 1,
        typeof count === 'number' ? undefined : count.build(),
      ),
    );
    const rows = await statement.execute(cursor ? { ...spec.params, ...keyValues(cursor) } : spec.params);
    const total =
      typeof count === 'number'
        ? count
        : rows[0]
          ? Number(rows[0].total ?? 0)
          : ((await prepared(count.name, count.build).execute(spec.params))[0]?.n ?? 0);
    const more = rows.length > LIMITS.pageSize;
    const shown = more ? rows.slice(0, LIMITS.pageSize) : rows;
    const last = shown[shown.length - 1];
    return {
      posts: await summaries(shown, viewer),
      nextCursor: more && last ? encodeCursor({ o: orderName, ...order.keys(last) }) : null,
      total,
    };
  }

  /**
   * A tag's public questions (a tag page's list): its size first, which says how its posts are read; the total counts
   * its rows (no trigger keeps a count per tag), from the same statement for a tag on few posts, else on its own
   * (planned for the tag: a tag on many posts is counted by reading the list's index and the tag's rows once).
   */
  async function tagPage(
    filter: string,
    topic: Topic | null,
    tag: string,
    orderName: OrderName,
    cursor: unknown,
    viewer: Viewer | null,
  ) {
    const name = `tag_${filter}_${topicName(topic)}`;
    const where = publicWhere(filter, topic);
    const params = { topic, tag };
    const [size] = await prepared(`size_${name}`, () => repo.tagSize(db, and(where, tagHeldBy)!, TAG, TAG_FEW)).execute(
      params,
    );
    const few = size?.n != null;
    const total = few
      ? size.n!
      : ((
          await repo.countPosts(
            db,
            and(publicStatus(filter), topic ? eq(posts.topic, topic) : undefined, tagIsValue(tag)),
          )
        )[0]?.n ?? 0);
    return page(
      {
        name: `list_${name}_${few ? 'few' : 'many'}`,
        where: and(where, few ? tagHeldBy : tagChecked),
        params,
        solvedOnly: filter === 'solved',
        count: total,
      },
      orderName,
      cursor,
      viewer,
    );
  }

  /** A list of posts by a where clause (with placeholders); its total counts the same rows. */
  const spec = (name: string, where: SQL | undefined, params: Record<string, unknown>): ListSpec => ({
    name: `list_${name}`,
    where,
    params,
    count: { name: `count_${name}`, build: () => repo.countPosts(db, where) },
  });

  return {
    /** The lists behind /, /my-posts, /resources/videos and /admin/unsolved; the route checks who may ask. */
    async listPosts(viewer: Viewer | null, query: ListQuery): Promise<PostList> {
      const topic = parseTopic(query.topic);
      const filter = parseFilter(query.filter);
      const params = { topic, userId: viewer?.id };
      switch (query.scope) {
        case 'mine':
          return page(
            spec(`mine_${topicName(topic)}`, and(eq(posts.userId, USER), topicIs(topic)), params),
            'recent',
            query.cursor,
            viewer,
          );
        case 'unsolved-queue':
          return page(
            spec(`queue_${topicName(topic)}`, and(eq(posts.status, 'open'), topicIs(topic)), params),
            'oldest',
            query.cursor,
            viewer,
          );
        case 'videos':
          return page(
            {
              ...spec(`videos_${filter}_${topicName(topic)}`, and(publicWhere(filter, topic), repo.hasVideo), params),
              solvedOnly: filter === 'solved',
            },
            parseSort(query.sort),
            query.cursor,
            viewer,
          );
        default: {
          if (query.tag) return tagPage(filter, topic, query.tag, parseSort(query.sort), query.cursor, viewer);
          // The home list's total comes from the trigger-kept counts: a lookup, not a scan.
          const name = `public_${filter}_${topicName(topic)}`;
          return page(
            {
              name: `list_${name}`,
              where: publicWhere(filter, topic),
              params,
              solvedOnly: filter === 'solved',
              count: {
                name: `count_${name}`,
                build: () => repo.countByStatus(db, publicStatuses(filter), topic ? TOPIC : undefined),
              },
            },
            parseSort(query.sort),
            query.cursor,
            viewer,
          );
        }
      }
    },

    /** A member's public posts (open and solved), newest first: a profile's Posts tab. */
    async listMemberPosts(viewer: Viewer | null, userId: string, rawCursor: unknown): Promise<PostList> {
      return page(
        spec('member', and(eq(posts.userId, USER), repo.isPublicStatus), { userId }),
        'recent',
        rawCursor,
        viewer,
      );
    },

    /** The member's bookmarks they may still see, newest bookmark first. */
    async listBookmarks(viewer: Viewer, rawCursor: unknown): Promise<PostList> {
      const cursor = decodeCursor(rawCursor, 'bookmarks');
      const visible = viewer.isStaff ? undefined : or(repo.isPublicStatus, eq(posts.userId, viewer.id));
      const after = cursor
        ? sql`(${bookmarks.createdAt}, ${bookmarks.id}) < (${cursor.c}::timestamptz, ${cursor.i}::uuid)`
        : undefined;
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
  };
}

export type PostLists = ReturnType<typeof postLists>;
