import { sql, type SQL } from 'drizzle-orm';
import type { SearchStatus, Topic } from '@fenestra/shared';
import type { Db, Tx } from '../../db/client.js';

type Conn = Db | Tx;

/**
 * Runs the matching queries with the GIN index always used: for a common word the planner's estimate
 * makes a scan of every document look as cheap, and it is several times slower (each row's @@ is costly).
 */
export function withSearchPlan<T>(db: Db, run: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    return run(tx);
  });
}

// Weights for D, C, B, A (visible text, replies, description and objects, title and tags).
const WEIGHTS = sql.raw(`'{0.1, 0.2, 0.4, 1.0}'::float4[]`);
// Rank divided by 1 + log(document length): a long thread does not outrank a post about the thing itself.
const NORMALISATION = 1;
// Solved questions first among equals: they hold an answer.
const SOLVED_BOOST = 1.25;

export interface SearchFilter { status: SearchStatus; topic: Topic | null }

// Literal statuses (not parameters), as the list queries write them.
const statusCondition = (status: SearchStatus): SQL => {
  switch (status) {
    case 'all': return sql.raw(`s.status in ('open', 'solved')`);
    default: return sql.raw(`s.status = '${status}'`);
  }
};

// post_search alone (it carries status and topic): no join to posts until the page's 20 are known.
const matching = (query: SQL, filter: SearchFilter) => sql`
  FROM post_search s
  WHERE s.document @@ ${query} AND ${statusCondition(filter.status)}
  ${filter.topic ? sql`AND s.topic = ${filter.topic}::topic` : sql``}`;

export interface RankedRow { id: string; rank: number }

/** One page of matches, best first (rank, then id); after = the last row of the previous page. */
export async function rankedPage(db: Conn, query: SQL, filter: SearchFilter, after: RankedRow | null, limit: number): Promise<RankedRow[]> {
  const { rows } = await db.execute<{ id: string; rank: number }>(sql`
    SELECT r.id, r.rank FROM (
      SELECT s.post_id AS id, (ts_rank_cd(${WEIGHTS}, s.document, ${query}, ${NORMALISATION})
        * CASE WHEN s.status = 'solved' THEN ${SOLVED_BOOST}::float8 ELSE 1 END)::float8 AS rank
      ${matching(query, filter)}
    ) r
    ${after ? sql`WHERE (r.rank, r.id) < (${after.rank}::float8, ${after.id}::uuid)` : sql``}
    ORDER BY r.rank DESC, r.id DESC
    LIMIT ${limit}`);
  return rows.map((r) => ({ id: r.id, rank: Number(r.rank) }));
}

/** How many posts match, counted up to `cap` (the page says 'Found 1,000+ results' past it). */
export async function countMatches(db: Conn, query: SQL, filter: SearchFilter, cap: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM (SELECT 1 ${matching(query, filter)} LIMIT ${cap}) m`);
  return rows[0]?.n ?? 0;
}

// Marks that member text cannot contain: control characters are removed from it first, and '<' '>'
// travel as two more of them so the headline parser does not take '<spline>' for an HTML tag.
export const MARK_START = '\u0002';
export const MARK_END = '\u0003';
export const LESS_THAN = '\u0004';
export const GREATER_THAN = '\u0005';
const headlineText = (column: SQL) =>
  sql`translate(regexp_replace(${column}, '[\\x01-\\x05]', '', 'g'), '<>', ${LESS_THAN + GREATER_THAN})`;
const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`;

/** Titles and the preview's source (201 characters) with the query's words between marks. */
export async function headlines(db: Db, query: SQL, ids: string[]): Promise<Map<string, { title: string; preview: string }>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute<{ id: string; title: string; preview: string }>(sql`
    SELECT p.id,
      ts_headline('english'::regconfig, ${headlineText(sql`p.title`)}, ${query}, ${HEADLINE_OPTIONS}) AS title,
      ts_headline('english'::regconfig, ${headlineText(sql`left(p.description, 201)`)}, ${query}, ${HEADLINE_OPTIONS}) AS preview
    FROM posts p WHERE p.id = ANY(${`{${ids.join(',')}}`}::uuid[])`);
  return new Map(rows.map((r) => [r.id, { title: r.title, preview: r.preview }]));
}
