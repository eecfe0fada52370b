import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ListScope, PostList, Sort, StatusFilter, Topic } from '@fenestra/shared';
import { api } from '../../../lib/api-client';

export interface PostListParams {
  scope: ListScope;
  filter: StatusFilter;
  topic: Topic | null;
  sort: Sort;
}

/** GET /api/posts: one page (20) of a list; `cursor` is the previous page's nextCursor. */
export function getPosts({ scope, filter, topic, sort }: PostListParams, cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ scope, filter, sort });
  if (topic) query.set('topic', topic);
  if (cursor) query.set('cursor', cursor);
  return api<PostList>(`/api/posts?${query}`, { signal });
}

/** Every list lives under ['posts', ...]: a like or a new post updates or invalidates them all at once. */
export function postsQueryOptions(params: PostListParams) {
  return infiniteQueryOptions({
    queryKey: ['posts', 'list', params] as const,
    queryFn: ({ pageParam, signal }) => getPosts(params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function usePosts(params: PostListParams) {
  return useInfiniteQuery(postsQueryOptions(params));
}
