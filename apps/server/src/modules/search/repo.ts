import { eq, fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { LIMITS, SEARCH_LIMITS, type SearchStatus, type Topic } from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import type { Estimate, SearchTsQuery } from './query.js';
import { posts, profiles } from '../../db/schema/index.js';
import { previewSourceOf, summaryColumns, type SummaryRow } from '../posts/service.js';

// Weights for D, C, B, A (visible text, replies, description and objects, title and tags).
const WEIGHTS = sql.raw(`'{0.1, 0.2, 0.4, 1.0}'::float4[]`);
// Rank divided by 1 + log(document length): a long thread does not outrank a post about the thing itself.
const NORMALISATION = 1;
// Solved questions first among equals: they hold an answer.
const SOLVED_BOOST = 1.25;

export interface SearchFilter {
  status: SearchStatus;
  topic: Topic | null;
}

// Literal statuses (not parameters), as the list queries write them.
const statusCondition = (status: SearchStatus): SQL => {
  switch (status) {
    case 'all':
      return sql.raw(`s.status in ('open', 'solved')`);
    default:
      return sql.raw(`s.status = '${status}'`);
  }
};

// post_search alone (it carries status and topic): no join to posts until the page's 20 are known.
// since: the posts created since a day only (see planCandidates). The topic is the placeholder 'topic'.
const matching = (query: SQL, filter: SearchFilter, since: SQL | null = null) => sql`
  FROM post_search s
  WHERE s.document @@ ${query} AND ${statusCondition(filter.status)}
  ${since ? sql`AND s.created_in @@ ${since}` : sql``}
  ${filter.topic ? sql`AND s.topic = ${sql.placeholder('topic')}::topic` : sql``}`;

export interface RankedRow {
  id: string;
  rank: number;
}

/**
 * How many matches a search ranks: the newest ones, one more than 'Found N' counts exactly. Below 1,001
 * matches every one is ranked; a word in half the forum is 1,001 rows read newest first, not 50,000 ranked.
 */
const CANDIDATES = SEARCH_LIMITS.exactCount + 1;

/**
 * The newest RANKED_FIRST matches are ranked first and shown first (enough for 12 pages of 20); Load More then
 * goes on with the rest of the newest CANDIDATES, ranked among themselves. A first page reads about 1.5 x
 * RANKED_FIRST rows, where ranking the newest CANDIDATES read 1,500, and 'Found N' is counted on its own (countStatement).
 * The first RANKED_FIRST carry TIER more rank, so one cursor (rank, id) runs through both.
 */
const RANKED_FIRST = 250;
const TIER = 1000;

/**
 * Read newest first through post_search_created_idx, a row at a time until the candidates match (RANKED_FIRST or
 * CANDIDATES: about that many x posts / matches rows), or every match through the full-text index's bitmap and keep the
 * newest? A bitmap row costs about a quarter of an index row (measured at 100,000 posts), so the index
 * wins only when matches exceed sqrt(4 x candidates x posts), a fifth of the forum at 100,000 for CANDIDATES. The
 * planner, counting index rows as nearly free, read 23,000 rows newest first for a word in 4% of posts
 * (ten times slower than its bitmap): the choice is made here, from the planner's own formula for the matches (estimatedMatches).
 */
const INDEX_ROW_COST = 4;

/**
 * Through the bitmap, every match's row is visited for its created_at (about 1 us each, with its share of the index
 * scan): 4,000 to 10,000 rows for a common word at 100,000 posts. When at least 2 x WINDOW_SHARE x the candidates are expected, the
 * search first asks for the matches created since the day before which about WINDOW_SHARE x the candidates of them are
 * expected (from the statistics' histogram of post_search.created_at); the index finds those by created_in's day,
 * month and year lexemes without visiting the older rows. Fewer than the candidates there (the estimate was high): a
 * wider window, then none, in the same round trip (search_with_plan).
 */
const WINDOW_SHARE = 1.5;

/**
 * The path and the windows of a search, from the statistics (ForumStats), without a round trip. Words ANDed are
 * estimated twice: as the planner does (as if independent: 'broken lock'), and as if they always stood together
 * ('casement operator', 'spiral balance', a typo's corrections: the planner expected a tenth of their matches and
 * they got no window). The window of the second is tried first: it is the smaller, and one too small costs its
 * fewer than the candidates' rows once ('broken lock', whose words are independent, pays that for nothing).
 */
function planCandidates(
  estimate: Estimate,
  filter: SearchFilter,
  stats: ForumStats,
  candidates: number,
): { newestFirst: boolean; windows: string[] } {
  const { independent, together } = estimatedMatches(estimate, filter, stats);
  const newestFirst = independent * independent > INDEX_ROW_COST * candidates * stats.posts;
  if (newestFirst) return { newestFirst, windows: [] };
  const since = [
    ...new Set(
      [dayOf(stats, together, candidates), dayOf(stats, independent, candidates)].filter((day) => day !== null),
    ),
  ];
  const now = new Date();
  return { newestFirst, windows: since.map((day) => createdSince(day, now)) };
}

/** The share of posts (newest first) expected to hold WINDOW_SHARE x candidates of `matches`: its oldest day (null: no window). */
const dayOf = ({ days }: ForumStats, matches: number, candidates: number) =>
  matches >= 2 * WINDOW_SHARE * candidates
    ? (days[Math.floor((1 - (WINDOW_SHARE * candidates) / matches) * (days.length - 1))] ?? null)
    : null;

/**
 * The count's window, for words ANDed only: the index reads every post of each word ('door', in a third of the
 * posts, and 'handle': about 3 ms) before a row is visited, where within a window it skips to the newest posts'.
 * The planner's estimate (independent words), the wider window, so it rarely holds fewer than CANDIDATES (then
 * the count runs again without it). A word alone reads only its matches: no window.
 */
function countWindow(estimate: Estimate, filter: SearchFilter, stats: ForumStats): string[] {
  if (estimate.any || estimate.operands.length < 2) return [];
  const day = dayOf(stats, estimatedMatches(estimate, filter, stats).independent, CANDIDATES);
  return day ? [createdSince(day, new Date())] : [];
}

// PostgreSQL's own estimate of `document @@ query` (tsquerysel in ts_selfuncs.c), from the same statistics: a word
// among the most common elements has its frequency, any other half the least frequent one's (at most 0.005); words
// ANDed multiply, ORed add (less their product). Then the status and topic filters' shares.
const DEFAULT_TS_MATCH_SEL = 0.005;
function estimatedMatches(
  estimate: Estimate,
  filter: SearchFilter,
  stats: ForumStats,
): { independent: number; together: number } {
  const rare = Math.min(DEFAULT_TS_MATCH_SEL, stats.minFreq / 2);
  const lexemeShare = (lexeme: string, prefix: boolean) => {
    if (!prefix) return stats.lexemes.get(lexeme) ?? rare;
    let matched = 0;
    for (const [known, freq] of stats.lexemes) if (known.startsWith(lexeme)) matched += freq - matched * freq;
    return Math.max(rare, matched);
  };
  // An operand as PostgreSQL writes it: quoted lexemes, ANDed ('double-hung' is three), the last maybe a prefix.
  const operandShare = (operand: string) =>
    [...operand.matchAll(/'((?:[^'\\]|''|\\.)*)'(:\*)?/g)].reduce(
      (share, [, raw, prefix]) => share * lexemeShare(raw!.replace(/''/g, "'").replace(/\\(.)/g, '$1'), !!prefix),
      1,
    );
  const shares = estimate.operands.map(operandShare);
  const independent = estimate.any ? shares.reduce((a, b) => a + b - a * b, 0) : shares.reduce((a, b) => a * b, 1);
  const together = estimate.any ? independent : Math.min(...shares);
  const statuses = filter.status === 'all' ? ['open', 'solved'] : [filter.status];
  const share = (freqs: Map<string, number>, value: string) =>
    freqs.get(value) ?? 1 - [...freqs.values()].reduce((a, b) => a + b, 0);
  const status = statuses.reduce((sum, s) => sum + share(stats.statuses, s), 0);
  const topic = filter.topic ? share(stats.topics, filter.topic) : 1;
  const matches = (share: number) => stats.posts * (1 - stats.nullFrac) * Math.min(1, share) * status * topic;
  return { independent: matches(independent), together: matches(together) };
}

