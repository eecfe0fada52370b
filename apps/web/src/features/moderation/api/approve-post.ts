import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { settleReviewedPost } from './review-cache';

/** POST /api/admin/posts/:id/approve: the pending post becomes open and public. */
export function approvePost(postId: string) {
  return api<unknown>(`/api/admin/posts/${encodeURIComponent(postId)}/approve`, { method: 'POST' });
}

/** Removes the post from ['admin', 'pending'] and invalidates the stats, the post and the lists. */
export function useApprovePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: approvePost,
    onSuccess: (_result, postId) => settleReviewedPost(client, postId),
  });
}
