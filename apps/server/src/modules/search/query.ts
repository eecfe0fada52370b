import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
export { queryWords } from '../../lib/query-words.js';

// Turning what someone typed into a tsquery: the words come from lib/query-words (nothing in them is syntax).
/** A word as one quoted tsquery operand (queryWords leaves no quote or backslash in it). */
const quoted = (word: string) => `'${word}'`;

export interface AnalysedWord {
  word: string;
  /** An English stop word ('the', 'how'): left out unless every word is one. */
  stop: boolean;
  /** No lexeme at all (punctuation only). */
  empty: boolean;
  /** The nearest words of public posts, when this word matches none. */
  near: string[];
}

/**
 * One round trip: for each word, is it a stop word, is it a known word of public posts (the last word also
 * as a prefix), and if not, its nearest known words by trigram similarity.
 */
export async function analyseWords(db: Db, words: string[]): Promise<AnalysedWord[]> {
  if (words.length === 0) return [];
  const { rows } = await db.execute<{ word: string; stop: boolean; empty: boolean; near: string[] | null }>(sql`
    SELECT w.word,
      numnode(plainto_tsquery('english'::regconfig, w.word)) = 0 AS stop,
      numnode(plainto_tsquery('simple'::regconfig, w.word)) = 0 AS empty,
      CASE WHEN l.lex IS NULL OR k.known THEN NULL ELSE ARRAY(
        SELECT s.word FROM search_words s WHERE s.word % l.lex ORDER BY s.word <-> l.lex, s.word LIMIT 8
      ) END AS near
    FROM jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) WITH ORDINALITY AS w(word, ord)
    -- The one lexeme of a plain word (letters in it, 3 or more characters); compounds and numbers are not corrected.
    LEFT JOIN LATERAL (
      SELECT CASE WHEN count(*) = 1 AND length(max(x)) >= 3 AND max(x) ~ '[[:alpha:]]' THEN max(x) END AS lex
      FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, w.word))) x
    ) l ON true
    LEFT JOIN LATERAL (
      SELECT EXISTS (SELECT 1 FROM search_words s WHERE s.word = l.lex)
        OR (w.ord = ${words.length} AND EXISTS (
          -- Words that begin with it, as a range the prefix index can read (a LIKE pattern made per row cannot).
          SELECT 1 FROM search_words s
          WHERE s.word ~>=~ l.lex AND s.word ~<~ (l.lex || chr(1114111))
        )) AS known
    ) k ON true
    ORDER BY w.ord`);
  return rows.map((r) => ({ word: r.word, stop: r.stop, empty: r.empty, near: nearest(r.word, r.near ?? []) }));
}

/** Trigram candidates re-ordered by edit distance (a swapped pair counts once: 'handel' is nearer 'handle' than 'hand'). */
function nearest(word: string, candidates: string[]): string[] {
  return candidates
    .map((candidate, order) => ({ candidate, order, distance: editDistance(word, candidate) }))
    .sort((a, b) => a.distance - b.distance || a.order - b.order)
    .slice(0, NEAR_WORDS)
    .map((c) => c.candidate);
}
const NEAR_WORDS = 3;

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

export interface BuiltQuery {
  /** Every word must match; null when no word is left to search for. */
  tsquery: SQL | null;
  /** Any word may match: asked when no post has them all ('window sash wont stay up'); null for one word. */
  anyWord: SQL | null;
  /** The query with each misspelt word replaced by its nearest known word; null when none was. */
  didYouMean: string | null;
}

/**
 * AND (or OR) of the words; each word matches its stem, itself exactly, its nearest known words when it matches
 * nothing, and (the last word) any word it begins.
 */
export function buildQuery(analysed: AnalysedWord[]): BuiltQuery {
  const meaningful = analysed.filter((w) => !w.empty);
  const content = meaningful.filter((w) => !w.stop);
  const used = content.length > 0 ? content : meaningful;
  if (used.length === 0) return { tsquery: null, anyWord: null, didYouMean: null };
  const last = used[used.length - 1];
  const parts = used.map((w) => {
    const options: SQL[] = [
      sql`plainto_tsquery('english'::regconfig, ${w.word})`,
      sql`plainto_tsquery('simple'::regconfig, ${w.word})`,
    ];
    if (w === last) options.push(sql`to_tsquery('simple'::regconfig, ${`${quoted(w.word)}:*`})`);
    for (const near of w.near) {
      options.push(sql`plainto_tsquery('english'::regconfig, ${near})`, sql`plainto_tsquery('simple'::regconfig, ${near})`);
    }
    return sql`(${sql.join(options, sql` || `)})`;
  });
  const corrected = analysed.some((w) => w.near.length > 0);
  return {
    tsquery: sql`(${sql.join(parts, sql` && `)})`,
    anyWord: parts.length > 1 ? sql`(${sql.join(parts, sql` || `)})` : null,
    didYouMean: corrected ? analysed.map((w) => w.near[0] ?? w.word).join(' ') : null,
  };
}