/**
 * The forum's size (pg_class.reltuples), the days of the histogram of post_search.created_at, and the most common
 * lexemes, statuses and topics with their shares (pg_stats, a view over pg_statistic with privilege checks: reading
 * it was 1.5-2 ms of every common word's search). They change only when the table is analysed; they choose a path
 * and a window, never what is found (a window with fewer than the candidates is run again without it), so they
 * are read once every STATS_SECONDS per database.
 */
const STATS_SECONDS = 10;
const statsOf = new WeakMap<Db, ForumStats & { at: number }>();
export interface ForumStats {
  posts: number;
  days: string[];
  /** post_search.document's most common lexemes and their shares of posts; minFreq the least of those. */
  lexemes: Map<string, number>;
  minFreq: number;
  nullFrac: number;
  /** post_search.status's and topic's most common values and their shares. */
  statuses: Map<string, number>;
  topics: Map<string, number>;
}
interface StatsRow {
  posts: number;
  days: string[] | null;
  lexemes: string[] | null;
  lexeme_freqs: number[] | null;
  null_frac: number | null;
  statuses: string[] | null;
  status_freqs: number[] | null;
  topics: string[] | null;
  topic_freqs: number[] | null;
}
const valuesOf = (values: string[] | null, freqs: number[] | null) =>
  new Map((values ?? []).map((v, i) => [v, Number(freqs?.[i] ?? 0)]));
