import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/admin/images/:id/retry-detection (staff): a failed detection goes back to the queue. */
export function retryDetection(imageId: string) {
  return api<{ status: 'queued' | 'off' }>(`/api/admin/images/${encodeURIComponent(imageId)}/retry-detection`, {
    method: 'POST',
  });
}

export function useRetryDetection(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryDetection,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.post.one(postId) }),
  });
}
