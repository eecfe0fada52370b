import { useQuery } from '@tanstack/react-query';
import type { MarkReadInput, ReadMark } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/posts/:id/read: read up to this reply (or the post, when it shows none). */
export function markRead(postId: string, input: MarkReadInput) {
  return api<ReadMark>(`/api/posts/${encodeURIComponent(postId)}/read`, { method: 'PUT', body: input });
}

/**
 * GET /api/posts/:id/read once as the page opens: how far the member had read before this visit. Kept as it was
 * while the page is open (the page marks it read at once, and the 'New' divider must stay where it was).
 */
export function useReadMarkAtOpen(postId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.readMark(postId),
    queryFn: ({ signal }) => api<ReadMark>(`/api/posts/${encodeURIComponent(postId)}/read`, { signal }),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnMount: 'always',
    retry: false,
  });
}