export async function forumStats(db: Db): Promise<ForumStats> {
  const cached = statsOf.get(db);
  if (cached && performance.now() - cached.at < STATS_SECONDS * 1000) return cached;
  const column = (name: string) =>
    sql`FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'post_search' AND attname = ${name}`;
  const {
    rows: [row],
  } = await db.execute<StatsRow & Record<string, unknown>>(sql`
    SELECT greatest(c.reltuples, 0)::float8 AS posts,
      (SELECT array(SELECT to_char(b AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM unnest(histogram_bounds::text::timestamptz[]) b) ${column('created_at')}) AS days,
      d.most_common_elems::text::text[] AS lexemes, d.most_common_elem_freqs::float8[] AS lexeme_freqs, d.null_frac::float8 AS null_frac,
      (SELECT most_common_vals::text::text[] ${column('status')}) AS statuses,
      (SELECT most_common_freqs::float8[] ${column('status')}) AS status_freqs,
      (SELECT most_common_vals::text::text[] ${column('topic')}) AS topics,
      (SELECT most_common_freqs::float8[] ${column('topic')}) AS topic_freqs
    FROM pg_class c LEFT JOIN LATERAL (SELECT * ${column('document')}) d ON true
    WHERE c.oid = 'post_search'::regclass`);
  // The elements' frequencies end with the least and the greatest of them (ts_typanalyze).
  const freqs = row?.lexeme_freqs ?? [];
  const stats = {
    at: performance.now(),
    posts: Number(row?.posts ?? 0),
    days: row?.days ?? [],
    lexemes: valuesOf(row?.lexemes ?? null, freqs),
    minFreq: freqs.length >= 2 ? Number(freqs[freqs.length - 2]) : 2 * DEFAULT_TS_MATCH_SEL,
    nullFrac: Number(row?.null_frac ?? 0),
    statuses: valuesOf(row?.statuses ?? null, row?.status_freqs ?? null),
    topics: valuesOf(row?.topics ?? null, row?.topic_freqs ?? null),
  };
  statsOf.set(db, stats);
  return stats;
}

const pad = (n: number) => String(n).padStart(2, '0');
/**
 * The created_in lexemes of every day from `day` (YYYY-MM-DD, UTC) on, as few as cover it: the days to the end
 * of its month, the months to the end of its year, then the years to next year.
 */
export function createdSince(day: string, now: Date): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const operands: string[] = [];
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (date === 1) operands.push(`m${year}${pad(month)}`);
  else for (let d = date; d <= days; d++) operands.push(`d${year}${pad(month)}${pad(d)}`);
  for (let m = month + 1; m <= 12; m++) operands.push(`m${year}${pad(m)}`);
  for (let y = year + 1; y <= now.getUTCFullYear() + 1; y++) operands.push(`y${y}`);
  return operands.map((o) => `'${o}'`).join(' | ');
}

