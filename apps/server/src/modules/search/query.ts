import { sql, type SQL } from 'drizzle-orm';
import { preparedQuery, type Db } from '../../db/client.js';
export { queryWords } from '../../lib/query-words.js';

// Turning what someone typed into a tsquery: the words come from lib/query-words (nothing in them is syntax).
// PostgreSQL makes every operand (plainto_tsquery, to_tsquery) and hands back its text; the query is put together
// here from those texts, so an operand two forms share ('window' stemmed and as written) is in it once.

export interface WordForms {
  word: string;
  /** The word's tsquery operands as PostgreSQL writes them: stemmed ('english') and as written ('simple'); '' for none. */
  forms: string[];
}

export interface AnalysedWord extends WordForms {
  /** An English stop word ('the', 'how'): left out unless every word is one. */
  stop: boolean;
  /** No lexeme at all (punctuation only). */
  empty: boolean;
  /** The word as a prefix ('oper':*), used for the last word searched for. */
  prefix: string | null;
  /**
   * The last word: the words of public posts it begins (as tsquery operands), when there are at most BEGUN of
   * them; null when more, or not a plain word. Exact words are found through the full-text index several times
   * faster than a prefix, and match the same public posts (every word of a public post is in the word list).
   */
  begins: string[] | null;
  /** The nearest words of public posts, when this word matches none: nearest first. */
  near: WordForms[];
}

interface AnalysedRow {
  word: string;
  stop: boolean;
  empty: boolean;
  english: string;
  simple: string;
  prefix: string | null;
  near: [string, string, string][] | null;
  begins: string[] | null;
}
const BEGUN = 8;
// A prepared statement ($1 the words as a JSON array, $2 how many): parsed and planned once per connection
// (planning it was most of its 2 ms).
const analyseStatement = preparedQuery<AnalysedRow>(
  'search_analyse_words',
  `
    SELECT w.word,
      numnode(plainto_tsquery('english'::regconfig, w.word)) = 0 AS stop,
      numnode(plainto_tsquery('simple'::regconfig, w.word)) = 0 AS empty,
      plainto_tsquery('english'::regconfig, w.word)::text AS english,
      plainto_tsquery('simple'::regconfig, w.word)::text AS simple,
      -- queryWords leaves no quote or backslash in a word: quoted, it is one operand.
      CASE WHEN numnode(plainto_tsquery('simple'::regconfig, w.word)) > 0
        THEN to_tsquery('simple'::regconfig, quote_literal(w.word) || ':*')::text END AS prefix,
      CASE WHEN l.lex IS NULL OR k.known THEN NULL ELSE (
        SELECT jsonb_agg(jsonb_build_array(n.word, plainto_tsquery('english'::regconfig, n.word)::text,
          plainto_tsquery('simple'::regconfig, n.word)::text) ORDER BY n.distance, n.word)
        FROM (
          (SELECT s.word, s.word <-> l.lex AS distance FROM search_words s
          WHERE s.word % l.lex ORDER BY s.word <-> l.lex, s.word LIMIT 8)
          UNION
          -- Two letters swapped: a short word then shares too few trigrams with the word meant ('hnige' and 'hinge',
          -- 0.2 of the 0.3 that % asks), so its swaps are looked up as they are.
          SELECT s.word, s.word <-> l.lex FROM search_words s
          WHERE s.word = ANY (ARRAY(
            SELECT overlay(l.lex PLACING substr(l.lex, i + 1, 1) || substr(l.lex, i, 1) FROM i FOR 2)
            FROM generate_series(1, length(l.lex) - 1) i
          ))
        ) n
      ) END AS near,
      CASE WHEN w.ord = $2::int AND l.lex IS NOT NULL THEN ARRAY(
        SELECT s.word FROM search_words s
        WHERE s.word ~>=~ l.lex AND s.word ~<~ (l.lex || chr(1114111)) ORDER BY s.word LIMIT ${BEGUN + 1}
      ) END AS begins
    FROM jsonb_array_elements_text($1::jsonb) WITH ORDINALITY AS w(word, ord)
    -- The one lexeme of a plain word (letters in it, 3 or more characters); compounds and numbers are not corrected.
    LEFT JOIN LATERAL (
      SELECT CASE WHEN count(*) = 1 AND length(max(x)) >= 3 AND max(x) ~ '[[:alpha:]]' THEN max(x) END AS lex
      FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, w.word))) x
    ) l ON true
    LEFT JOIN LATERAL (
      SELECT EXISTS (SELECT 1 FROM search_words s WHERE s.word = l.lex)
        OR (w.ord = $2::int AND EXISTS (
          -- Words that begin with it, as a range the prefix index can read (a LIKE pattern made per row cannot).
          SELECT 1 FROM search_words s
          WHERE s.word ~>=~ l.lex AND s.word ~<~ (l.lex || chr(1114111))
        )) AS known
    ) k ON true
    ORDER BY w.ord`,
);

/**
 * One round trip: for each word, is it a stop word, is it a known word of public posts (the last word also
 * as a prefix), its operands, and if it is not known, its nearest known words by trigram similarity.
 */
