import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { HeldReplies, ReplyPage } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/posts/:id/replies: pinned first, then oldest first, 200 a page (keyset cursor for 'Load more'). */
export function getReplies(postId: string, cursor: string | null, signal?: AbortSignal) {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  return api<ReplyPage>(`/api/posts/${encodeURIComponent(postId)}/replies${query}`, { signal });
}

/** Keyed queryKeys.replies.of(postId): posting a reply and the live reply events invalidate it. */
export function repliesQueryOptions(postId: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.replies.of(postId),
    queryFn: ({ pageParam, signal }) => getReplies(postId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useReplies(postId: string) {
  return useInfiniteQuery(repliesQueryOptions(postId));
}

/**
 * GET /api/posts/:id/held-replies (members): their own replies waiting for review or hidden after flags, or all of
 * them for staff; under the post's replies key, so reply events refetch them too.
 */
export function useHeldReplies(postId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.replies.of(postId), 'held'],
    queryFn: ({ signal }) => api<HeldReplies>(`/api/posts/${encodeURIComponent(postId)}/held-replies`, { signal }),
    enabled,
  });
}
