import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SimilarQuestions } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/posts/:id/similar: up to 5 public questions like this one. */
export const postSimilarQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: queryKeys.posts.similar(postId),
    queryFn: ({ signal }) => api<SimilarQuestions>(`/api/posts/${encodeURIComponent(postId)}/similar`, { signal }),
    staleTime: 60_000,
  });

export function usePostSimilar(postId: string) {
  return useQuery(postSimilarQueryOptions(postId));
}
