import { z } from 'zod';
import {
  LIMITS,
  MSG,
  SEARCH_LIMITS,
  STAFF_SEARCH_STATUSES,
  parseSearchStatus,
  parseTopic,
  type SearchResults,
} from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import { badRequest, forbidden, unauthorized } from '../../lib/errors.js';
import { memberMarks, type PostsService, type PublicAnswer, type Viewer } from '../posts/service.js';
import { analyseWords, buildQuery, queryWords } from './query.js';
import { forumStats, rankedMatches, type RankedRow } from './repo.js';
import { markWords, markedWords, segmentsOf } from './highlight.js';
import { searchFill } from './public-answer.js';
import type { PublicCache } from '../../cache/public-cache.js';
import { listForMember } from '../../cache/marked-lists.js';
import { answerJson } from '../../lib/contract-json.js';

const cursorSchema = z.object({ r: z.number(), i: z.uuid() });

function decodeCursor(raw: unknown): RankedRow | null {
  if (raw === undefined || raw === null || raw === '') return null;
  try {
    const parsed = cursorSchema.parse(JSON.parse(Buffer.from(String(raw), 'base64url').toString('utf8')));
    return { rank: parsed.r, id: parsed.i };
  } catch {
    throw badRequest('Invalid cursor', 'cursor');
  }
}
const encodeCursor = (row: RankedRow) =>
  Buffer.from(JSON.stringify({ r: row.rank, i: row.id }), 'utf8').toString('base64url');

export interface SearchQuery {
  q: unknown;
  topic: unknown;
  status: unknown;
  cursor: unknown;
}

/** The search text as typed, checked: 1 to 500 characters after trimming. */
export function searchText(raw: unknown): string {
  // Control characters (a NUL cannot even be sent to PostgreSQL) are not text anyone searches for.
  // eslint-disable-next-line no-control-regex
  const text = typeof raw === 'string' ? raw.replace(/[\u0000-\u0008\u000e-\u001f\u007f]/g, ' ').trim() : '';
  if (!text) throw badRequest(MSG.searchBlank, 'q');
  if (text.length > SEARCH_LIMITS.maxLength) throw badRequest(MSG.searchTooLong, 'q');
  return text;
}

/**
 * deps.cache: where search answers of public posts are kept (decision 022), null to ask the database every time
 * (SEARCH_CACHE=false).
 */
export function searchService(deps: { db: Db; posts: PostsService; cache: PublicCache | null }) {
  const { db, posts: postsService, cache } = deps;

  return {
    /**
     * GET /api/search as a public read: the answer every visitor gets alike comes from the cache, keyed by the
     * words searched for (so 'Window ' and 'window' share one), with a member's marks laid on top. Staff, and
     * searches of pending or denied posts, are answered from the database.
     */
    async publicSearch(viewer: Viewer | null, query: SearchQuery): Promise<PublicAnswer> {
      const text = searchText(query.q);
      const status = parseSearchStatus(query.status);
      if (!cache || viewer?.isStaff || STAFF_SEARCH_STATUSES.includes(status))
        return answerJson.searchResults(await this.search(viewer, query));
      // A bad cursor is a 400 before anything is cached under it.
      decodeCursor(query.cursor);
      const key = `api:search:${status}:${parseTopic(query.topic) ?? ''}:${String(query.cursor ?? '')}:${JSON.stringify(queryWords(text))}`;
      const entry = (await cache.read(key, async () => searchFill(await this.search(null, query))))!;
      return viewer ? listForMember(cache, viewer.id, entry, (ids) => memberMarks(db, viewer.id, ids)) : entry;
    },

    /** GET /api/search: ranked public posts (staff may also search pending or denied ones). */
    async search(viewer: Viewer | null, query: SearchQuery): Promise<SearchResults> {
      const text = searchText(query.q);
      const status = parseSearchStatus(query.status);
      if (STAFF_SEARCH_STATUSES.includes(status)) {
        if (!viewer) throw unauthorized();
        if (!viewer.isStaff) throw forbidden();
      }
      const filter = { status, topic: parseTopic(query.topic) };
      const after = decodeCursor(query.cursor);
      const publicOnly = !STAFF_SEARCH_STATUSES.includes(status);
      const built = buildQuery(await analyseWords(db, queryWords(text)), publicOnly);
      const { didYouMean } = built;
      if (!built.all) return { results: [], nextCursor: null, total: 0, totalCapped: false, didYouMean: null };

      const stats = await forumStats(db);
      let tsQuery = built.all;
      let matches = await rankedMatches(db, tsQuery, filter, after, LIMITS.pageSize + 1, stats);
      // No post has every word: rank the posts that have some of them (more words, better rank).
      if (matches.found === 0 && built.any) {
        tsQuery = built.any;
        matches = await rankedMatches(db, tsQuery, filter, after, LIMITS.pageSize + 1, stats);
      }
      // The cards of the page's posts came with their ranking, in the same round trip.
      const { page: ranked, found: counted, cards: rows } = matches;
      const more = ranked.length > LIMITS.pageSize;
      const shown = more ? ranked.slice(0, LIMITS.pageSize) : ranked;
      const ids = shown.map((r) => r.id);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const ordered = ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
      const cards = await postsService.summaries(ordered, viewer);
      const rankOf = new Map(shown.map((r) => [r.id, r.rank]));
      const last = shown[shown.length - 1];
      return {
        results: cards.map((post) => {
          const headline = byId.get(post.id);
          return {
            post,
            rank: rankOf.get(post.id) ?? 0,
            title: headline ? segmentsOf(headline.markedTitle) : [{ text: post.title, match: false }],
            // The card's plain-text preview with the words the headlines marked in the Markdown.
            preview: markWords(
              post.preview,
              headline ? markedWords(headline.markedTitle, headline.markedPreview) : new Set(),
            ),
          };
        }),
        nextCursor: more && last ? encodeCursor(last) : null,
        total: Math.min(counted, SEARCH_LIMITS.exactCount),
        totalCapped: counted > SEARCH_LIMITS.exactCount,
        didYouMean,
      };
    },
  };
}

export type SearchService = ReturnType<typeof searchService>;