/**
 * How many candidates are ranked with the whole query. ts_rank_cd costs about 4 us a candidate with one operand
 * a word, and 15 us or more when a misspelt word is an OR of its corrections, each stemmed and as written:
 * every candidate is ranked with the query's rough form, and only the best RANKED_AGAIN of the newest RANKED_FIRST,
 * and of the others, again with all of it.
 */
const RANKED_AGAIN = 100;

/**
 * How many posts match (counted up to CANDIDATES), and one page of them, best first (rank, then id);
 * after = the last row of the previous page.
 *
 * The newest RANKED_FIRST matches come first, then the rest of the newest CANDIDATES; each of those two is ordered
 * by rank: the RANKED_AGAIN best of it by the rough rank first, by their rank with the whole query (1 + it, so at
 * least 1), then the others by their rough rank (r / (1 + r), below 1). Solved questions count x1.25 in both. A
 * page that reaches past the first RANKED_FIRST is read from the newest CANDIDATES (a second round trip on the
 * page where they meet).
 */
export async function rankedMatches(
  db: Db,
  query: SearchTsQuery,
  filter: SearchFilter,
  after: RankedRow | null,
  limit: number,
  stats: ForumStats,
): Promise<Ranked> {
  const firstOnly = after === null || after.rank >= TIER;
  const answer = await ranking(db, query, filter, after, limit, stats, firstOnly ? RANKED_FIRST : CANDIDATES, true);
  if (!firstOnly || answer.page.length >= limit || answer.found <= RANKED_FIRST) return answer;
  const rest = await ranking(db, query, filter, after, limit, stats, CANDIDATES, false);
  return { found: answer.found, page: rest.page, cards: rest.cards };
}

/** The page's ranked rows (limit of them: one more than the page shows), and the cards of the first LIMITS.pageSize. */
export interface Ranked {
  found: number;
  page: RankedRow[];
  cards: CardRow[];
}
/** A post's card (its posts and profiles columns are not null when its id is not: a left join's nulls). */
export type CardRow = SummaryRow & { markedTitle: string; markedPreview: string };

/**
 * One round trip: search_with_plan (migration 0023) counts the matches (countStatement, when asked), then runs the
 * ranking statements with the path chosen for them, the first that holds `candidates` matches (or the last)
 * answering. They read their values as $1[1], $1[2], ... (text, each cast where it is used): the planner sees them
 * as constants, as it saw parameters before. Their text is built once per shape (statementsOf), the values filled in.
 */
async function ranking(
  db: Db,
  query: SearchTsQuery,
  filter: SearchFilter,
  after: RankedRow | null,
  limit: number,
  stats: ForumStats,
  candidates: number,
  counted: boolean,
): Promise<Ranked> {
  const { newestFirst, windows } = planCandidates(query.estimate, filter, stats, candidates);
  const countWindows = counted ? countWindow(query.estimate, filter, stats) : [];
  const shape = {
    status: filter.status,
    topic: filter.topic !== null,
    paged: after !== null,
    windows: windows.length,
    countWindows: countWindows.length,
    limit,
    candidates,
  };
  const { count, ranked, params } = statementsOf(shape);
  const values: Record<string, unknown> = {
    match: query.text,
    rough: query.roughText,
    topic: filter.topic,
    afterRank: after?.rank,
    afterId: after?.id,
    ...Object.fromEntries(windows.map((since, i) => [`since${i}`, since])),
    ...Object.fromEntries(countWindows.map((since, i) => [`countSince${i}`, since])),
  };
  const args = fillPlaceholders(params, values).map(String);
  const rows = await rankedCardsOf(db, limit).execute({
    newestFirst,
    count: counted ? count : null,
    statements: ranked,
    args,
    enough: candidates,
    query: query.text,
  });
  const page: RankedRow[] = [];
  const cards: CardRow[] = [];
  for (const { found: _found, rankedId, rankedRank, id, ...card } of rows) {
    if (rankedId === null) continue;
    page.push({ id: rankedId, rank: Number(rankedRank) });
    if (id !== null) cards.push({ ...card, id } as CardRow);
  }
  return { found: rows[0]?.found ?? 0, page, cards };
}

