import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DenyInput } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { settleReviewedPost } from './review-cache';

export interface DenyPostInput extends DenyInput {
  postId: string;
}

/** POST /api/admin/posts/:id/deny `{ reason, banAuthor }`: denied with a reason, the author optionally banned. */
export function denyPost({ postId, reason, banAuthor }: DenyPostInput) {
  return api<unknown>(`/api/admin/posts/${encodeURIComponent(postId)}/deny`, {
    method: 'POST',
    body: { reason, banAuthor },
  });
}

/** Removes the post from ['admin', 'pending'] and invalidates the stats, the post and the lists. */
export function useDenyPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: denyPost,
    onSuccess: (_result, { postId }) => settleReviewedPost(client, postId),
  });
}
