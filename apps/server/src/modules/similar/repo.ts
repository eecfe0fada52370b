import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { queryWords } from '../../lib/query-words.js';

type Conn = Db | Tx;

/** Below this score nothing is shown: a question about hose reels has no similar window questions. */
export const MIN_SIMILAR_SCORE = 0.25;
/** How many similar posts each post keeps (the page shows 5; a few spare for posts that leave public view). */
export const STORED_SIMILAR = 10;
const MAX_WORDS = 32;

export interface SimilarRow {
  id: string;
  title: string;
  status: 'open' | 'solved';
  score: number;
}
export interface SimilarText {
  title: string;
  description: string;
}

/** A lexeme as a tsquery operand (quoted: nothing in it is syntax). */
const operand = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The stemmed lexemes (english) of a text's title words and of all its words (the first MAX_WORDS distinct words),
 * each set distinct; stop words have none. One statement, no table read.
 */
async function lexemesOf(db: Conn, text: SimilarText): Promise<{ title: string[]; all: string[] }> {
  const all = [...new Set(queryWords(`${text.title} ${text.description}`))].slice(0, MAX_WORDS);
  if (all.length === 0) return { title: [], all: [] };
  const title = [...new Set(queryWords(text.title))].slice(0, MAX_WORDS);
  const { rows } = await db.execute<{ title: string[]; all: string[] }>(sql`
    SELECT array(SELECT DISTINCT unnest(tsvector_to_array(to_tsvector('english'::regconfig, ${title.join(' ')})))) AS title,
      array(SELECT DISTINCT unnest(tsvector_to_array(to_tsvector('english'::regconfig, ${all.join(' ')})))) AS all`);
  return { title: rows[0]?.title ?? [], all: rows[0]?.all ?? [] };
}

/**
 * How many of these lexemes a document holds, as a share of them: the lexemes it loses to ts_delete (a lexeme is
 * in a tsvector once, so a lexeme held counts once). One call a document, where a match a word cost one each.
 */
const shareHeld = (lexemes: string[]) =>
  sql`((length(s.document) - length(ts_delete(s.document, ${toTextArray(lexemes)}::text[])))::float8 / ${lexemes.length})`;

/**
 * How many public posts a draft is compared with: some that hold every word of its title, and the newest
 * that hold any of its words. Any of 20 words is most of a large forum: scoring it all took seconds.
 */
const WITH_EVERY_TITLE_WORD = 200;
const WITH_ANY_WORD = 300;
/** The full-text rank's weight in a score (0.15 of the text's 0.6; the rank, normalised, is below 1): RANK_WEIGHT. */
const rankWeight = sql.raw('(0.6 * 0.15)');

/**
 * Public posts like this text: the share of its words (stemmed lexemes) they hold, the title's counting most (a
 * single shared word is not similarity), and their full-text rank (0..1), blended with the trigram similarity of
 * the titles. Best first, at least MIN_SIMILAR_SCORE. Candidates: up to 200 holding every lexeme of the title and
 * the newest 300 holding any lexeme (OR semantics, so a question worded differently still meets its twin).
 */
