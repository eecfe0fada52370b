import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptResult } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/posts/:id/accept {replyId}, or DELETE it to take the accepted answer back. */
export function setAcceptedAnswer(postId: string, replyId: string | null): Promise<AcceptResult> {
  const path = `/api/posts/${encodeURIComponent(postId)}/accept`;
  return replyId
    ? api<AcceptResult>(path, { method: 'POST', body: { replyId } })
    : api<AcceptResult>(path, { method: 'DELETE' });
}

/** The question's status and its replies' order change: both are refetched, and the lists (Answered). */
export function useAcceptAnswer(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (replyId: string | null) => setAcceptedAnswer(postId, replyId),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.post.one(postId) }),
        client.invalidateQueries({ queryKey: queryKeys.replies.of(postId) }),
        client.invalidateQueries({ queryKey: queryKeys.posts.all }),
      ]),
  });
}
