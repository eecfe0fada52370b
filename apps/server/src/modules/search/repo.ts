import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_LIMITS, type SearchStatus, type Topic } from '@fenestra/shared';
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

/**
 * How many matches a search ranks: the newest ones, one more than 'Found N' counts exactly. A word in half
 * the forum is then 1,001 rows read in index order, not 50,000 ranked (the planner reads a rarer word's
 * matches through the full-text index and keeps the newest); below 1,001 matches every one is ranked.
 */
export const CANDIDATES = SEARCH_LIMITS.exactCount + 1;

/**
 * How many posts match (counted up to CANDIDATES), and one page of them, best first (rank, then id);
 * after = the last row of the previous page. One statement: the candidates are read once.
 */
export async function rankedMatches(
  db: Conn, query: SQL, filter: SearchFilter, after: RankedRow | null, limit: number,
): Promise<{ found: number; page: RankedRow[] }> {
  const { rows } = await db.execute<{ found: number; id: string | null; rank: number | null }>(sql`
    WITH candidates AS MATERIALIZED (
      SELECT s.post_id, s.status, s.document
      ${matching(query, filter)}
      ORDER BY s.created_at DESC, s.post_id DESC
      LIMIT ${CANDIDATES}
    ), ranked AS (
      SELECT c.post_id AS id, (ts_rank_cd(${WEIGHTS}, c.document, ${query}, ${NORMALISATION})
        * CASE WHEN c.status = 'solved' THEN ${SOLVED_BOOST}::float8 ELSE 1 END)::float8 AS rank
      FROM candidates c
    )
    SELECT n.found, r.id, r.rank
    FROM (SELECT count(*)::int AS found FROM candidates) n
    LEFT JOIN LATERAL (
      SELECT id, rank FROM ranked
      ${after ? sql`WHERE (rank, id) < (${after.rank}::float8, ${after.id}::uuid)` : sql``}
      ORDER BY rank DESC, id DESC
      LIMIT ${limit}
    ) r ON true`);
  return {
    found: rows[0]?.found ?? 0,
    page: rows.filter((r) => r.id !== null).map((r) => ({ id: r.id!, rank: Number(r.rank) })),
  };
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