export async function similarTo(
  db: Conn,
  text: SimilarText,
  excludeId: string | null,
  limit: number,
  minScore = MIN_SIMILAR_SCORE,
): Promise<SimilarRow[]> {
  const lexemes = await lexemesOf(db, text);
  if (lexemes.all.length === 0) return [];
  const title = text.title.trim();
  const any = lexemes.all.map(operand).join(' | ');
  const coverage = lexemes.title.length
    ? sql`(0.6 * ${shareHeld(lexemes.title)} + 0.4 * ${shareHeld(lexemes.all)})`
    : shareHeld(lexemes.all);
  const holding = (match: string) =>
    sql`SELECT s.post_id FROM post_search s WHERE s.status IN ('open', 'solved') AND s.document @@ ${match}::tsquery`;
  const { rows } = await db.execute<{ id: string; title: string; status: 'open' | 'solved'; score: number }>(sql`
    WITH candidates AS (
      -- Every title word: rare enough to be read through the full-text index, as found.
      ${lexemes.title.length ? sql`(${holding(lexemes.title.map(operand).join(' & '))} LIMIT ${WITH_EVERY_TITLE_WORD}) UNION ` : sql``}
      -- Any word: most posts, read newest first until enough.
      (${holding(any)} ORDER BY s.created_at DESC, s.post_id DESC LIMIT ${WITH_ANY_WORD})
    ),
    -- What every candidate scores without the rank, worked out once (the CTE is read twice, so it is kept).
    scored AS (
      SELECT p.id, p.title, p.status, s.document,
        (0.6 * 0.85 * ${coverage} + 0.4 * similarity(p.title, ${title}))::float8 AS base
      FROM candidates c JOIN post_search s ON s.post_id = c.post_id JOIN posts p ON p.id = c.post_id
      ${excludeId ? sql`WHERE p.id <> ${excludeId}::uuid` : sql``}
    ),
    -- The rank adds less than RANK_WEIGHT: a candidate below the limit-th best without it, or below the minimum with
    -- it, cannot be shown, and is not ranked (ts_rank_cd with every word ORed is most of the scoring's cost).
    bar AS (SELECT base FROM scored ORDER BY base DESC OFFSET ${limit - 1} LIMIT 1)
    SELECT id, title, status, score FROM (
      SELECT id, title, status,
        (base + ${rankWeight} * ts_rank_cd('{0.1, 0.2, 0.4, 1.0}'::float4[], document, ${any}::tsquery, 32))::float8 AS score
      FROM scored
      WHERE base + ${rankWeight} >= greatest(${minScore}::float8, coalesce((SELECT base FROM bar), 0))
      OFFSET 0
    ) m
    WHERE score >= ${minScore}
    ORDER BY score DESC, id DESC
    LIMIT ${limit}`);
  return rows.map((r) => ({ ...r, score: Number(r.score) }));
}

// ---- many posts at once (the job) ----

/**
 * A title's trigrams as pg_trgm makes them for `similarity`, for an ASCII title: each word (a run of letters and
 * digits) lower-cased and padded with two spaces before and one after, every three characters of it, each once.
 * The same strings `show_trgm` gives (a trigram of letters, digits and spaces is shown as itself), so a set made
 * here and one PostgreSQL made for a title with other characters (asked for with show_trgm) compare as pg_trgm's do.
 */
