import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ReplyPage } from '@fenestra/shared';
import { api } from '../../../lib/api-client';

/** GET /api/posts/:id/replies: pinned first, then oldest first, 200 a page (keyset cursor for 'Load more'). */
export function getReplies(postId: string, cursor: string | null, signal?: AbortSignal) {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  return api<ReplyPage>(`/api/posts/${encodeURIComponent(postId)}/replies${query}`, { signal });
}

/** Keyed ['replies', postId]: posting a reply and the live reply events invalidate it. */
export function repliesQueryOptions(postId: string) {
  return infiniteQueryOptions({
    queryKey: ['replies', postId] as const,
    queryFn: ({ pageParam, signal }) => getReplies(postId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useReplies(postId: string) {
  return useInfiniteQuery(repliesQueryOptions(postId));
}
