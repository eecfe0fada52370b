import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PostList } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/bookmarks: the member's saved posts, newest bookmark first, 20 a page. */
export function getBookmarks(cursor: string | null, signal?: AbortSignal) {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  return api<PostList>(`/api/bookmarks${query}`, { signal });
}

/** Invalidated by every bookmark toggle (api/post-toggles.ts). */
export const bookmarksQueryOptions = infiniteQueryOptions({
  queryKey: queryKeys.bookmarks.all,
  queryFn: ({ pageParam, signal }) => getBookmarks(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
});

export function useBookmarks() {
  return useInfiniteQuery(bookmarksQueryOptions);
}