export function asciiTrigrams(title: string): Set<string> {
  const out = new Set<string>();
  for (const word of title.match(/[A-Za-z0-9]+/g) ?? []) {
    const padded = `  ${word.toLowerCase()} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
}

/** pg_trgm's similarity from the counts: shared / (both sizes - shared), a float4; 0 when either set is empty. */
export const trigramSimilarity = (shared: number, a: number, b: number) =>
  a === 0 || b === 0 ? 0 : Math.fround(shared / (a + b - shared));

/**
 * Strings of the batch's posts (their lexemes, their titles' trigrams) numbered, and marked per post: a candidate's
 * strings become the numbers of those any post has (the others can match none), and a pair's shared count is the
 * marks of its candidate's numbers in its post's row: no string is hashed per pair.
 */
class Marks {
  private readonly ids = new Map<string, number>();
  private readonly pending: number[][] = [];
  private rows: Uint8Array[] = [];
  /** Numbers these strings (a post's, each once) and marks them in the post's row. */
  mark(post: number, strings: Iterable<string>) {
    const numbers: number[] = [];
    for (const s of strings) {
      let id = this.ids.get(s);
      if (id === undefined) this.ids.set(s, (id = this.ids.size));
      numbers.push(id);
    }
    (this.pending[post] ??= []).push(...numbers);
  }
  /** Once every post's strings are numbered: the rows. */
  seal() {
    this.rows = Array.from(this.pending, (numbers) => {
      const row = new Uint8Array(this.ids.size);
      for (const n of numbers ?? []) row[n] = 1;
      return row;
    });
  }
  /** A candidate's strings as the numbers the posts have (each once). */
  numbersOf(strings: Iterable<string>): Int32Array {
    const out: number[] = [];
    for (const s of strings) {
      const id = this.ids.get(s);
      if (id !== undefined) out.push(id);
    }
    return Int32Array.from(out);
  }
  /** How many of these numbers the post has. */
  shared(post: number, numbers: Int32Array): number {
    const row = this.rows[post]!;
    let n = 0;
    for (let i = 0; i < numbers.length; i++) n += row[numbers[i]!]!;
    return n;
  }
}

/** A post whose similar questions are worked out: its id (never listed in its own), title and text. */
export interface SimilarPost extends SimilarText {
  id: string;
}

/**
 * The similar questions of each of these posts, as `similarTo(db, post, post.id, limit, minScore)` finds them (the
 * same candidates, scores to the bit, order and ties), worked out in four statements for all of them instead of two
 * a post: their lexemes (and the trigrams of any title that is not ASCII); every post's candidates in one statement,
 * each candidate read once however many posts it is a candidate of (its lexemes, title, status); the share of words
 * held and the titles' trigram similarity counted here (pg_trgm's similarity was most of the statement's cost: it
 * makes both titles' trigrams on every call); then ts_rank_cd, in one statement, of the pairs that can still be shown.
 */
export async function similarToEach(
  db: Conn,
  posts: SimilarPost[],
  limit: number,
  minScore = MIN_SIMILAR_SCORE,
): Promise<Map<string, SimilarRow[]>> {
  const found = new Map<string, SimilarRow[]>(posts.map((p) => [p.id, []]));
  const asked = posts
    .map((post) => ({
      post,
      all: [...new Set(queryWords(`${post.title} ${post.description}`))].slice(0, MAX_WORDS),
      titleWords: [...new Set(queryWords(post.title))].slice(0, MAX_WORDS),
    }))
    .filter((a) => a.all.length > 0);
  if (asked.length === 0) return found;

  // 1. Lexemes, as lexemesOf makes them; and the trigrams of a title that is not ASCII, as pg_trgm makes them.
  const { rows: words } = await db.execute<{ title: string[]; all: string[]; trigrams: string[] | null }>(sql`
    SELECT array(SELECT DISTINCT unnest(tsvector_to_array(to_tsvector('english'::regconfig, w.t)))) AS title,
      array(SELECT DISTINCT unnest(tsvector_to_array(to_tsvector('english'::regconfig, w.a)))) AS all,
      CASE WHEN octet_length(w.q) <> length(w.q) THEN show_trgm(w.q) END AS trigrams
    FROM unnest(${toTextArray(asked.map((a) => a.titleWords.join(' ')))}::text[],
      ${toTextArray(asked.map((a) => a.all.join(' ')))}::text[],
      ${toTextArray(asked.map((a) => a.post.title.trim()))}::text[]) WITH ORDINALITY AS w(t, a, q, n)
    ORDER BY w.n`);
  const queries = asked
    .map((a, n) => {
      const lexemes = { title: words[n]?.title ?? [], all: words[n]?.all ?? [] };
      const title = a.post.title.trim();
      return {
        id: a.post.id,
        lexemes,
        any: lexemes.all.map(operand).join(' | '),
        every: lexemes.title.length ? lexemes.title.map(operand).join(' & ') : null,
        trigrams: words[n]?.trigrams ? new Set(words[n]!.trigrams) : asciiTrigrams(title),
      };
    })
    .filter((q) => q.lexemes.all.length > 0);
  if (queries.length === 0) return found;

  // 2. The candidates of every post (each post's two reads as similarTo makes them, literal queries and all, so each
  // is planned as there), then each candidate once: its lexemes, title, status, and the posts it is a candidate of.
  const holding = (match: string) =>
    sql`SELECT s.post_id FROM post_search s WHERE s.status IN ('open', 'solved') AND s.document @@ ${match}::tsquery`;
  const branches = queries.map(
    (q, n) => sql`SELECT ${n}::int AS n, c.post_id FROM (
      ${q.every ? sql`(${holding(q.every)} LIMIT ${WITH_EVERY_TITLE_WORD}) UNION ` : sql``}
      (${holding(q.any)} ORDER BY s.created_at DESC, s.post_id DESC LIMIT ${WITH_ANY_WORD})) c`,
  );
  const { rows: candidates } = await db.execute<{
    id: string;
    title: string;
    status: 'open' | 'solved';
    lexemes: string[];
    trigrams: string[] | null;
    asked: number[];
  }>(sql`
    WITH pairs AS (${sql.join(branches, sql` UNION ALL `)}),
    asked AS (SELECT post_id, array_agg(n) AS asked FROM pairs GROUP BY post_id)
    SELECT p.id, p.title, p.status, tsvector_to_array(s.document) AS lexemes,
      CASE WHEN octet_length(p.title) <> length(p.title) THEN show_trgm(p.title) END AS trigrams, a.asked
    FROM asked a JOIN post_search s ON s.post_id = a.post_id JOIN posts p ON p.id = a.post_id`);

  // 3. What each pair scores without the rank, to the bit as similarTo's statement works it out in float8: the
  // shares of lexemes held (counts over lengths), 0.6 * 0.85 (numeric, so 0.51) times the blend, plus 0.4 times
  // the similarity (a float4). Then the pairs that can still be shown (similarTo's bar).
  const titleLexemes = new Marks();
  const allLexemes = new Marks();
  const trigrams = new Marks();
  for (const [n, q] of queries.entries()) {
    titleLexemes.mark(n, q.lexemes.title);
    allLexemes.mark(n, q.lexemes.all);
    trigrams.mark(n, q.trigrams);
  }
  for (const marks of [titleLexemes, allLexemes, trigrams]) marks.seal();
  const scored: { id: string; base: number }[][] = queries.map(() => []);
  for (const c of candidates) {
    const inTitle = titleLexemes.numbersOf(c.lexemes);
    const inAll = allLexemes.numbersOf(c.lexemes);
    // A title with other characters always comes with show_trgm's trigrams (the statement's CASE).
    const own = c.trigrams ? new Set(c.trigrams) : asciiTrigrams(c.title);
    const titleTrigrams = trigrams.numbersOf(own);
    for (const n of c.asked) {
      const q = queries[n]!;
      if (c.id === q.id) continue;
      const all = allLexemes.shared(n, inAll) / q.lexemes.all.length;
      const coverage = q.lexemes.title.length
        ? 0.6 * (titleLexemes.shared(n, inTitle) / q.lexemes.title.length) + 0.4 * all
        : all;
      const similarity = trigramSimilarity(trigrams.shared(n, titleTrigrams), q.trigrams.size, own.size);
      scored[n]!.push({ id: c.id, base: 0.51 * coverage + 0.4 * similarity });
    }
  }
  // Over the bar, best base first: the first `limit` of each post are ranked, then the rest only as far as they can
  // still reach the limit-th best score those reached (a score is less than its base plus the rank's 0.09).
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const overBar = scored.map((list) => {
    const bases = list.map((s) => s.base).sort((a, b) => b - a);
    const bar = Math.max(minScore, bases[limit - 1] ?? 0);
    return list.filter((s) => s.base + 0.09 >= bar).sort((a, b) => b.base - a.base);
  });
  const first = overBar.flatMap((list, n) => list.slice(0, limit).map((s) => ({ n, ...s })));
  if (first.length === 0) return found;

  // 4. The rank of those, added as similarTo adds it (the same float8 expression on the same base), in two steps.
  const anyQueries = toTextArray(queries.map((q) => q.any));
  const rank = async (pairs: { n: number; id: string; base: number }[]) => {
    if (pairs.length === 0) return [];
    const { rows } = await db.execute<{ n: number; id: string; score: number }>(sql`
      WITH q AS MATERIALIZED (
        SELECT (q.n - 1)::int AS n, q.words::tsquery AS query FROM unnest(${anyQueries}::text[]) WITH ORDINALITY AS q(words, n)
      )
      SELECT r.n, r.id,
        (r.base + ${rankWeight} * ts_rank_cd('{0.1, 0.2, 0.4, 1.0}'::float4[], s.document, q.query, 32))::float8 AS score
      FROM unnest(${`{${pairs.map((r) => r.n).join(',')}}`}::int[], ${toTextArray(pairs.map((r) => r.id))}::uuid[],
        ${`{${pairs.map((r) => String(r.base)).join(',')}}`}::float8[]) AS r(n, id, base)
      JOIN q ON q.n = r.n JOIN post_search s ON s.post_id = r.id`);
    return rows.map((r) => ({ n: r.n, id: r.id, score: Number(r.score) }));
  };
  const ranked = await rank(first);
  const reached = queries.map(() => [] as number[]);
  for (const r of ranked) reached[r.n]!.push(r.score);
  const rest = overBar.flatMap((list, n) => {
    const scores = reached[n]!.sort((a, b) => b - a);
    const bar = scores.length >= limit ? scores[limit - 1]! : -Infinity;
    return list.slice(limit).flatMap((s) => (s.base + 0.09 >= bar ? [{ n, ...s }] : []));
  });
  ranked.push(...(await rank(rest)));
  const shown: SimilarRow[][] = queries.map(() => []);
  for (const { n, id, score } of ranked) {
    if (score < minScore) continue;
    const c = byId.get(id)!;
    shown[n]!.push({ id, title: c.title, status: c.status, score });
  }
  for (const [n, list] of shown.entries()) {
    // similarTo's ORDER BY score DESC, id DESC (uuids compare as their lowercase text does).
    list.sort((a, b) => b.score - a.score || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    found.set(queries[n]!.id, list.slice(0, limit));
  }
  return found;
}

/**
 * Moves the full-text index's pending entries into the index proper (what autovacuum does in its time). New and
 * changed posts' documents wait in that list (fastupdate), and every read of the index reads all of it: after a
 * burst of 1,500 posts, a read of a title's words went through 169 pages of it (15 ms) instead of 4 (0.9 ms). The
 * job reads the index once or twice a post, so it empties the list first; writers do not wait on it (they add to
 * the list as before). Without the index's ownership (a database user that does not own it) it is left as it is.
 */
export async function mergePendingSearchEntries(db: Conn): Promise<void> {
  await db.execute(sql`SELECT gin_clean_pending_list('post_search_document_idx'::regclass)`).catch(() => undefined);
}

/** A post due a refresh of its lists, as the queue held it when read (a request made since is a later time). */
export interface DuePost {
  id: string;
  title: string;
  description: string;
  /** The queue row's time as text (microseconds kept): its row is taken off only if no change asked again since. */
  requestedAt: string;
  /** Whether the post is public now (only public posts have lists; the others just leave the queue). */
  public: boolean;
}

/**
 * Up to `limit` posts of the refresh queue, oldest request first, read without taking them: nothing is locked
 * while their lists are worked out (a post's change meanwhile only moves its request time, and it is done again).
 */
export async function dueSimilar(db: Conn, limit: number): Promise<DuePost[]> {
  const { rows } = await db.execute<{
    id: string;
    title: string | null;
    description: string | null;
    requested_at: string;
    public: boolean;
  }>(sql`
    SELECT q.post_id AS id, p.title, left(p.description, 500) AS description, q.requested_at::text AS requested_at,
      coalesce(p.status IN ('open', 'solved'), false) AS public
    FROM (SELECT post_id, requested_at FROM post_similar_queue ORDER BY requested_at LIMIT ${limit}) q
    LEFT JOIN posts p ON p.id = q.post_id`);
  return rows.map((r) => ({
    id: r.id,
    title: r.title ?? '',
    description: r.description ?? '',
    requestedAt: r.requested_at,
    public: r.public,
  }));
}

/** Takes these requests off the queue, each only if it was not asked again since it was read. */
export async function doneSimilar(tx: Tx, due: Pick<DuePost, 'id' | 'requestedAt'>[]): Promise<void> {
  if (due.length === 0) return;
  const rows = JSON.stringify(due.map((d) => ({ id: d.id, at: d.requestedAt })));
  await tx.execute(sql`
    DELETE FROM post_similar_queue q USING jsonb_array_elements(${rows}::jsonb) r
    WHERE q.post_id = (r->>'id')::uuid AND q.requested_at = (r->>'at')::timestamptz`);
}

export type SimilarSource = 'text' | 'vector';

/**
 * Replaces these posts' rows of one source, and offers each post to each of its similar posts in return (keeping
 * their best STORED_SIMILAR), so an older question lists a newer twin too. One set of statements for the batch.
 */
export async function storeSimilarBatch(
  tx: Tx,
  lists: { postId: string; similar: { id: string; score: number }[] }[],
  source: SimilarSource = 'text',
): Promise<void> {
  if (lists.length === 0) return;
  const ids = toTextArray(lists.map((l) => l.postId));
  await tx.execute(sql`DELETE FROM post_similar WHERE post_id = ANY(${ids}::uuid[]) AND source = ${source}`);
  const pairs = lists.flatMap((l) => l.similar.map((s) => ({ p: l.postId, s: s.id, v: s.score })));
  if (pairs.length === 0) return;
  const rows = JSON.stringify(pairs);
  // Both directions; a pair found from both of its posts in one batch is stored once, at its better score.
  await tx.execute(sql`
    INSERT INTO post_similar (post_id, similar_post_id, score, source, updated_at)
    SELECT a, b, max(v), ${source}, now() FROM (
      SELECT (r->>'p')::uuid AS a, (r->>'s')::uuid AS b, (r->>'v')::real AS v FROM jsonb_array_elements(${rows}::jsonb) r
      UNION ALL
      SELECT (r->>'s')::uuid, (r->>'p')::uuid, (r->>'v')::real FROM jsonb_array_elements(${rows}::jsonb) r
    ) pair
    GROUP BY a, b
    ON CONFLICT (post_id, similar_post_id, source) DO UPDATE SET score = EXCLUDED.score, updated_at = EXCLUDED.updated_at`);
  await tx.execute(sql`
    DELETE FROM post_similar ps USING (
      SELECT post_id, similar_post_id, row_number() OVER (PARTITION BY post_id ORDER BY score DESC, similar_post_id DESC) AS n
      FROM post_similar
      WHERE source = ${source} AND post_id IN (SELECT DISTINCT (r->>'s')::uuid FROM jsonb_array_elements(${rows}::jsonb) r)
    ) extra
    WHERE extra.n > ${STORED_SIMILAR} AND ps.post_id = extra.post_id AND ps.similar_post_id = extra.similar_post_id
      AND ps.source = ${source}`);
}

/** One post's rows of one source (see storeSimilarBatch). */
export const storeSimilar = (
  tx: Tx,
  postId: string,
  similar: { id: string; score: number }[],
  source: SimilarSource = 'text',
) => storeSimilarBatch(tx, [{ postId, similar }], source);

/**
 * A public post's similar questions as the page shows them, and every post its stored rows name (public or not:
 * one that becomes public again enters the list, so its change must drop it). Null when the post is not public.
 */
export async function publicSimilar(
  db: Conn,
  postId: string,
  limit: number,
  sources: SimilarSource[],
): Promise<{ shown: SimilarRow[]; named: string[] } | null> {
  const { rows } = await db.execute<{
    own: string;
    id: string | null;
    title: string | null;
    status: string | null;
    score: number | null;
  }>(sql`
    SELECT o.status AS own, s.id, p.title, p.status, s.score
    FROM posts o
    LEFT JOIN (
      SELECT similar_post_id AS id, max(score)::float8 AS score FROM post_similar
      WHERE post_id = ${postId}::uuid AND source = ANY(${`{${sources.join(',')}}`}::text[])
      GROUP BY similar_post_id
    ) s ON true
    LEFT JOIN posts p ON p.id = s.id
    WHERE o.id = ${postId}::uuid`);
  if (rows.length === 0 || (rows[0]!.own !== 'open' && rows[0]!.own !== 'solved')) return null;
  const named = rows.flatMap((r) => (r.id ? [r.id] : []));
  const shown = rows
    .filter((r) => (r.status === 'open' || r.status === 'solved') && Number(r.score) >= MIN_SIMILAR_SCORE)
    .map((r) => ({ id: r.id!, title: r.title!, status: r.status as 'open' | 'solved', score: Number(r.score) }))
    // As storedSimilar orders them: best first, then the greater id (uuids compare as their lowercase text does).
    .sort((a, b) => b.score - a.score || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, limit);
  return { shown, named };
}

/** A post's stored similar posts that are public now, best first (of these sources), at least the minimum score. */
export async function storedSimilar(
  db: Conn,
  postId: string,
  limit: number,
  sources: SimilarSource[] = ['text', 'vector'],
): Promise<SimilarRow[]> {
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

export interface PostVectors {
  objects: string[];
  categories: string[];
  vectors: number[][];
}

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

/** Which of these posts have image vectors of this model (the others have no 'vector' rows to work out). */
export async function postsWithVectors(db: Conn, postIds: string[], model: string): Promise<Set<string>> {
  if (postIds.length === 0) return new Set();
  const { rows } = await db.execute<{ post_id: string }>(sql`
    SELECT DISTINCT post_id FROM post_images
    WHERE post_id = ANY(${toTextArray(postIds)}::uuid[]) AND embedding IS NOT NULL AND embedding_model = ${model}`);
  return new Set(rows.map((r) => r.post_id));
}

/**
 * Public posts' image vectors of this model and dimension that may be alike: images naming one of these
 * objects, or in one of these categories, and the images of these posts (the full-text top). Bounded.
 */
export async function candidateVectors(
  db: Conn,
  q: {
    model: string;
    dimension: number;
    objects: string[];
    categories: string[];
    postIds: string[];
    excludeId: string | null;
  },
): Promise<{ postId: string; embedding: number[] }[]> {
  const same = sql`i.embedding IS NOT NULL AND i.embedding_model = ${q.model} AND i.embedding_dimension = ${q.dimension}`;
  const branches = [
    q.objects.length
      ? sql`(SELECT i.id FROM post_images i WHERE lower(coalesce(i.user_confirmed_object, i.detected_object)) = ANY(${toTextArray(q.objects)}::text[])
      AND ${same} ORDER BY i.created_at DESC LIMIT ${CANDIDATES_PER_BRANCH})`
      : null,
    q.categories.length
      ? sql`(SELECT i.id FROM post_images i WHERE i.detected_category = ANY(${toTextArray(q.categories)}::text[])
      AND ${same} ORDER BY i.created_at DESC LIMIT ${CANDIDATES_PER_BRANCH})`
      : null,
    q.postIds.length
      ? sql`(SELECT i.id FROM post_images i WHERE i.post_id = ANY(${toTextArray(q.postIds)}::uuid[]) AND ${same})`
      : null,
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
export async function publicPostsById(
  db: Conn,
  ids: string[],
): Promise<{ id: string; title: string; status: 'open' | 'solved' }[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<{ id: string; title: string; status: 'open' | 'solved' }>(sql`
    SELECT id, title, status FROM posts WHERE id = ANY(${toTextArray(ids)}::uuid[]) AND status IN ('open', 'solved')`);
  return rows;
}
