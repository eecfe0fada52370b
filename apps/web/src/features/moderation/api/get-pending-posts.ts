import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PostSummary } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/pending (staff only): every post waiting for review. */
export async function getPendingPosts(signal?: AbortSignal) {
  const { posts } = await api<{ posts: PostSummary[] }>('/api/admin/pending', { signal });
  // Oldest first: whoever has waited longest is reviewed first.
  return [...posts].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

export const pendingPostsQueryOptions = queryOptions({
  queryKey: queryKeys.admin.pending,
  queryFn: ({ signal }) => getPendingPosts(signal),
});

export function usePendingPosts() {
  return useQuery(pendingPostsQueryOptions);
}
