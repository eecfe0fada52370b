import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Sort } from '@fenestra/shared';
import { posts } from '../../db/schema/index.js';
import type { CursorKeys } from '../../lib/cursor.js';
import type { PostRow } from './repo.js';

// Each list order: its ORDER BY, the keyset condition after a cursor, and the cursor of a row. The condition
// takes the cursor's keys as statement parameters (placeholders), so a list's SQL is written and planned once.
export type OrderName = Sort | 'oldest';

const KEYS = {
  c: sql`${sql.placeholder('c')}::timestamptz`,
  i: sql`${sql.placeholder('i')}::uuid`,
  v: sql`${sql.placeholder('v')}::int`,
  b: sql`${sql.placeholder('b')}::int`,
  r: sql`${sql.placeholder('r')}::int`,
  open: sql`${sql.placeholder('open')}::boolean`,
};

/** The values of a cursor's keys for the placeholders of an order's `after`. */
export const keyValues = (k: CursorKeys) => ({
  c: k.c,
  i: k.i,
  v: k.v ?? 0,
  b: k.b ?? 0,
  r: k.r ?? 0,
  open: k.s !== 'solved',
});

export interface Order {
  by: SQL[];
  after: SQL;
  /** Where a list of solved posts only starts in this order's index, when it is not its first row. */
  solvedStart?: SQL;
  keys(row: PostRow): Omit<CursorKeys, 'o'>;
}

// Spelled as the indexes are (drizzle-kit writes DESC NULLS LAST); the columns are NOT NULL, only the planner cares.
const newestFirst = (column: SQLWrapper) => sql`${column} desc nulls last`;
const oldestFirst = (column: SQLWrapper) => sql`${column} asc nulls first`;

export const ORDERS: Record<OrderName, Order> = {
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
    by: [
      newestFirst(posts.voteCount),
      newestFirst(posts.bookmarkCount),
      newestFirst(posts.replyCount),
      newestFirst(posts.createdAt),
      newestFirst(posts.id),
    ],
    after: sql`(${posts.voteCount}, ${posts.bookmarkCount}, ${posts.replyCount}, ${posts.createdAt}, ${posts.id})
      < (${KEYS.v}, ${KEYS.b}, ${KEYS.r}, ${KEYS.c}, ${KEYS.i})`,
    keys: (r) => ({ v: r.voteCount, b: r.bookmarkCount, r: r.replyCount, c: r.createdKey, i: r.id }),
  },
  // Open before solved, newest first within each: one descending key (is it open?, time, id) on its own index.
  unsolved: {
    by: [sql`(${posts.status} = 'open') desc`, sql`${posts.createdAt} desc`, sql`${posts.id} desc`],
    after: sql`((${posts.status} = 'open'), ${posts.createdAt}, ${posts.id}) < (${KEYS.open}, ${KEYS.c}, ${KEYS.i})`,
    // The solved ones come after every open one: the index is read from the first solved (it read past the open).
    solvedStart: sql`(${posts.status} = 'open') < true`,
    keys: (r) => ({ s: r.status === 'solved' ? 'solved' : 'open', c: r.createdKey, i: r.id }),
  },
  oldest: {
    by: [oldestFirst(posts.createdAt), oldestFirst(posts.id)],
    after: sql`(${posts.createdAt}, ${posts.id}) > (${KEYS.c}, ${KEYS.i})`,
    keys: (r) => ({ c: r.createdKey, i: r.id }),
  },
};
