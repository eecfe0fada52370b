import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReplyActionResult } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type ReplyAction = 'pin' | 'unpin' | 'delete';
export interface ReplyActionInput {
  replyId: string;
  postId: string;
  action: ReplyAction;
}

/** POST /api/admin/replies/:id/{pin|unpin} or DELETE /api/admin/replies/:id (staff only). */
export function runReplyAction({ replyId, action }: ReplyActionInput) {
  const id = encodeURIComponent(replyId);
  return action === 'delete'
    ? api<ReplyActionResult>(`/api/admin/replies/${id}`, { method: 'DELETE' })
    : api<ReplyActionResult>(`/api/admin/replies/${id}/${action}`, { method: 'POST' });
}

/** The post's replies (order and pins) and its count are read again. */
export function useReplyAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runReplyAction,
    onSuccess: (_result, { postId }) => {
      void client.invalidateQueries({ queryKey: queryKeys.replies.of(postId) });
      void client.invalidateQueries({ queryKey: queryKeys.post.one(postId) });
    },
  });
}