const rankedCards = new WeakMap<Db, Map<number, ReturnType<typeof rankedCardsStatement>>>();
function rankedCardsOf(db: Db, limit: number) {
  const byLimit = rankedCards.get(db) ?? new Map<number, ReturnType<typeof rankedCardsStatement>>();
  rankedCards.set(db, byLimit);
  let statement = byLimit.get(limit);
  if (!statement) byLimit.set(limit, (statement = rankedCardsStatement(db, limit)));
  return statement;
}
const dialect = new PgDialect();
const NEXT_STATEMENT = '\n/* next statement */\n';
const inlineArgs = (text: string) => text.replace(/\$(\d+)/g, '($$1[$1])');

/**
 * What a search's statements' text depends on; their values (the query, the windows' days, the topic, the cursor) are
 * placeholders. Fewer than `candidates` since a window's day: they are not the newest of all; then the next window
 * (the last is none), in the same round trip.
 */
interface Shape {
  status: SearchStatus;
  topic: boolean;
  paged: boolean;
  windows: number;
  countWindows: number;
  limit: number;
  candidates: number;
}
interface Statements {
  count: string;
  ranked: string[];
  params: unknown[];
}
// A few dozen shapes at most (statuses x topic x paged x windows x the two candidates); built with drizzle once each.
const statementsByShape = new Map<string, Statements>();
function statementsOf(shape: Shape): Statements {
  const key = JSON.stringify(shape);
  const known = statementsByShape.get(key);
  if (known) return known;
  const filter: SearchFilter = { status: shape.status, topic: shape.topic ? ('placeholder' as Topic) : null };
  const tsquery = (name: string) => sql`${sql.placeholder(name)}::tsquery`;
  const query = { match: tsquery('match'), rough: tsquery('rough') };
  const after = shape.paged ? { rank: sql.placeholder('afterRank'), id: sql.placeholder('afterId') } : null;
  const windows = [...Array.from({ length: shape.windows }, (_, i) => tsquery(`since${i}`)), null];
  const statements = [
    countStatement(
      query,
      filter,
      Array.from({ length: shape.countWindows }, (_, i) => tsquery(`countSince${i}`)),
    ),
    ...windows.map((since) => rankStatement(query, filter, since, after, shape.limit, shape.candidates)),
  ];
  const { sql: text, params } = dialect.sqlToQuery(sql.join(statements, sql.raw(NEXT_STATEMENT)));
  const [count, ...ranked] = inlineArgs(text).split(NEXT_STATEMENT);
  const built = { count: count!, ranked, params };
  statementsByShape.set(key, built);
  return built;
}

/**
 * How many posts match, up to CANDIDATES: through the full-text index's bitmap, each match's row visited once for
 * its status and visibility (about 1,000 rows for a common word, nothing ranked or sorted). PostgreSQL 15.13 and
 * later fetch every row of a bitmap, even for a count (the 'skip fetch' of all-visible pages was withdrawn).
 * Within a window first (countWindow): CANDIDATES there are CANDIDATES in all; fewer, and the count runs again
 * without it (each count a subquery of the CASE, run only when its branch is reached).
 */
type TsQueries = Pick<SearchTsQuery, 'match' | 'rough'>;
function countStatement(query: TsQueries, filter: SearchFilter, windows: SQL[]): SQL {
  const count = (since: SQL | null) =>
    sql`(SELECT count(*)::int FROM (SELECT 1 ${matching(query.match, filter, since)} LIMIT ${CANDIDATES}::int) c)`;
  if (!windows.length) return sql`SELECT ${count(null)}`;
  return sql`SELECT CASE ${sql.join(windows.map((since) => sql`WHEN ${count(since)} >= ${CANDIDATES}::int THEN ${CANDIDATES}::int `))}ELSE ${count(null)} END`;
}

/**
 * The newest `candidates` matches, each ranked roughly, the newest RANKED_FIRST of them TIER higher. Within a window
 * (about WINDOW_SHARE x candidates matches) every match is ranked as the scan reads it and the newest kept: a row is
 * visited once. Without one (a few thousand matches, or newest first), as row addresses. found: the candidates.
 */
