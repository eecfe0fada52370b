import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PostList } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { memberApiPath } from './get-member-profile';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/users/:username/posts: their public posts, newest first, 20 a page. */
export function getMemberPosts(username: string, cursor: string | null, signal?: AbortSignal) {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  return api<PostList>(`${memberApiPath(username)}/posts${query}`, { signal });
}

/** Under ['posts', ...] like every list, so a new post or a like reaches it too. */
export function memberPostsQueryOptions(username: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.posts.member(username),
    queryFn: ({ pageParam, signal }) => getMemberPosts(username, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useMemberPosts(username: string) {
  return useInfiniteQuery(memberPostsQueryOptions(username));
}
