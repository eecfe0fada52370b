import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ListScope, PostList, Sort, StatusFilter, Topic } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface PostListParams {
  scope: ListScope;
  filter: StatusFilter;
  topic: Topic | null;
  sort: Sort;
  /** A tag page's questions (/tags/:tag). */
  tag?: string;
}

/** GET /api/posts: one page (20) of a list; `cursor` is the previous page's nextCursor. */
export function getPosts(
  { scope, filter, topic, sort, tag }: PostListParams,
  cursor: string | null,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({ scope, filter, sort });
  if (topic) query.set('topic', topic);
  if (tag) query.set('tag', tag);
  if (cursor) query.set('cursor', cursor);
  return api<PostList>(`/api/posts?${query}`, { signal });
}

/** Every list lives under ['posts', ...]: a like or a new post updates or invalidates them all at once. */
export function postsQueryOptions(params: PostListParams) {
  return infiniteQueryOptions({
    queryKey: queryKeys.posts.list(params),
    queryFn: ({ pageParam, signal }) => getPosts(params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function usePosts(params: PostListParams) {
  return useInfiniteQuery(postsQueryOptions(params));
}
