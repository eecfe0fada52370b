import { STATUS_FILTER_LABELS, type PostSummary } from './posts.js';

// Search and similar questions (issue 9; SPEC sections 2 'Search' and 7 search_posts).
export const SEARCH_LIMITS = {
  /** Search text is 1 to 500 characters; 'less than N' fires past N (DESIGN.md, ranges are inclusive). */
  maxLength: 500,
  /** 'Found N results' is exact up to here, then 'Found 1,000+ results'. */
  exactCount: 1000,
  /** Similar questions shown on the ask page and the post page. */
  similar: 5,
  /** The ask page sends at most this much of the description, so the address stays short. */
  similarDescription: 500,
  /** Milliseconds the ask page waits after the last keystroke before asking. */
  similarDebounceMs: 300,
} as const;

/** `status` of GET /api/search: everyone may ask for all, open or solved; pending and denied are for staff. */
export const SEARCH_STATUSES = ['all', 'open', 'solved', 'pending', 'denied'] as const;
export type SearchStatus = (typeof SEARCH_STATUSES)[number];
export const STAFF_SEARCH_STATUSES: readonly SearchStatus[] = ['pending', 'denied'];
// The list's labels (All Posts, Open, Solved), and two more for staff.
export const SEARCH_STATUS_LABELS: Record<SearchStatus, string> = {
  all: STATUS_FILTER_LABELS.all,
  open: STATUS_FILTER_LABELS.unsolved,
  solved: STATUS_FILTER_LABELS.solved,
  pending: 'Pending',
  denied: 'Denied',
};
export const ALL_TOPICS_LABEL = 'All Topics';

export function parseSearchStatus(value: unknown): SearchStatus {
  return (SEARCH_STATUSES as readonly unknown[]).includes(value) ? (value as SearchStatus) : 'all';
}

/** A piece of a title or preview; `match` pieces are the searched words, drawn as marks. */
export interface HighlightSegment {
  text: string;
  match: boolean;
}

export interface SearchResult {
  post: PostSummary;
  rank: number;
  title: HighlightSegment[];
  preview: HighlightSegment[];
}

export interface SearchResults {
  results: SearchResult[];
  nextCursor: string | null;
  /** Exact up to 1,000; past that 1,000 with `totalCapped`. */
  total: number;
  totalCapped: boolean;
  /** The query with misspelt words replaced by the nearest words of public posts, when any was. */
  didYouMean: string | null;
}

/** 'Found 1 result', 'Found 12 results', 'Found 1,000+ results'. */
export function foundResults(total: number, capped: boolean): string {
  if (capped) return `Found ${SEARCH_LIMITS.exactCount.toLocaleString('en-US')}+ results`;
  return total === 1 ? 'Found 1 result' : `Found ${total.toLocaleString('en-US')} results`;
}

export interface SimilarQuestion {
  id: string;
  title: string;
  status: 'open' | 'solved';
  score: number;
}
export interface SimilarQuestions {
  questions: SimilarQuestion[];
}