function rankStatement(
  query: TsQueries,
  filter: SearchFilter,
  since: SQL | null,
  after: { rank: unknown; id: unknown } | null,
  limit: number,
  candidates: number,
): SQL {
  const boost = sql`CASE WHEN s.status = 'solved' THEN ${SOLVED_BOOST}::float8 ELSE 1 END`;
  const roughRank = sql`ts_rank_cd(${WEIGHTS}, s.document, ${query.rough}, ${NORMALISATION}::int) * ${boost}`;
  const rough = since
    ? sql`rough AS MATERIALIZED (
      SELECT s.ctid AS row, s.post_id AS id, s.created_at AS at, ${roughRank} AS rank
      ${matching(query.match, filter, since)}
      ORDER BY s.created_at DESC, s.post_id DESC
      LIMIT ${candidates}::int
    )`
    : sql`candidates AS MATERIALIZED (
      SELECT s.ctid AS row
      ${matching(query.match, filter)}
      ORDER BY s.created_at DESC, s.post_id DESC
      LIMIT ${candidates}::int
    ), rough AS MATERIALIZED (
      SELECT s.ctid AS row, s.post_id AS id, s.created_at AS at, ${roughRank} AS rank
      FROM post_search s WHERE s.ctid = ANY (ARRAY(SELECT row FROM candidates))
    )`;
  return sql`
    WITH ${rough}, tiered AS MATERIALIZED (
      SELECT r.*, CASE WHEN row_number() OVER (ORDER BY r.at DESC, r.id DESC) <= ${RANKED_FIRST}::int THEN 1 ELSE 0 END AS tier
      FROM rough r
    ), best AS MATERIALIZED (
      SELECT s.ctid AS row, 1 + ts_rank_cd(${WEIGHTS}, s.document, ${query.match}, ${NORMALISATION}::int) * ${boost} AS rank
      FROM post_search s
      WHERE s.ctid = ANY (ARRAY(SELECT row FROM (
        SELECT row, row_number() OVER (PARTITION BY tier ORDER BY rank DESC, id DESC) AS place FROM tiered
      ) t WHERE place <= ${RANKED_AGAIN}::int))
    ), ranked AS (
      SELECT r.id, (r.tier * ${TIER}::int + coalesce(b.rank, r.rank / (1 + r.rank)))::float8 AS rank
      FROM tiered r LEFT JOIN best b ON b.row = r.row
    )
    SELECT n.found, r.id, r.rank
    FROM (SELECT count(*)::int AS found FROM rough) n
    LEFT JOIN LATERAL (
      SELECT id, rank FROM ranked
      ${after ? sql`WHERE (rank, id) < (${after.rank}::float8, ${after.id}::uuid)` : sql``}
      ORDER BY rank DESC, id DESC
      LIMIT ${limit}::int
    ) r ON true`;
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

/**
 * The ranking and the page's cards in one round trip (one prepared statement a page size, planned once per
 * connection): search_with_plan (migration 0023) answers its rows in order, at most `limit`; the first
 * LIMITS.pageSize of them are joined to their posts as cards read them, with their titles and previews' source
 * (201 characters) marked where the query's words are ($query). Its rows are read first (a LIMIT the planner sees,
 * so the posts are looked up by id, a row each); rankedId is null on the row that only says how many were found.
 */
function rankedCardsStatement(db: Db, limit: number) {
  const query = sql`${sql.placeholder('query')}::tsquery`;
  const p = (name: string) => sql.placeholder(name);
  return db
    .select({
      found: sql<number>`r.found`,
      rankedId: sql<string | null>`r.id`,
      rankedRank: sql<number | null>`r.rank`,
      ...summaryColumns,
      markedTitle: sql<string>`ts_headline('english'::regconfig, ${headlineText(sql`${posts.title}`)}, ${query}, ${HEADLINE_OPTIONS})`,
      markedPreview: sql<string>`ts_headline('english'::regconfig, ${headlineText(previewSourceOf(posts.description))}, ${query}, ${HEADLINE_OPTIONS})`,
    })
    .from(
      sql`(SELECT * FROM search_with_plan(${p('newestFirst')}::boolean, ${p('count')}::text, ${p('statements')}::text[], ${p('args')}::text[], ${p('enough')}::int)
      WITH ORDINALITY AS w(found, id, rank, place) ORDER BY w.place LIMIT ${sql.raw(String(limit))}) r`,
    )
    .leftJoin(posts, sql`${posts.id} = r.id AND r.place <= ${sql.raw(String(LIMITS.pageSize))}`)
    .leftJoin(profiles, eq(profiles.id, posts.userId))
    .orderBy(sql`r.place`)
    .prepare(`search_ranked_cards_${limit}`);
}
