import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SearchResults, SearchStatus, Topic } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface SearchParams {
  q: string;
  topic: Topic | null;
  status: SearchStatus;
}

/** GET /api/search: one page (20) of ranked results; `cursor` is the previous page's nextCursor. */
export function searchPosts({ q, topic, status }: SearchParams, cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ q });
  if (topic) query.set('topic', topic);
  if (status !== 'all') query.set('status', status);
  if (cursor) query.set('cursor', cursor);
  return api<SearchResults>(`/api/search?${query}`, { signal });
}

// Under ['posts', ...] like every list, so a like or bookmark refreshes results as it does lists.
export function searchQueryOptions(params: SearchParams) {
  return infiniteQueryOptions({
    queryKey: queryKeys.posts.search(params),
    queryFn: ({ pageParam, signal }) => searchPosts(params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: params.q.length > 0,
  });
}

export function useSearchPosts(params: SearchParams) {
  return useInfiniteQuery(searchQueryOptions(params));
}
