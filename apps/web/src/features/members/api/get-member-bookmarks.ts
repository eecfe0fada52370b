import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PostList } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { memberApiPath } from './get-member-profile';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/users/:username/bookmarks: only one's own (403 for anyone else's). */
export function getMemberBookmarks(username: string, cursor: string | null, signal?: AbortSignal) {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  return api<PostList>(`${memberApiPath(username)}/bookmarks${query}`, { signal });
}

/** Under ['bookmarks', ...]: every bookmark toggle invalidates it. */
export function memberBookmarksQueryOptions(username: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.bookmarks.member(username),
    queryFn: ({ pageParam, signal }) => getMemberBookmarks(username, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useMemberBookmarks(username: string) {
  return useInfiniteQuery(memberBookmarksQueryOptions(username));
}
