import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { queryWords } from '../../lib/query-words.js';

type Conn = Db | Tx;

/** Below this score nothing is shown: a question about hose reels has no similar window questions. */
export const MIN_SIMILAR_SCORE = 0.25;
/** How many similar posts each post keeps (the page shows 5; a few spare for posts that leave public view). */
export const STORED_SIMILAR = 10;
const MAX_WORDS = 32;

export interface SimilarRow { id: string; title: string; status: 'open' | 'solved'; score: number }
export interface SimilarText { title: string; description: string }

const wordQueries = (text: string) =>
  [...new Set(queryWords(text))].slice(0, MAX_WORDS).map((w) => sql`plainto_tsquery('english'::regconfig, ${w})`);

/** The share of these word queries a document holds (stop words, which match nothing, not counted). */
const shareHeld = (each: SQL[]) => sql`((${sql.join(each.map((q) => sql`(s.document @@ ${q})::int`), sql` + `)})::float8
  / greatest(${sql.join(each.map((q) => sql`(numnode(${q}) > 0)::int`), sql` + `)}, 1))`;

/**
 * Any of the words, stemmed (OR semantics, so a question worded differently still meets its twin), every
 * word of the title, and how many of them a document holds, the title's words counting most (a single
 * shared word is not similarity).
 */
function wordMatch(text: SimilarText): { any: SQL; everyTitleWord: SQL | null; coverage: SQL } | null {
  const all = wordQueries(`${text.title} ${text.description}`);
  if (all.length === 0) return null;
  const titleWords = wordQueries(text.title);
  return {
    any: sql`(${sql.join(all, sql` || `)})`,
    everyTitleWord: titleWords.length ? sql`(${sql.join(titleWords, sql` && `)})` : null,
    coverage: titleWords.length ? sql`(0.6 * ${shareHeld(titleWords)} + 0.4 * ${shareHeld(all)})` : shareHeld(all),
  };
}

/**
 * How many public posts a draft is compared with: some that hold every word of its title, and the newest
 * that hold any of its words. Any of 20 words is most of a large forum: scoring it all took seconds.
 */
const WITH_EVERY_TITLE_WORD = 200;
const WITH_ANY_WORD = 300;

/**
 * Public posts like this text: the share of its words they hold and their full-text rank (0..1), blended
 * with the trigram similarity of the titles. Best first, at least MIN_SIMILAR_SCORE.
 */
export async function similarTo(
  db: Conn, text: SimilarText, excludeId: string | null, limit: number, minScore = MIN_SIMILAR_SCORE,
): Promise<SimilarRow[]> {
  const words = wordMatch(text);
  if (!words) return [];
  const title = text.title.trim();
  const textScore = sql`(0.85 * ${words.coverage} + 0.15 * ts_rank_cd('{0.1, 0.2, 0.4, 1.0}'::float4[], s.document, ${words.any}, 32))`;
  const holding = (match: SQL) => sql`SELECT s.post_id FROM post_search s WHERE s.status IN ('open', 'solved') AND s.document @@ ${match}`;
  const { rows } = await db.execute<{ id: string; title: string; status: 'open' | 'solved'; score: number }>(sql`
    WITH candidates AS (
      -- Every title word: rare enough to be read through the full-text index, as found.
      ${words.everyTitleWord ? sql`(${holding(words.everyTitleWord)} LIMIT ${WITH_EVERY_TITLE_WORD}) UNION ` : sql``}
      -- Any word: most posts, read newest first until enough.
      (${holding(words.any)} ORDER BY s.created_at DESC, s.post_id DESC LIMIT ${WITH_ANY_WORD})
    )
    SELECT id, title, status, score FROM (
      SELECT p.id, p.title, p.status, (0.6 * ${textScore} + 0.4 * similarity(p.title, ${title}))::float8 AS score
      FROM candidates c JOIN post_search s ON s.post_id = c.post_id JOIN posts p ON p.id = c.post_id
      ${excludeId ? sql`WHERE p.id <> ${excludeId}::uuid` : sql``}
    ) m
    WHERE score >= ${minScore}
    ORDER BY score DESC, id DESC
    LIMIT ${limit}`);
  return rows.map((r) => ({ ...r, score: Number(r.score) }));
}

/** Takes up to `limit` posts off the refresh queue (this transaction owns them; others skip them). */
export async function takeDue(tx: Tx, limit: number): Promise<{ id: string; title: string; description: string }[]> {
  const { rows } = await tx.execute<{ id: string; title: string; description: string }>(sql`
    WITH due AS (
      DELETE FROM post_similar_queue WHERE post_id IN (
        SELECT post_id FROM post_similar_queue ORDER BY requested_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
      ) RETURNING post_id
    )
    SELECT p.id, p.title, left(p.description, 500) AS description
    FROM due JOIN posts p ON p.id = due.post_id WHERE p.status IN ('open', 'solved')`);
  return rows;
}

export type SimilarSource = 'text' | 'vector';

/**
 * Replaces a post's rows of one source, and offers the post to each of them in return (keeping their best
 * STORED_SIMILAR), so an older question lists a newer twin too.
 */