export async function analyseWords(db: Db, words: string[]): Promise<AnalysedWord[]> {
  if (words.length === 0) return [];
  const rows = await analyseStatement(db, [JSON.stringify(words), words.length]);
  return rows.map((r) => ({
    word: r.word,
    stop: r.stop,
    empty: r.empty,
    forms: [r.english, r.simple],
    prefix: r.prefix,
    begins: r.begins && r.begins.length <= BEGUN ? r.begins.map(lexeme) : null,
    near: nearest(
      r.word,
      (r.near ?? []).map(([word, english, simple]) => ({ word, forms: [english, simple] })),
    ),
  }));
}

/**
 * Trigram candidates re-ordered by edit distance (a swapped pair counts once: 'handel' is nearer 'handle' than
 * 'hand'), and only those at the nearest distance kept: each one kept is more operands in every candidate's rank.
 */
function nearest(word: string, candidates: WordForms[]): WordForms[] {
  const ordered = candidates
    .map((candidate, order) => ({ candidate, order, distance: editDistance(word, candidate.word) }))
    .sort((a, b) => a.distance - b.distance || a.order - b.order);
  const best = ordered[0]?.distance;
  return ordered
    .filter((c) => c.distance === best)
    .slice(0, NEAR_WORDS)
    .map((c) => c.candidate);
}
const NEAR_WORDS = 3;

/** A lexeme as one tsquery operand. */
const lexeme = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** A query two ways: what it finds (and marks in headlines), and a rough form of it that ranks quickly. */
export interface SearchTsQuery {
  /** Each word: its stem, itself exactly, its nearest known words when it matches nothing, the last word's prefix. */
  match: SQL;
  /** `match` as tsquery text (the headlines' statement takes it as a parameter). */
  text: string;
  /**
   * One operand a word: the nearest known word's stem when it was misspelt, the last word's prefix, else its stem.
   * ts_rank_cd's cost grows with the operands (a corrected word is several), so every candidate is ranked with
   * this and only the best of them again with `match` (repo.rankedMatches).
   */
  rough: SQL;
  /** `rough` as tsquery text (the ranking's statements take it as a value). */
  roughText: string;
  /**
   * For the estimate of the matches: one exact operand a word (the nearest known word's stem, else its own). The
   * whole query ORs each word's stemmed and written forms, which the planner's formula counts as two words (up
   * to twice the matches), and it estimates a prefix from its list of frequent words only.
   */
  estimate: Estimate;
}

/** Operands (as tsquery text) that must all match, or (any) of which one must. */
export interface Estimate {
  operands: string[];
  any: boolean;
}

export interface BuiltQuery {
  /** Every word must match; null when no word is left to search for. */
  all: SearchTsQuery | null;
  /** Any word may match: asked when no post has them all ('window sash wont stay up'); null for one word. */
  any: SearchTsQuery | null;
  /** The query with each misspelt word replaced by its nearest known word; null when none was. */
  didYouMean: string | null;
}

const tsquery = (text: string): SQL => sql`${text}::tsquery`;
const either = (operands: string[]) => operands.map((o) => `(${o})`).join(' | ');
const each = (operands: string[]) => operands.map((o) => `(${o})`).join(' & ');

/** A word's operands, each once; one its prefix also matches ('window' beside 'window':*) is left out. */
function operandsOf(w: AnalysedWord, publicOnly: boolean): string[] {
  const beginning = w.prefix ? (publicOnly && w.begins ? w.begins : [w.prefix]) : [];
  const all = new Set([...w.forms, ...beginning, ...w.near.flatMap((n) => n.forms)].filter(Boolean));
  return [...all].filter((o) => !all.has(`${o}:*`));
}

function roughOperandOf(w: AnalysedWord): string {
  return w.near[0]?.forms.find(Boolean) ?? w.prefix ?? estimateOperandOf(w);
}

function estimateOperandOf(w: AnalysedWord): string {
  return w.near[0]?.forms.find(Boolean) ?? w.forms.find(Boolean) ?? operandsOf(w, false)[0]!;
}

/**
 * AND (or OR) of the words; each word is an OR of its operands. The last word searched for is also a prefix: in
 * a search of public posts only, the words it begins when they are few.
 */
export function buildQuery(analysed: AnalysedWord[], publicOnly: boolean): BuiltQuery {
  const meaningful = analysed.filter((w) => !w.empty);
  const content = meaningful.filter((w) => !w.stop);
  const used = content.length > 0 ? content : meaningful;
  if (used.length === 0) return { all: null, any: null, didYouMean: null };
  const last = used[used.length - 1];
  const words = used.map((w) => (w === last ? w : { ...w, prefix: null }));
  const parts = words.map((w) => either(operandsOf(w, publicOnly)));
  const rough = words.map(roughOperandOf);
  const estimate = words.map(estimateOperandOf);
  const corrected = analysed.some((w) => w.near.length > 0);
  return {
    all: {
      match: tsquery(each(parts)),
      text: each(parts),
      rough: tsquery(each(rough)),
      roughText: each(rough),
      estimate: { operands: estimate, any: false },
    },
    any:
      parts.length > 1
        ? {
            match: tsquery(either(parts)),
            text: either(parts),
            rough: tsquery(either(rough)),
            roughText: either(rough),
            estimate: { operands: estimate, any: true },
          }
        : null,
    didYouMean: corrected ? analysed.map((w) => w.near[0]?.word ?? w.word).join(' ') : null,
  };
}
