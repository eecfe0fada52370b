import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReplyInput, Reply } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface CreateReplyVariables extends CreateReplyInput {
  postId: string;
}

/** POST /api/posts/:id/replies with the text and the ids of photos already uploaded (purpose 'reply'). */
export function createReply({ postId, ...reply }: CreateReplyVariables): Promise<Reply> {
  return api<Reply>(`/api/posts/${encodeURIComponent(postId)}/replies`, { method: 'POST', body: reply });
}

/** The post's replies and its count are read again; a refused reply on a solved post rereads the post too. */
export function useCreateReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createReply,
    onSettled: (_reply, _error, { postId }) => {
      void client.invalidateQueries({ queryKey: queryKeys.replies.of(postId) });
      void client.invalidateQueries({ queryKey: queryKeys.post.one(postId) });
    },
  });
}