export async function storeSimilar(tx: Tx, postId: string, similar: { id: string; score: number }[], source: SimilarSource = 'text'): Promise<void> {
  await tx.execute(sql`DELETE FROM post_similar WHERE post_id = ${postId}::uuid AND source = ${source}`);
  if (similar.length === 0) return;
  const rows = JSON.stringify(similar.map((s) => ({ id: s.id, score: s.score })));
  await tx.execute(sql`
    INSERT INTO post_similar (post_id, similar_post_id, score, source, updated_at)
    SELECT ${postId}::uuid, (r->>'id')::uuid, (r->>'score')::real, ${source}, now() FROM jsonb_array_elements(${rows}::jsonb) r
    UNION ALL
    SELECT (r->>'id')::uuid, ${postId}::uuid, (r->>'score')::real, ${source}, now() FROM jsonb_array_elements(${rows}::jsonb) r
    ON CONFLICT (post_id, similar_post_id, source) DO UPDATE SET score = EXCLUDED.score, updated_at = EXCLUDED.updated_at`);
  await tx.execute(sql`
    DELETE FROM post_similar ps USING (
      SELECT post_id, similar_post_id, source, row_number() OVER (PARTITION BY post_id ORDER BY score DESC) AS n
      FROM post_similar WHERE source = ${source} AND post_id IN (SELECT (r->>'id')::uuid FROM jsonb_array_elements(${rows}::jsonb) r)
    ) extra
    WHERE extra.n > ${STORED_SIMILAR} AND ps.post_id = extra.post_id AND ps.similar_post_id = extra.similar_post_id AND ps.source = extra.source`);
}

/** A post's stored similar posts that are public now, best first (of these sources), at least the minimum score. */
export async function storedSimilar(db: Conn, postId: string, limit: number, sources: SimilarSource[] = ['text', 'vector']): Promise<SimilarRow[]> {
  const { rows } = await db.execute<{ id: string; title: string; status: 'open' | 'solved'; score: number }>(sql`
    SELECT p.id, p.title, p.status, max(ps.score)::float8 AS score
    FROM post_similar ps JOIN posts p ON p.id = ps.similar_post_id
    WHERE ps.post_id = ${postId}::uuid AND p.status IN ('open', 'solved') AND ps.score >= ${MIN_SIMILAR_SCORE}
      AND ps.source = ANY(${`{${sources.join(',')}}`}::text[])
    GROUP BY p.id, p.title, p.status
    ORDER BY score DESC, p.id DESC
    LIMIT ${limit}`);
  return rows.map((r) => ({ ...r, score: Number(r.score) }));
}

// ---- detection vectors ----

/** Cosine 0.5 (unrelated parts still share some meaning) is 0, identical words 1. */
export const vectorScore = (cosine: number) => Math.max(0, Math.min(1, (cosine - 0.5) / 0.5));
/** How many images one branch of the candidate search may bring (never a scan of every vector). */
const CANDIDATES_PER_BRANCH = 500;

export interface PostVectors { objects: string[]; categories: string[]; vectors: number[][] }

/** A post's image vectors of this model, with the objects and categories they name. */
export async function vectorsOfPost(db: Conn, postId: string, model: string): Promise<PostVectors> {
  const { rows } = await db.execute<{ object: string | null; category: string | null; embedding: number[] }>(sql`
    SELECT lower(coalesce(user_confirmed_object, detected_object)) AS object, detected_category AS category, embedding
    FROM post_images WHERE post_id = ${postId}::uuid AND embedding IS NOT NULL AND embedding_model = ${model}`);
  return {
    objects: [...new Set(rows.map((r) => r.object).filter((o): o is string => Boolean(o)))],
    categories: [...new Set(rows.map((r) => r.category).filter((c): c is string => Boolean(c)))],
    vectors: rows.map((r) => r.embedding),
  };
}

/**
 * Public posts' image vectors of this model and dimension that may be alike: images naming one of these
 * objects, or in one of these categories, and the images of these posts (the full-text top). Bounded.
 */
export async function candidateVectors(
  db: Conn, q: { model: string; dimension: number; objects: string[]; categories: string[]; postIds: string[]; excludeId: string | null },
): Promise<{ postId: string; embedding: number[] }[]> {
  const same = sql`i.embedding IS NOT NULL AND i.embedding_model = ${q.model} AND i.embedding_dimension = ${q.dimension}`;
  const branches = [
    q.objects.length ? sql`(SELECT i.id FROM post_images i WHERE lower(coalesce(i.user_confirmed_object, i.detected_object)) = ANY(${toTextArray(q.objects)}::text[])
      AND ${same} ORDER BY i.created_at DESC LIMIT ${CANDIDATES_PER_BRANCH})` : null,
    q.categories.length ? sql`(SELECT i.id FROM post_images i WHERE i.detected_category = ANY(${toTextArray(q.categories)}::text[])
      AND ${same} ORDER BY i.created_at DESC LIMIT ${CANDIDATES_PER_BRANCH})` : null,
    q.postIds.length ? sql`(SELECT i.id FROM post_images i WHERE i.post_id = ANY(${toTextArray(q.postIds)}::uuid[]) AND ${same})` : null,
  ].filter((b): b is SQL => b !== null);
  if (branches.length === 0) return [];
  const { rows } = await db.execute<{ post_id: string; embedding: number[] }>(sql`
    SELECT i.post_id, i.embedding FROM post_images i JOIN posts p ON p.id = i.post_id
    WHERE i.id IN (${sql.join(branches, sql` UNION `)}) AND p.status IN ('open', 'solved')
    ${q.excludeId ? sql`AND i.post_id <> ${q.excludeId}::uuid` : sql``}`);
  return rows.map((r) => ({ postId: r.post_id, embedding: r.embedding }));
}

/** A Postgres array literal of plain strings (quotes and backslashes escaped). */
function toTextArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/** Titles and statuses of these posts that are public. */
export async function publicPostsById(db: Conn, ids: string[]): Promise<{ id: string; title: string; status: 'open' | 'solved' }[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<{ id: string; title: string; status: 'open' | 'solved' }>(sql`
    SELECT id, title, status FROM posts WHERE id = ANY(${toTextArray(ids)}::uuid[]) AND status IN ('open', 'solved')`);
  return rows;
}
