import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TagCount } from '@fenestra/shared';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/** GET /api/tags: every tag on public questions with how many use it, most used first. */
export const tagsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.posts.tags,
    queryFn: ({ signal }) => api<{ tags: TagCount[] }>('/api/tags', { signal }),
    staleTime: 60_000,
  });

export function useTags(enabled = true) {
  return useQuery({ ...tagsQueryOptions(), enabled });
}
