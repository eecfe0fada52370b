import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditReplyInput, EditResult } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PATCH /api/replies/:id: the text, the photos kept and added, and the version the form was filled from. */
export function editReply(replyId: string, input: EditReplyInput): Promise<EditResult> {
  return api<EditResult>(`/api/replies/${encodeURIComponent(replyId)}`, { method: 'PATCH', body: input });
}

export function useEditReply(postId: string, replyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EditReplyInput) => editReply(replyId, input),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: queryKeys.replies.of(postId) })]),
  });
}
